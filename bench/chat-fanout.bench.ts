// Fan-out of camera chat (decisions 036–039): a room `chat:<camera id>` of N logged-in members, each connected and joined, and
// the camera's model writing through the real `chat:send` event at a steady rate. Printed, never asserted:
// - send → receipt latency at every member, p50 / p95 / p99 / max, and the model's acknowledgement;
// - sockets per instance (the instance's open connections) and the CPU of each process and of the machine;
// - on one instance, on one instance with Redis, and on two instances behind Redis (N/2 + N/2, one PostgreSQL).
// Servers and members each run in processes of their own (bench/chat-fanout-server.ts, chat-fanout-clients.ts), so
// no member shares a server's event loop; the model writes from this process. All share the machine's one clock.
// Usage: npm run bench:chat [-- --clients 1000 --rate 1.5 --seconds 30 --scenarios one,one-redis,two --rounds 1 --event chat|test]
// With --rounds N the cases take turns N times (one, two, one, two, …) and the medians of their rounds are compared.
// `--event test` sends a stand-in event of the bench (the same payload, pushed to the room without the database).
// PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), the app's tables in a schema of
// the bench's own, dropped at the end. Redis: REDIS_URL (default redis://127.0.0.1:6379), under a key prefix of its own.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { CHAT_CLIENT_EVENTS, REALTIME_PATH, roomName, type RealtimeAck } from '@velora/shared';
import { migrate } from '../apps/server/src/db/migrate';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database';
import { asMember, createCamera, createModel, goLive } from '../apps/server/test/factories';
import { deleteRedisKeys, redisUnavailable, TEST_REDIS_URL } from '../apps/server/test/realtime-clients';
import { buildTestApp, TEST_POSTGRES_URL } from '../apps/server/test/test-app';
import { BenchSend, benchText, now, type ClientsStart, type ServerStart } from './chat-fanout-protocol';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    // The channel lets one user send 20 events per 10 s (DEFAULT_EVENT_RATE_LIMIT), the model's chat:send too: 2/s
    // exactly is refused now and then when sends bunch up, 1.5/s never.
    rate: { type: 'string', default: '1.5' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    scenarios: { type: 'string', default: 'one,one-redis,two' },
    event: { type: 'string', default: 'chat' },
    'client-processes': { type: 'string', default: '4' },
    rounds: { type: 'string', default: '1' },
  },
});
const CLIENTS = Number(values.clients);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const CLIENT_PROCESSES = Number(values['client-processes']);
/** The cases take turns this many times, so each meets the same load of whatever else the machine runs. */
const ROUNDS = Number(values.rounds);
const TEST_EVENT = values.event === 'test';
if (values.event !== 'chat' && values.event !== 'test') throw new Error('--event is chat or test');
const SCENARIOS = {
  one: { label: '1 instance', instances: 1, redis: false },
  'one-redis': { label: '1 instance, Redis adapter', instances: 1, redis: true },
  two: { label: '2 instances, Redis', instances: 2, redis: true },
} as const;
type ScenarioName = keyof typeof SCENARIOS;
const SCENARIO_NAMES = values.scenarios.split(',').map((s) => s.trim()) as ScenarioName[];
for (const name of SCENARIO_NAMES) if (!(name in SCENARIOS)) throw new Error(`unknown scenario ${name}`);
for (const [name, n] of Object.entries({ clients: CLIENTS, rate: RATE, seconds: SECONDS, 'client-processes': CLIENT_PROCESSES, rounds: ROUNDS })) {
  if (!(n > 0)) throw new Error(`--${name} takes a positive number`);
}
const SEND_EVENT = TEST_EVENT ? BenchSend.name : CHAT_CLIENT_EVENTS.send.name;
const CLOCK_TICKS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Nearest rank: the smallest sample with at least p % of the samples at or below it. */
const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** CPU seconds a process has used (user + system, all its threads). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** Busy and total jiffies of the whole machine. */
function machineTicks(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A child process speaking in typed messages: `next(type)` is the next message of that type. */
function child(file: string) {
  const proc: ChildProcess = fork(fileURLToPath(new URL(file, import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const waiting = new Map<string, Array<(message: Record<string, unknown>) => void>>();
  proc.on('message', (message: Record<string, unknown>) => {
    const queue = waiting.get(message.type as string);
    queue?.shift()?.(message);
  });
  const next = <T = Record<string, unknown>>(type: string, timeoutMs = 120_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${file}: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      const queue = waiting.get(type) ?? [];
      queue.push((message) => {
        clearTimeout(timer);
        resolve(message as T);
      });
      waiting.set(type, queue);
    });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, pid: proc.pid!, next, exited, send: (message: object) => proc.send(message) };
}
type Child = ReturnType<typeof child>;

// ---- The site: one PostgreSQL schema, a live camera, its model and N members with sessions ----

const schema = `bench_chat_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
await admin.end();
const db = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, searchPath: schema, max: 10 });
await migrate(db);

const needsRedis = SCENARIO_NAMES.some((name) => SCENARIOS[name].redis);
const redisError = needsRedis ? await redisUnavailable() : null;
if (redisError) throw new Error(`Redis at ${TEST_REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);

console.error(`seeding ${CLIENTS} members in ${schema} …`);
const setup = await buildTestApp({ db });
const catalogModel = await createModel(setup);
const model = await asMember(setup, { modelId: catalogModel.id, username: 'bench_model' });
const camera = await createCamera(setup, { modelId: catalogModel.id, name: 'bench-cam' });
await goLive(setup, camera.id);
const tokens: string[] = [];
for (let i = 0; i < CLIENTS; i += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => asMember(setup, { username: `bench_member_${i + j}` })));
  tokens.push(...batch.map((member) => member.token));
}
await setup.close();
const room = roomName('chat', camera.id);

interface Report {
  latencies: number[];
  received: number;
  connected: number;
  failures: string[];
  lagP99: number;
}

async function runScenario(name: ScenarioName) {
  const scenario = SCENARIOS[name];
  const redisKey = `bench-chat-${randomBytes(5).toString('hex')}`;
  const servers: Child[] = [];
  const clientProcs: Array<Child & { instance: number }> = [];
  let modelSocket: Socket | null = null;
  try {
    const ports: number[] = [];
    for (let i = 0; i < scenario.instances; i += 1) {
      const server = child('./chat-fanout-server.ts');
      servers.push(server);
      const start: ServerStart = { type: 'start', schema, redisUrl: scenario.redis ? TEST_REDIS_URL : null, redisKey, testEvent: TEST_EVENT };
      server.send(start);
      ports.push((await server.next<{ port: number }>('listening')).port);
    }

    // Members spread over the instances (N/2 + N/2 on two), each instance's share over its own processes.
    const perProcess = Math.ceil(CLIENTS / CLIENT_PROCESSES);
    for (let p = 0; p < CLIENT_PROCESSES; p += 1) {
      const share = tokens.slice(p * perProcess, (p + 1) * perProcess);
      if (share.length === 0) continue;
      const instance = Math.floor((p * scenario.instances) / CLIENT_PROCESSES);
      const proc = Object.assign(child('./chat-fanout-clients.ts'), { instance });
      clientProcs.push(proc);
      const start: ClientsStart = { type: 'start', url: `http://127.0.0.1:${ports[instance]}`, tokens: share, room };
      proc.send(start);
    }
    const ready = await Promise.all(clientProcs.map((proc) => Promise.race([proc.next<{ sockets: number }>('ready'), proc.next<{ error: string }>('failed')])));
    for (const answer of ready) if ('error' in answer) throw new Error(`members could not connect: ${answer.error}`);

    // The model writes from the first instance (on two, half the members hear her through Redis).
    modelSocket = connect(`http://127.0.0.1:${ports[0]}`, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: model.token } });
    await new Promise<void>((resolve, reject) => {
      modelSocket!.once('connect', () => resolve());
      modelSocket!.once('connect_error', reject);
    });
    const joined = (await modelSocket.timeout(30_000).emitWithAck('room:join', { room })) as RealtimeAck<{ presence: { count: number } }>;
    if (!joined.ok) throw new Error(`the model could not join ${room}: ${joined.error.code} ${joined.error.message}`);
    const sockets: number[] = [];
    for (const server of servers) {
      server.send({ type: 'connections' });
      sockets.push((await server.next<{ count: number }>('connections')).count);
    }
    console.error(`${scenario.label}: ${ready.reduce((n, r) => n + (r as { sockets: number }).sockets, 0)} members connected, presence ${joined.presence.count}`);
    await sleep(1_000);

    const warmupCount = Math.round(WARMUP * RATE);
    const total = warmupCount + Math.round(SECONDS * RATE);
    for (const proc of clientProcs) proc.send({ type: 'record', fromSeq: warmupCount });
    await Promise.all(clientProcs.map((proc) => proc.next('recording')));

    const acks: Array<Promise<{ ms: number; ok: boolean; code?: string; measured: boolean }>> = [];
    const started = now();
    let cpuStart: number[] = [];
    let machineStart = machineTicks();
    let measuredFrom = 0;
    for (let seq = 0; seq < total; seq += 1) {
      const due = started + (seq * 1000) / RATE;
      const wait = due - now();
      if (wait > 0) await sleep(wait);
      if (seq === warmupCount) {
        cpuStart = [...servers, ...clientProcs].map((c) => cpuSeconds(c.pid)).concat(cpuSeconds(process.pid));
        for (const server of servers) server.send({ type: 'lag-reset' });
        machineStart = machineTicks();
        measuredFrom = now();
      }
      const sentAt = now();
      const payload = { camera_id: camera.id, text: benchText(seq, sentAt) };
      acks.push(
        (modelSocket.timeout(10_000).emitWithAck(SEND_EVENT, payload) as Promise<RealtimeAck>).then(
          (ack) => ({ ms: now() - sentAt, ok: ack.ok, code: ack.ok ? undefined : ack.error.code, measured: seq >= warmupCount }),
          () => ({ ms: now() - sentAt, ok: false, code: 'TIMEOUT', measured: seq >= warmupCount }),
        ),
      );
    }
    const answered = await Promise.all(acks);
    await sleep(1_000);
    const seconds = (now() - measuredFrom) / 1000;
    const cpuEnd = [...servers, ...clientProcs].map((c) => cpuSeconds(c.pid)).concat(cpuSeconds(process.pid));
    const machineEnd = machineTicks();
    const cpu = cpuEnd.map((end, i) => (100 * (end - cpuStart[i]!)) / seconds);

    const serverLag: number[] = [];
    for (const server of servers) {
      server.send({ type: 'lag' });
      serverLag.push((await server.next<{ p99: number }>('lag')).p99);
    }
    const reports = await Promise.all(
      clientProcs.map(async (proc) => {
        proc.send({ type: 'report' });
        return proc.next<Report>('report');
      }),
    );
    const measuredAcks = answered.filter((a) => a.measured);
    const refused = measuredAcks.filter((a) => !a.ok);
    const sent = measuredAcks.length;
    const all = Float64Array.from(reports.flatMap((r) => r.latencies)).sort();
    const byInstance = servers.map((_, i) =>
      Float64Array.from(reports.filter((_, j) => clientProcs[j]!.instance === i).flatMap((r) => r.latencies)).sort(),
    );
    const ackMs = Float64Array.from(measuredAcks.map((a) => a.ms)).sort();
    const codes = [...new Set(refused.map((a) => a.code))].join(', ');
    return {
      name,
      label: scenario.label,
      sockets,
      sent,
      refused: refused.length,
      codes,
      received: all.length,
      expected: (sent - refused.length) * CLIENTS,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      p99: percentile(all, 99),
      max: all[all.length - 1] ?? Number.NaN,
      byInstance: byInstance.map((xs) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) })),
      ackP50: percentile(ackMs, 50),
      ackP99: percentile(ackMs, 99),
      serverCpu: cpu.slice(0, servers.length),
      serverLag,
      membersLag: Math.max(...reports.map((r) => r.lagP99)),
      clientCpu: cpu.slice(servers.length, servers.length + clientProcs.length).reduce((a, b) => a + b, 0),
      modelCpu: cpu[cpu.length - 1]!,
      machineCpu: (100 * os.cpus().length * (machineEnd.busy - machineStart.busy)) / (machineEnd.total - machineStart.total),
      failures: reports.flatMap((r) => r.failures),
      connectedAtEnd: reports.reduce((n, r) => n + r.connected, 0),
    };
  } finally {
    modelSocket?.close();
    for (const proc of clientProcs) proc.send({ type: 'stop' });
    await Promise.all(clientProcs.map((proc) => proc.exited));
    for (const server of servers) server.send({ type: 'stop' });
    await Promise.all(servers.map((server) => server.exited));
    if (scenario.redis) await deleteRedisKeys(redisKey);
  }
}

type Result = Awaited<ReturnType<typeof runScenario>> & { round: number };
const results: Result[] = [];
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const name of SCENARIO_NAMES) {
      console.error(`round ${round}/${ROUNDS}: ${SCENARIOS[name].label}`);
      results.push({ ...(await runScenario(name)), round });
    }
  }
} finally {
  await db.close();
  const drop = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await drop.connect();
  await drop.query(`DROP SCHEMA ${schema} CASCADE`);
  await drop.end();
}

const pct = (x: number) => `${x.toFixed(0)} %`;
console.log(
  `\nChat fan-out: ${CLIENTS} members in ${room}, the model sending \`${SEND_EVENT}\` at ${RATE}/s for ${SECONDS} s (after ${WARMUP} s warm-up); ` +
    `${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end), members in ${CLIENT_PROCESSES} processes of their own. ` +
    `CPU in % of one core over the ${SECONDS} s; machine CPU counts every process, other work on the machine included.\n`,
);
console.log('| case | round | sockets per instance (the model’s included) | sent (refused) | receipts / expected | p50 | p95 | p99 | max | ack p50 / p99 | server CPU | members CPU | machine CPU | event loop delay p99: servers / members |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.label} | ${r.round} | ${r.sockets.join(' + ')} | ${r.sent} (${r.refused}${r.codes ? ` ${r.codes}` : ''}) | ${r.received} / ${r.expected} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ` +
      `${r.ackP50.toFixed(1)} / ${r.ackP99.toFixed(1)} ms | ${r.serverCpu.map(pct).join(' + ')} | ${pct(r.clientCpu)} | ${pct(r.machineCpu)} | ${r.serverLag.map((x) => x.toFixed(0)).join(' + ')} / ${r.membersLag.toFixed(0)} ms |`,
  );
}
for (const r of results) {
  if (r.byInstance.length > 1) console.log(`\n${r.label}, round ${r.round}, by the members' instance (the model on the first): ${r.byInstance.map((x, i) => `#${i + 1} p50 ${ms(x.p50)}, p99 ${ms(x.p99)}`).join('; ')}`);
  if (r.failures.length > 0 || r.connectedAtEnd !== CLIENTS) console.log(`${r.label}: ${r.connectedAtEnd} of ${CLIENTS} still connected; ${r.failures.join('; ')}`);
}
/** The median of the rounds' figures of a case (the lower middle one of an even count). */
const medianOf = (name: ScenarioName, pick: (r: Result) => number) => {
  const xs = results.filter((r) => r.name === name).map(pick).sort((a, b) => a - b);
  return xs.length === 0 ? null : xs[Math.floor((xs.length - 1) / 2)]!;
};
const oneP99 = medianOf('one', (r) => r.p99);
const twoP99 = medianOf('two', (r) => r.p99);
const of = ROUNDS > 1 ? ` (median of ${ROUNDS} rounds)` : '';
console.log('');
if (oneP99 !== null) console.log(`Goal: p99 ≤ 50 ms on one instance — measured ${ms(oneP99)}${of}: ${oneP99 <= 50 ? 'met' : 'NOT met'}.`);
if (oneP99 !== null && twoP99 !== null) {
  console.log(`Goal: two instances within 2 × one — p99 ${ms(twoP99)}${of} = ${(twoP99 / oneP99).toFixed(2)} × one: ${twoP99 <= 2 * oneP99 ? 'met' : 'NOT met'}.`);
}
process.exit(0);
