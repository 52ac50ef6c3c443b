import { Redis, type RedisOptions } from 'ioredis';

// Redis is a dependency, not a single point of failure (decision record 027): the process starts without it, every
// call that needs it fails within a fraction of a second while it is away (the callers fall back to what this
// instance knows), and the connection comes back by itself when Redis does.

/** How long a command of the fail-fast client may take before it fails (Redis answers in well under a millisecond). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** The longest wait between two reconnect attempts: Redis is back in use at most this long after it returns. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 1_000;
/** How long one connection attempt may take (a host that drops packets instead of refusing them). */
const CONNECT_TIMEOUT_MS = 2_000;

export type RedisState = 'up' | 'down';

/** What the connection logs through: pino's signature (platform.log). */
export interface RedisLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RedisConnection {
  /**
   * For commands: never queued while Redis is away, so a call fails at once (or after REDIS_COMMAND_TIMEOUT_MS when
   * Redis hangs) instead of holding a request. The state of this client is the connection's state.
   */
  readonly client: Redis;
  /** Whether the client is connected and ready now. */
  state(): RedisState;
  /** Whether Redis answers a PING within the command timeout (the readiness check). */
  ping(): Promise<boolean>;
  /**
   * The state once the first connection attempt has settled (ready, or failed), or after `timeoutMs`, whichever is
   * first: for the few start-up steps that need Redis's answer if it is there, without waiting out an outage.
   */
  firstAttempt(timeoutMs: number): Promise<RedisState>;
  /**
   * A further client to the same Redis, closed with this connection. 'fail-fast' behaves as `client`; 'waiting'
   * queues its commands until Redis is back and has no timeout: for blocking reads and subscriptions, which would
   * otherwise be retried in a tight loop while Redis is away.
   */
  duplicate(kind: 'fail-fast' | 'waiting'): Redis;
  /** Hears every change of state; returns the function that stops listening. */
  onChange(listener: (state: RedisState) => void): () => void;
  /** host:port, for messages (never the password of the URL). */
  readonly where: string;
  /** Ends every client of the connection. */
  close(): Promise<void>;
}

export interface RedisConnectionOptions {
  log: RedisLog;
  commandTimeoutMs?: number;
  maxReconnectDelayMs?: number;
}

/**
 * Connects to Redis in the background and keeps reconnecting, forever, 100 ms more between attempts up to
 * REDIS_MAX_RECONNECT_DELAY_MS. Never throws and never waits: the caller starts at once, with Redis down until the
 * first connection is ready. Logs one warning when Redis is unreachable at start, one error when it is lost and one
 * line when it is back; the attempts in between are quiet.
 */
export function openRedisConnection(url: string, options: RedisConnectionOptions): RedisConnection {
  const { log } = options;
  const maxDelay = options.maxReconnectDelayMs ?? REDIS_MAX_RECONNECT_DELAY_MS;
  const where = new URL(url).host;
  const common: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, maxDelay),
  };
  const failFast: RedisOptions = {
    ...common,
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails then, rather than waiting for a reconnect.
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
  };
  const waiting: RedisOptions = { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null };

  const client = dropOnTimeout(new Redis(url, failFast));
  const duplicates: Redis[] = [];
  const listeners = new Set<(state: RedisState) => void>();
  let state: RedisState = 'down';
  let everUp = false;
  let warnedUnreachable = false;
  let downSince = Date.now();
  let lastError: Error | null = null;
  let closing = false;

  let settleFirstAttempt: () => void = () => undefined;
  const firstAttemptSettled = new Promise<void>((resolve) => {
    settleFirstAttempt = resolve;
  });
  const change = (next: RedisState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  const consequence = 'rate limits and realtime delivery work on this instance only until it is back';

  client.on('error', (error: Error) => {
    lastError = error;
    settleFirstAttempt();
    if (closing || everUp || warnedUnreachable) return;
    warnedUnreachable = true;
    log.warn({ err: error, redis: where }, `Redis at ${where} is unreachable (REDIS_URL); starting without it: ${consequence}`);
  });
  client.on('ready', () => {
    settleFirstAttempt();
    if (state === 'up') return;
    if (everUp || warnedUnreachable) {
      log.info({ redis: where, downMs: Date.now() - downSince }, `Redis at ${where} is back after ${((Date.now() - downSince) / 1000).toFixed(1)} s: limits and realtime delivery are shared again`);
    }
    everUp = true;
    change('up');
  });
  client.on('close', () => {
    if (state !== 'up') return;
    downSince = Date.now();
    change('down');
    if (!closing) log.error({ err: lastError ?? undefined, redis: where }, `Redis at ${where} connection lost; reconnecting: ${consequence}`);
  });

  return {
    client,
    where,
    state: () => state,
    async ping() {
      if (state !== 'up') return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async firstAttempt(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([firstAttemptSettled, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      return state;
    },
    duplicate(kind) {
      const duplicate = kind === 'waiting' ? new Redis(url, waiting) : dropOnTimeout(new Redis(url, failFast));
      // The connection's own client reports the outage: the duplicates' errors are the same ones.
      duplicate.on('error', () => undefined);
      duplicates.push(duplicate);
      return duplicate;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closing = true;
      for (const duplicate of duplicates.splice(0)) duplicate.disconnect();
      // QUIT while connected (replies in flight arrive first); a client that is away has nothing to say goodbye to.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/**
 * A command that timed out means Redis hangs (or the network drops packets): the client drops the connection and
 * reconnects, so while Redis stays silent it is not ready and the calls after the first fail at once instead of each
 * waiting out the timeout.
 */
function dropOnTimeout(client: Redis): Redis {
  const send = client.sendCommand.bind(client);
  Object.assign(client, {
    sendCommand(...args: Parameters<Redis['sendCommand']>) {
      const result = send(...args);
      args[0].promise.catch((error: Error) => {
        // Destroyed, not ended: a FIN to a silent peer would never be answered, and the socket would never close.
        if (error.message === 'Command timed out' && client.status === 'ready') client.stream.destroy();
      });
      return result;
    },
  });
  return client;
}
