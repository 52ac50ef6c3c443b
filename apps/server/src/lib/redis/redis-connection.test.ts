import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ownRedis, type OwnRedis } from '../../../test/own-redis';
import { REDIS_COMMAND_TIMEOUT_MS, openRedisConnection, type RedisConnection, type RedisLog } from './redis-connection';

// The connection never blocks start-up, fails commands at once while Redis is away, tells up from down, says so once
// per change, and comes back by itself. Each test uses a Redis of its own (or a port where nothing listens).

function capturingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; msg: string }[] = [];
  const at =
    (level: 'info' | 'warn' | 'error') =>
    (_obj: object, msg: string) =>
      void lines.push({ level, msg });
  const log: RedisLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

async function until(what: string, test: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

const opened: RedisConnection[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

describe('with nothing listening at REDIS_URL', () => {
  it('opens without throwing, reports down, fails a command at once and warns once', async () => {
    const port = await freePort();
    const { log, lines } = capturingLog();
    const connection = openRedisConnection(`redis://127.0.0.1:${port}`, { log });
    opened.push(connection);
    expect(connection.state()).toBe('down');

    await until('the start-up warning', () => lines.length > 0);
    const started = Date.now();
    await expect(connection.client.get('anything')).rejects.toThrow();
    // Sooner than a command's timeout: it failed without waiting for Redis (a fixed 100 ms is a bound a busy machine misses by chance).
    expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    expect(await connection.ping()).toBe(false);

    // Reconnect attempts go on quietly: one line, however long it stays away.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(lines).toEqual([{ level: 'warn', msg: expect.stringMatching(new RegExp(`Redis at 127\\.0\\.0\\.1:${port} is unreachable`)) }]);
    expect(connection.state()).toBe('down');
  });
});

describe('with a Redis that goes away and comes back', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await ownRedis();
  });
  afterAll(async () => {
    await redis?.kill();
  });

  it('is up, then down at once when Redis dies, then up again by itself when it returns, saying each once', async () => {
    await redis.start();
    const { log, lines } = capturingLog();
    const connection = openRedisConnection(redis.url, { log });
    opened.push(connection);
    const changes: string[] = [];
    connection.onChange((state) => changes.push(state));
    await until('the connection', () => connection.state() === 'up');
    expect(await connection.client.set('k', 'v')).toBe('OK');
    expect(await connection.ping()).toBe(true);

    await redis.kill();
    const noticed = await until('the loss', () => connection.state() === 'down');
    expect(noticed).toBeLessThan(1_000);
    const started = Date.now();
    await expect(connection.client.get('k')).rejects.toThrow();
    // Sooner than a command's timeout: it failed without waiting for Redis (a fixed 100 ms is a bound a busy machine misses by chance).
    expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    expect(await connection.ping()).toBe(false);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(lines.filter((l) => l.level !== 'info')).toEqual([{ level: 'error', msg: expect.stringMatching(/Redis at 127\.0\.0\.1:\d+ connection lost/) }]);

    await redis.start();
    const recovered = await until('the recovery', () => connection.state() === 'up');
    // The reconnect delay is capped, so it is back within the cap (plus a little) of Redis returning.
    expect(recovered).toBeLessThan(3_000);
    expect(await connection.client.set('k', 'again')).toBe('OK');
    expect(lines.at(-1)).toEqual({ level: 'info', msg: expect.stringMatching(/Redis at 127\.0\.0\.1:\d+ is back/) });
    expect(changes).toEqual(['up', 'down', 'up']);
  });

  it('drops the connection when Redis hangs, so only the first call waits out the timeout, and resumes with it', async () => {
    await redis.start();
    const { log, lines } = capturingLog();
    const connection = openRedisConnection(redis.url, { log });
    opened.push(connection);
    await until('the connection', () => connection.state() === 'up');

    redis.pause();
    try {
      let started = Date.now();
      await expect(connection.client.get('k')).rejects.toThrow(/timed out/);
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 300);
      await until('the drop', () => connection.state() === 'down', 1_000);
      started = Date.now();
      await expect(connection.client.get('k')).rejects.toThrow();
      // Sooner than a command's timeout: it failed without waiting for Redis (a fixed 100 ms is a bound a busy machine misses by chance).
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
      expect(await connection.ping()).toBe(false);
      expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    } finally {
      redis.resume();
    }
    await until('the recovery', () => connection.state() === 'up');
    expect(await connection.client.set('k', 'v')).toBe('OK');
  });

  it('gives duplicates for blocking reads that wait for Redis instead of failing', async () => {
    await redis.start();
    const connection = openRedisConnection(redis.url, { log: capturingLog().log });
    opened.push(connection);
    const reader = connection.duplicate('waiting');
    await until('the connection', () => connection.state() === 'up');
    // A blocking read longer than the command timeout of the fail-fast client.
    const read = reader.blpop('list', 1);
    expect(await read).toBeNull();

    await redis.kill();
    await until('the loss', () => connection.state() === 'down');
    const waiting = reader.rpush('list', 'x');
    await redis.start();
    expect(await waiting).toBe(1);
  });
});
