import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { forkChild, spawnChild } from '../src/lib/child-processes';
import { findFfmpeg } from '../src/lib/ffmpeg';
import { startDemoStreams } from '../src/modules/live/demo-streams';
import { createEmbeddedMediaServer } from '../src/modules/live/embedded-media-server';

// A parent process for child-processes.test.ts, which kills it with SIGKILL and then looks for its children in /proc.
// Modes: `helper` starts a plain child and a forked Node child through the helper, then lets other threads of its
// own come and go (a worker thread, the libuv pool); `live` runs what the server runs for live cams: the embedded SFU
// and two demo-stream encoders. Either prints one line of JSON with the pids once they run; `idle` is the forked child.

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
const mode = process.argv[2];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

if (mode === 'idle') {
  setInterval(() => undefined, 60_000);
} else if (mode === 'helper') {
  const plain = spawnChild('sleep', ['300'], { stdio: 'ignore' });
  const forked = forkChild(fileURLToPath(import.meta.url), ['idle'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // PR_SET_PDEATHSIG fires when the thread that started the child ends: other threads ending must not matter.
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker('setTimeout(() => {}, 50)', { eval: true });
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  await Promise.all([fs.readFile(fileURLToPath(import.meta.url)), new Promise((resolve) => crypto.pbkdf2('x', 'y', 1000, 32, 'sha256', resolve))]);
  say({ children: [plain.pid, forked.pid] });
  setInterval(() => undefined, 60_000);
} else if (mode === 'live') {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('needs ffmpeg');
  const media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, silent);
  const publishing = new Set<number>();
  media.on((event) => event.type === 'publisher-up' && publishing.add(event.room));
  const demo = await startDemoStreams({ media, ffmpeg, log: silent, cameraIds: [1, 2], width: 320, height: 240, fps: 15, bitrateK: 300, fontFile: null });
  const timer = setInterval(() => {
    const encoders = demo.running().map((r) => r.pid);
    if (publishing.size < 2 || encoders.length < 2) return;
    clearInterval(timer);
    say({ children: [media.pid, ...encoders] });
    setInterval(() => undefined, 60_000);
  }, 50);
} else {
  throw new Error(`unknown mode ${mode}`);
}
