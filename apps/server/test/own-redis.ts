import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

// A Redis of the test's own, on a free port: a test that stops Redis must never stop the one every other test shares.

export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** A TCP port nothing listens on (the OS picks a free one, and it is closed again at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface OwnRedis {
  port: number;
  url: string;
  /** Starts it (again, on the same port); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: gone without a goodbye, as a crash is); resolves once the process has exited. */
  kill(): Promise<void>;
  /** Stops it answering while its connections stay open (SIGSTOP: a hung Redis, or a network that drops packets). */
  pause(): void;
  /** Lets a paused Redis answer again (SIGCONT). */
  resume(): void;
}

/** A redis-server of this test on a free port, without persistence; started by start(), killed by kill(). */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child = started;
      started.once('exit', () => {
        if (child === started) child = null;
      });
      const until = Date.now() + 10_000;
      while (!(await accepts(port))) {
        if (Date.now() > until) throw new Error(`redis-server on port ${port} did not start within 10 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async kill() {
      const running = child;
      if (!running) return;
      // A paused process only dies once it may run again.
      running.kill('SIGCONT');
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
