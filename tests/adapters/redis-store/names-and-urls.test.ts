/** Key names share a cluster slot per script, and REDIS_URL's cluster form is read as documented. */
import { describe, expect, it } from 'vitest';
import { clusterAddress, sentinelAddress } from '../../../adapters/redis-store/connection.js';
import { jobPrefix, RedisKeyNames } from '../../../adapters/redis-store/key-names.js';

describe('Redis key names', () => {
  const n = new RedisKeyNames('tenet:');
  /** Redis Cluster hashes only the part between the first { and the next } when it is not empty. */
  const hashTag = (key: string) => /\{([^}]+)\}/.exec(key)?.[1] ?? null;
  const sameSlot = (...keys: string[]) => keys.every((key) => hashTag(key) !== null) && new Set(keys.map(hashTag)).size === 1;

  it('puts the keys of each Lua script and MULTI in one cluster slot', () => {
    expect(sameSlot(n.keyRecord('a'), n.keyHash('f'.repeat(64)), n.keyIds(), n.keyRevocations(), n.keyRecordPrefix() + 'zz')).toBe(true); // create, lookup, revoke
    expect(sameSlot(n.counter('authfail:1:10.0.0.1'), n.counter('rl:key-1:60:0'), n.usage('2026-11'))).toBe(true); // admit
    expect(sameSlot(n.audit(), n.auditSequence())).toBe(true);
    expect(sameSlot(n.environmentRevocations(), n.killSwitches(), n.epoch('sec'))).toBe(true);
    expect(sameSlot(n.analyticsSnapshot('i-1'), n.analyticsSnapshot('i-2'), n.analyticsIndex())).toBe(true);
    expect(sameSlot(n.validationRun('r'), n.validationRunSummary('r'), n.validationRunIndex())).toBe(true);
    expect(sameSlot(`${jobPrefix('tenet:jobs')}:calculate:1`, `${jobPrefix('tenet:jobs')}:calculate:wait`)).toBe(true);
  });

  it('keeps every name under the prefix and refuses a prefix with braces', () => {
    expect(n.keyRecord('a')).toBe('tenet:{keys}:key:a');
    expect(jobPrefix('tenet:jobs')).toBe('{tenet:jobs}');
    expect(jobPrefix('{mine}:jobs')).toBe('{mine}:jobs');
    expect(() => new RedisKeyNames('te{net}:')).toThrow(/must not contain/);
  });
});

describe('cluster REDIS_URL', () => {
  it('reads seeds, credentials and TLS; leaves single-node URLs alone', () => {
    expect(clusterAddress('redis://127.0.0.1:6379')).toBeNull();
    expect(clusterAddress('redis+cluster://h1:7101,h2:7102/')).toEqual({ nodes: [{ host: 'h1', port: 7101 }, { host: 'h2', port: 7102 }], tls: false });
    expect(clusterAddress('rediss+cluster://ops:p%40ss@h1:7101')).toEqual({ nodes: [{ host: 'h1', port: 7101 }], username: 'ops', password: 'p@ss', tls: true });
    expect(clusterAddress('redis+cluster://:secret@[::1]:7101')).toEqual({ nodes: [{ host: '::1', port: 7101 }], password: 'secret', tls: false });
  });

  it('names a seed that is not host:port', () => {
    expect(() => clusterAddress('redis+cluster://h1:7101,h2')).toThrow(/node "h2" must be host:port/);
  });
});

describe('sentinel REDIS_URL', () => {
  it('reads sentinels, master name, db and the master credentials', () => {
    expect(sentinelAddress('redis+cluster://h1:7101')).toBeNull();
    expect(sentinelAddress('redis+sentinel://s1:26379,s2:26380/mymaster')).toEqual({ sentinels: [{ host: 's1', port: 26379 }, { host: 's2', port: 26380 }], name: 'mymaster', db: 0 });
    expect(sentinelAddress('redis+sentinel://:pw@s1:26379/tenet/3')).toEqual({ sentinels: [{ host: 's1', port: 26379 }], name: 'tenet', db: 3, password: 'pw' });
  });

  it('says what is missing', () => {
    expect(() => sentinelAddress('redis+sentinel://s1:26379')).toThrow(/names the master group/);
    expect(() => sentinelAddress('redis+sentinel://s1:26379/m/x')).toThrow(/db number/);
  });
});
