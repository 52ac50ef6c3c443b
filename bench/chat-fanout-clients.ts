// Members' browsers for chat-fanout.bench.ts, in a process of their own (never on a server's event loop): each opens
// its share of socket.io connections to one instance, logged in, joins the chat room, and times every chat message
// from the moment the model sent it (written into the text) to its arrival, on the machine's one clock
// (performance.timeOrigin + performance.now() is the same wall clock in every process of the machine).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_CHAT_EVENTS, REALTIME_PATH, type ChatMessage, type RealtimeAck } from '@velora/shared';
import { BENCH_TEXT, now, type ClientsStart } from './chat-fanout-protocol';

const CONNECTING_AT_ONCE = 25;

const sockets: Socket[] = [];
let latencies: number[] = [];
/** Messages before this one are the warm-up. */
let fromSeq = Number.POSITIVE_INFINITY;
let received = 0;
const failures: string[] = [];
/** How late this process's event loop runs: a receipt is timed only when its callback runs. */
const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();

function listen(socket: Socket) {
  socket.on(REALTIME_CHAT_EVENTS.message, (message: ChatMessage) => {
    const at = now();
    const match = BENCH_TEXT.exec(message.text);
    if (!match || Number(match[1]) < fromSeq) return;
    received += 1;
    latencies.push(at - Number(match[2]));
  });
  socket.on('disconnect', (reason) => failures.push(`disconnected: ${reason}`));
}

async function open(url: string, token: string, room: string): Promise<void> {
  const socket = connect(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(30_000).emitWithAck('room:join', { room })) as RealtimeAck;
  if (!ack.ok) throw new Error(`room:join ${room}: ${ack.error.code} ${ack.error.message}`);
  listen(socket);
}

process.on('message', async (message: ClientsStart | { type: 'record'; fromSeq: number } | { type: 'report' } | { type: 'stop' }) => {
  if (message.type === 'start') {
    try {
      for (let i = 0; i < message.tokens.length; i += CONNECTING_AT_ONCE) {
        await Promise.all(message.tokens.slice(i, i + CONNECTING_AT_ONCE).map((token) => open(message.url, token, message.room)));
      }
      process.send!({ type: 'ready', sockets: sockets.filter((s) => s.connected).length });
    } catch (error) {
      process.send!({ type: 'failed', error: String(error) });
    }
  } else if (message.type === 'record') {
    latencies = [];
    received = 0;
    fromSeq = message.fromSeq;
    lag.reset();
    process.send!({ type: 'recording' });
  } else if (message.type === 'report') {
    process.send!({ type: 'report', latencies, received, connected: sockets.filter((s) => s.connected).length, failures: failures.slice(0, 5), lagP99: lag.percentile(99) / 1e6 });
  } else if (message.type === 'stop') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
