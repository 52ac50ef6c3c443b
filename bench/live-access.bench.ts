// What the live-video access answer costs (decision record 061), printed and never asserted: every LL-HLS playlist
// and segment request and every WHEP handshake asks it (kept 1 s per camera and member), and each instance asks it
// again for all of its WHEP viewers every 2 s. On the embedded PGlite and on PostgreSQL (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/test, in a schema of its own, dropped at the end).
// Usage: npm run bench:live-access [-- --calls 2000 --viewers 400 --engines pglite,postgres]
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createServices } from '../apps/server/src/composition/create-services';
import type { Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../apps/server/src/db/pglite-database';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database';
import { benchPlatform } from './support/bench-platform';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '2000' },
    viewers: { type: 'string', default: '400' },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});
const CALLS = Number(values.calls);
const VIEWERS = Number(values.viewers);
const URL_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function quantiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95) };
}
const us = (ms: number) => `${(ms * 1000).toFixed(1).padStart(7)} µs`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: URL_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A free and a paid camera on air, VIEWERS members, each in a paid session of the paid camera. */
async function seed(db: Database): Promise<{ free: number; paid: number; members: number[] }> {
  await db.exec(`
    INSERT INTO models (name_en) VALUES ('Free Model'), ('Paid Model');
    INSERT INTO cameras (model_id, name, title, chat_mode, price_per_minute, created_at)
      VALUES (1, 'free-cam', 'Free', 'free', NULL, now()), (2, 'paid-cam', 'Paid', 'paid', 12, now());
    INSERT INTO camera_sessions (camera_id, source, started_at) VALUES (1, 'demo', now()), (2, 'demo', now());
    INSERT INTO users (username, email, password_hash) SELECT 'member' || g, 'member' || g || '@example.test', 'x' FROM generate_series(1, ${VIEWERS}) g;
    INSERT INTO chat_sessions (camera_id, model_id, user_id, kind, price_per_minute, started_at, paid_until, last_seen_at, minutes_charged, coins_charged)
      SELECT 2, 2, id, 'paid', 12, now(), now() + interval '1 hour', now(), 1, 12 FROM users;
    ANALYZE;
  `);
  const members = (await db.query<{ id: number }>('SELECT id FROM users ORDER BY id')).map((r) => r.id);
  return { free: 1, paid: 2, members };
}

async function measure(engine: 'pglite' | 'postgres') {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  let db: Database;
  if (engine === 'postgres') {
    await admin(`CREATE SCHEMA ${schema}`);
    db = openPostgresDatabase({ connectionString: URL_ADMIN, searchPath: schema, max: 20 });
  } else {
    db = await openPgliteDatabase(undefined);
  }
  try {
    await migrate(db);
    const { free, paid, members } = await seed(db);
    const services = createServices(benchPlatform(db, schema));
    const { watchAccess, watchAccessOfMembers } = services.cameras;

    const time = async (calls: number, fn: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 50; i++) await fn(i);
      const samples: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        await fn(i);
        samples.push(performance.now() - started);
      }
      const used = process.cpuUsage(cpu);
      return { ...quantiles(samples), cpuMs: (used.user + used.system) / 1000 / calls };
    };
    const member = (i: number) => members[i % members.length]!;
    const rows: Array<[string, Awaited<ReturnType<typeof time>>]> = [
      // A miss: what the first request of a member in each second costs (the answer read fresh).
      ['free camera, read fresh', await time(CALLS, (i) => watchAccessOfMembers(free, [member(i)]))],
      ['paid camera, read fresh', await time(CALLS, (i) => watchAccessOfMembers(paid, [member(i)]))],
      // A hit: the other requests of that second.
      ['paid camera, kept', await time(CALLS, () => watchAccess(paid, members[0]!))],
      [`re-check of ${VIEWERS} WHEP viewers`, await time(Math.max(20, Math.floor(CALLS / 50)), () => watchAccessOfMembers(paid, members))],
    ];
    console.log(`\n${engine}:`);
    for (const [name, r] of rows) console.log(`  ${name.padEnd(34)} median ${us(r.median)}   p95 ${us(r.p95)}   CPU of this process ${us(r.cpuMs)}`);
  } finally {
    await db.close();
    if (engine === 'postgres') await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

async function main() {
  console.log(`live access answer: ${CALLS} calls per case, ${VIEWERS} members (Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  for (const engine of values.engines.split(',')) await measure(engine === 'postgres' ? 'postgres' : 'pglite');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
