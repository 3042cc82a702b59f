/** Lua scripts, each one atomic round trip. */
export const SCRIPTS = {
  // KEYS: record, hash index, id set. ARGV: id, json, expire-at ms (0 = never).
  tenetCreateKey: {
    numberOfKeys: 3,
    lua: `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[1])
local at = tonumber(ARGV[3])
if at > 0 then
  redis.call('PEXPIREAT', KEYS[1], at)
  redis.call('PEXPIREAT', KEYS[2], at)
end
return 1`,
  },
  // KEYS: hash index, revoked hash. ARGV: record key prefix. Returns {json, revoked_at} or nil.
  tenetLookup: {
    numberOfKeys: 2,
    lua: `
local id = redis.call('GET', KEYS[1])
if not id then return nil end
local json = redis.call('GET', ARGV[1] .. id)
if not json then return nil end
return {json, redis.call('HGET', KEYS[2], id)}`,
  },
  // KEYS: record, revoked hash. ARGV: id, at. Returns 1 when the key exists.
  tenetRevoke: {
    numberOfKeys: 2,
    lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2])
return 1`,
  },
  // The rate-limit hit: increment and make sure the counter expires, atomically.
  tenetIncrement: {
    numberOfKeys: 1,
    lua: `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return value`,
  },
  // One request's admission (core/ports/admission-store.ts). KEYS: throttle counter, rate counter, usage hash.
  // ARGV: max failures, rate ttl, rate limit, usage field ('' for none), usage requests, usage ttl.
  // Returns {1, failures} when throttled (nothing counted), else {0, count}.
  tenetAdmit: {
    numberOfKeys: 3,
    lua: `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {1, failures} end
local count = redis.call('INCRBY', KEYS[2], 1)
if redis.call('TTL', KEYS[2]) < 0 then redis.call('EXPIRE', KEYS[2], ARGV[2]) end
if ARGV[4] ~= '' and count <= tonumber(ARGV[3]) then
  redis.call('HINCRBY', KEYS[3], ARGV[4], ARGV[5])
  redis.call('EXPIRE', KEYS[3], ARGV[6])
end
return {0, count}`,
  },
  // KEYS: sorted set, sequence. ARGV: score ms, json, retain-since ms.
  tenetAudit: {
    numberOfKeys: 2,
    lua: `
local seq = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], ARGV[1], string.format('%016d', seq) .. '|' .. ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
return seq`,
  },
  // A group's epoch marker (store-loss.ts). KEYS: marker hash. ARGV: candidate id, now ms, id this instance saw
  // before ('' for none). Creates the marker when missing; records lost_at once when the id differs from the one
  // seen (the group's data was lost since). Returns {id, lost_at or ''}.
  tenetEpoch: {
    numberOfKeys: 1,
    lua: `
local id = redis.call('HGET', KEYS[1], 'id')
if not id then
  redis.call('HSET', KEYS[1], 'id', ARGV[1], 'since', ARGV[2])
  id = ARGV[1]
end
if ARGV[3] ~= '' and ARGV[3] ~= id then redis.call('HSETNX', KEYS[1], 'lost_at', ARGV[2]) end
return {id, redis.call('HGET', KEYS[1], 'lost_at') or ''}`,
  },
} as const;
