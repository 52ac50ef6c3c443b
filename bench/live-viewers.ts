// The bench's WHEP viewers (live-sfu.bench.ts), in a process of their own so their CPU is not counted as the SFU's.
// Asks the parent for each answer over IPC; counts the RTP packets each viewer receives and those it never got.
import nodeDataChannel from 'node-datachannel';
import { createViewer, openOf } from '../apps/server/src/modules/live/live-test-peers';

interface Counter {
  first: number | undefined;
  highest: number;
  cycles: number;
  received: number;
}

const viewers: Array<{ close(): void; counter: Counter }> = [];
const answers = new Map<number, (sdp: string | null) => void>();
let nextId = 1;

function count(counter: Counter, packet: Buffer) {
  if (packet.length < 12) return;
  const type = packet[1]! & 0x7f;
  if (type >= 64 && type <= 95) return;
  const seq = packet.readUInt16BE(2);
  counter.received++;
  if (counter.first === undefined) {
    counter.first = seq;
    counter.highest = seq;
    return;
  }
  const delta = (seq - counter.highest) & 0xffff;
  if (delta > 0 && delta < 0x8000) {
    if (seq < counter.highest) counter.cycles += 0x10000;
    counter.highest = seq;
  }
}

const ask = (offer: string) =>
  new Promise<string | null>((resolve) => {
    const id = nextId++;
    answers.set(id, resolve);
    process.send!({ type: 'offer', id, offer });
  });

async function addViewer(index: number) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const viewer = await createViewer(`bench-${index}`, false);
    const counter: Counter = { first: undefined, highest: 0, cycles: 0, received: 0 };
    viewer.video.onMessage((packet) => count(counter, packet));
    const answer = await ask(viewer.offer);
    if (!answer) throw new Error('the SFU refused a viewer');
    try {
      viewer.pc.setRemoteDescription(answer, 'answer');
      await openOf(viewer.video, 15_000);
      viewers.push({ close: () => viewer.close(), counter });
      return;
    } catch (error) {
      console.error(`viewer ${index}: ${String(error)}; trying again`);
      viewer.close();
    }
  }
  throw new Error('a viewer did not connect in four attempts');
}

process.on('message', async (message: { type: string; id?: number; sdp?: string | null; total?: number }) => {
  if (message.type === 'answer') {
    answers.get(message.id!)?.(message.sdp ?? null);
    answers.delete(message.id!);
  } else if (message.type === 'grow') {
    while (viewers.length < message.total!) await addViewer(viewers.length);
    process.send!({ type: 'grown', viewers: viewers.length });
  } else if (message.type === 'reset') {
    for (const { counter } of viewers) Object.assign(counter, { first: undefined, received: 0, cycles: 0 });
    process.send!({ type: 'reset-done' });
  } else if (message.type === 'report') {
    const lost = viewers.map(({ counter: c }) => (c.first === undefined ? 0 : Math.max(0, c.cycles + c.highest - c.first + 1 - c.received)));
    const received = viewers.map(({ counter: c }) => c.received);
    process.send!({ type: 'report', lost, received });
  } else if (message.type === 'stop') {
    for (const v of viewers) v.close();
    nodeDataChannel.cleanup();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
