import type { Redis } from 'ioredis';
import { isEmptyShare, type PresenceShare, type PresenceSnapshot, type PresenceStore } from './presence-store';

// Per room (one hash tag, so the keys of a room live together): a sorted set of the instances with a share, scored
// by when that share expires; a hash per instance (user id → connections, `v` → visitors) with the same expiry;
// and the room's version. Times come from Redis (TIME), so instances need no common clock.

// Moves the version on: unix µs of now, or one more than the last one.
const BUMP = `
local function bump(key, ttl)
  local t = redis.call('TIME')
  local us = tonumber(t[1]) * 1000000 + tonumber(t[2])
  local last = tonumber(redis.call('GET', key) or '0')
  if us <= last then us = last + 1 end
  redis.call('SET', key, string.format('%.0f', us), 'PX', ttl * 10)
end
local function nowms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

// KEYS: instances, share, version. ARGV: instance id, ttl ms, mode (change | refresh), then field, count pairs.
// A refresh only moves the version on when the share had been lost meanwhile; returns 1 then.
const WRITE_SCRIPT = `${BUMP}
local ttl = tonumber(ARGV[2])
local existed = redis.call('EXISTS', KEYS[2]) == 1 and redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
if #ARGV > 3 then
  for i = 4, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('ZADD', KEYS[1], nowms() + ttl, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
if ARGV[3] == 'change' or not existed then
  bump(KEYS[3], ttl)
  return 1
end
return 0
`;

// KEYS: instances, version. ARGV: share key prefix, ttl ms. Returns version, visitors, user ids.
const READ_SCRIPT = `${BUMP}
local pruned = redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowms())
if pruned > 0 then bump(KEYS[2], tonumber(ARGV[2])) end
local visitors = 0
local users = {}
local seen = {}
for _, instance in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local fields = redis.call('HGETALL', ARGV[1] .. instance)
  for i = 1, #fields, 2 do
    if fields[i] == 'v' then
      visitors = visitors + tonumber(fields[i + 1])
    elseif not seen[fields[i]] then
      seen[fields[i]] = true
      users[#users + 1] = fields[i]
    end
  end
end
return {redis.call('GET', KEYS[2]) or '0', visitors, users}
`;

export interface RedisPresenceStoreOptions {
  /** Namespaces the keys (one per site; tests use their own). */
  prefix: string;
  /** This instance, unique among the live ones. */
  instanceId: string;
  /** How long a share lives without a refresh. */
  ttlMs: number;
}

/** Presence shared by every instance through Redis; the connection belongs to the caller. */
export function createRedisPresenceStore(redis: Redis, options: RedisPresenceStoreOptions): PresenceStore {
  const keys = (room: string) => {
    const base = `${options.prefix}presence:{${room}}`;
    return { instances: base, share: `${base}:${options.instanceId}`, sharePrefix: `${base}:`, version: `${base}:v` };
  };
  const fieldsOf = (share: PresenceShare) => {
    const fields: (string | number)[] = [];
    for (const [userId, connections] of share.users) fields.push(String(userId), connections);
    if (share.visitors > 0) fields.push('v', share.visitors);
    return fields;
  };
  const write = (room: string, share: PresenceShare, mode: 'change' | 'refresh') => {
    const k = keys(room);
    return redis.eval(WRITE_SCRIPT, 3, k.instances, k.share, k.version, options.instanceId, options.ttlMs, mode, ...fieldsOf(share));
  };
  return {
    async write(room, share) {
      await write(room, share, 'change');
    },
    async refresh(shares) {
      const entries = [...shares].filter(([, share]) => !isEmptyShare(share));
      const results = await Promise.all(entries.map(([room, share]) => write(room, share, 'refresh')));
      return entries.filter((_, i) => Number(results[i]) === 1).map(([room]) => room);
    },
    async read(room): Promise<PresenceSnapshot> {
      const k = keys(room);
      const [version, visitors, users] = (await redis.eval(READ_SCRIPT, 2, k.instances, k.version, k.sharePrefix, options.ttlMs)) as [string, number, string[]];
      return { users: users.map(Number).sort((a, b) => a - b), visitors: Number(visitors), version: Number(version) };
    },
    async close() {},
  };
}
