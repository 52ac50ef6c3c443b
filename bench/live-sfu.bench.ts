// Viewers per core of the embedded SFU at 720p (decision record 033): a 720p VP8 stream at 1.5 Mbit/s (ffmpeg
// testsrc2 into an RTP ingest) forwarded to N WHEP viewers (node-datachannel peers in a child process of their own).
// Measures the SFU process's CPU (from /proc, its libdatachannel threads included) and the packets each viewer lost.
// Printed, never asserted. Usage: npm run bench:live [-- --viewers 25,50,100,200 --seconds 10]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createEmbeddedMediaServer } from '../apps/server/src/modules/live/embedded-media-server';
import { startTestPattern } from '../apps/server/src/modules/live/live-test-peers';

const { values } = parseArgs({ options: { viewers: { type: 'string', default: '25,50,100,200' }, seconds: { type: 'string', default: '10' } } });
const STEPS = values.viewers.split(',').map(Number);
const SECONDS = Number(values.seconds);
const CLOCK_TICKS = 100;
const ROOM = 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has used (user + system, all its threads). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, { error: console.error, warn: console.warn });
const sfuPid = media.pid!;
const ingest = await media.openRtpIngest(ROOM, 'demo', 'VP8');
const source = startTestPattern({ ...ingest, size: '1280x720', rate: 30, bitrate: '1500k' });
await sleep(3000);

const child = fork(fileURLToPath(new URL('./live-viewers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
const waiting = new Map<string, (message: Record<string, unknown>) => void>();
const next = (type: string) => new Promise<Record<string, unknown>>((resolve) => waiting.set(type, resolve));
child.on('message', async (message: Record<string, unknown>) => {
  if (message.type === 'offer') {
    const answer = await media.view(ROOM, message.offer as string, `bench-${String(message.id)}`).catch((error: unknown) => (console.error(error), null));
    child.send({ type: 'answer', id: message.id, sdp: answer?.sdp ?? null });
    return;
  }
  waiting.get(message.type as string)?.(message);
});
await next('ready');
console.error('viewers process ready; stream in:', media.stats(ROOM));

const rows: string[] = [];
for (const total of STEPS) {
  child.send({ type: 'grow', total });
  await next('grown');
  await sleep(3000);
  child.send({ type: 'reset' });
  await next('reset-done');
  const cpuBefore = cpuSeconds(sfuPid);
  const started = Date.now();
  await sleep(SECONDS * 1000);
  const cpu = (cpuSeconds(sfuPid) - cpuBefore) / ((Date.now() - started) / 1000);
  child.send({ type: 'report' });
  const report = (await next('report')) as { lost: number[]; received: number[] };
  const stats = media.stats(ROOM);
  const lossRates = report.lost.map((lost, i) => lost / Math.max(1, lost + report.received[i]!));
  const meanLoss = lossRates.reduce((a, b) => a + b, 0) / lossRates.length;
  const worstLoss = Math.max(...lossRates);
  const packetsPerViewer = report.received.reduce((a, b) => a + b, 0) / report.received.length / SECONDS;
  rows.push(
    `| ${total} | ${(cpu * 100).toFixed(1)} % | ${((cpu * 100) / total).toFixed(2)} % | ${cpu > 0 ? Math.floor(total / cpu) : '∞'} | ${(stats.inboundBitrate / 1e6).toFixed(2)} Mbit/s | ${packetsPerViewer.toFixed(0)} | ${(meanLoss * 100).toFixed(2)} % | ${(worstLoss * 100).toFixed(2)} % |`,
  );
  console.log(rows.at(-1));
}

console.log('\n| viewers | SFU CPU (of one core) | per viewer | viewers per core | stream in | packets/s per viewer | loss, mean | loss, worst viewer |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

child.send({ type: 'stop' });
await source.stop();
await ingest.close();
await media.close();
process.exit(0);
