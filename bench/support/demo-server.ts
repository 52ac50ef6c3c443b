import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The embedded demo server as the browser benches start it: node + tsx on its own port and data folder (PGlite, the
// demo seed), no live demo streams, no PostgreSQL or Redis from the environment.

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DemoServerOptions {
  port: number;
  rtmpPort: number | string;
  dataDir: string;
  /** Empty the data folder first: the start seeds the demo again. */
  fresh: boolean;
  /** The API path that answers 200 once the server is ready. */
  readyPath: string;
  /** More environment for this bench's server. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface DemoServer {
  child: ChildProcess;
  url: string;
  logs(): string;
  stop(): Promise<void>;
}

export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  if (options.fresh) fs.rmSync(options.dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${options.port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: `http://localhost:${options.port}`,
      RTMP_PORT: String(options.rtmpPort),
      LIVE_DEMO_STREAMS: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };

  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/api${options.readyPath}`).then((r) => r.ok, () => false);
    if (ready) return { child, url, logs: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
