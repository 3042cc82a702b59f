import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ignoredLookalikes, loadConfig, packageRoot } from '../../../adapters/config/env.js';

const sha = 'a'.repeat(64);

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      environment: 'local',
      rulesPaths: [resolve(packageRoot(), 'rules')],
      redisUrl: null,
      serviceApiKeys: [],
      maxBodyBytes: 262144,
      corsAllowedOrigins: [],
      trustedProxies: [],
      bodyTimeoutMs: 20000,
      maxConcurrentBodies: 256,
      settings: {
        parity: { folders: { paths: [resolve(packageRoot(), 'parity')], explicit: false } },
        identity: { repo: undefined, branch: undefined, release: undefined },
        calculation: { timeLimitMs: 2000, jobConcurrency: 2, jobLockMs: 30000, jobStalledIntervalMs: 15000, jobRedisPrefix: 'tenet:jobs', fixturePath: null },
        operations: { instanceId: expect.stringMatching(/^[A-Za-z0-9._:-]+-\d+-[0-9a-f]{6}$/), flushIntervalMs: 15000, snapshotTtlSeconds: 60, migrationLedgerPath: null },
        keys: {
          revocationWindowMs: 15000,
          propagationMs: 5000,
          killSwitchCacheMs: 2000,
          trialPerClientPerDay: 5,
          trialGlobalPerDay: 1000,
          redisKeyPrefix: 'tenet:',
          redisCommandTimeoutMs: 1000,
          redisLossNotReadyMs: 60000,
        },
      },
    });
  });

  it('reads trusted proxies (addresses and CIDR blocks, IPv4 and IPv6) and the body limits', () => {
    const config = loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 203.0.113.7 ,2001:db8::/32,::1', BODY_TIMEOUT_MS: '5000', MAX_CONCURRENT_BODIES: '12' });
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '203.0.113.7', '2001:db8::/32', '::1']);
    expect(config.bodyTimeoutMs).toBe(5000);
    expect(config.maxConcurrentBodies).toBe(12);
  });

  it('names every trusted-proxy entry that is not an address or CIDR block, and bad body limits', () => {
    expect(problems({ TRUSTED_PROXIES: '10.0.0.0/33,proxy.internal,10.0.0.1/8/2,2001:db8::/129,10.0.0.0/8', BODY_TIMEOUT_MS: '0', MAX_CONCURRENT_BODIES: 'many' })).toEqual([
      'TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR block (e.g. 10.0.0.0/8, 203.0.113.7, 2001:db8::/32)',
      'TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR block (e.g. 10.0.0.0/8, 203.0.113.7, 2001:db8::/32)',
      'TRUSTED_PROXIES: "10.0.0.1/8/2" is not an IP address or CIDR block (e.g. 10.0.0.0/8, 203.0.113.7, 2001:db8::/32)',
      'TRUSTED_PROXIES: "2001:db8::/129" is not an IP address or CIDR block (e.g. 10.0.0.0/8, 203.0.113.7, 2001:db8::/32)',
      'BODY_TIMEOUT_MS: must be an integer between 1 and 600000 (got 0)',
      'MAX_CONCURRENT_BODIES: must be an integer between 1 and 100000 (got "many")',
    ]);
  });

  it('carries parsed settings, not the environment it read: no module parses a variable again', () => {
    const config = loadConfig({ PORT: '9000', REDIS_KEY_PREFIX: 'one-app:', UNRELATED: 'x' });
    expect(config).not.toHaveProperty('env');
    expect(JSON.stringify(config)).not.toContain('UNRELATED');
    expect(config.settings.keys.redisKeyPrefix).toBe('one-app:');
  });

  it('resolves the bundled rules relative to the package root, not the working directory', () => {
    expect(packageRoot()).toBe(resolve(import.meta.dirname, '../../..'));
  });

  it('parses every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      ENVIRONMENT: 'production',
      RULES_PATH: `${packageRoot()}/rules:${packageRoot()}/docs`,
      REDIS_URL: 'redis://cache:6379/0',
      SERVICE_API_KEYS: JSON.stringify([{ id: 'ops-admin', sha256: sha, scopes: ['*'], owner: 'ops', expires_at: '2027-01-01T00:00:00Z', rate_limit: { requests: 10, window_seconds: 60 } }]),
      MAX_BODY_BYTES: '1000',
      CORS_ALLOWED_ORIGINS: 'https://a.example.org, http://localhost:3000',
    });
    expect(config.port).toBe(9090);
    expect(config.environment).toBe('production');
    expect(config.rulesPaths).toHaveLength(2);
    expect(config.redisUrl).toBe('redis://cache:6379/0');
    expect(config.serviceApiKeys[0]).toMatchObject({ id: 'ops-admin', scopes: ['*'], rate_limit: { requests: 10, window_seconds: 60 } });
    expect(config.maxBodyBytes).toBe(1000);
    expect(config.corsAllowedOrigins).toEqual(['https://a.example.org', 'http://localhost:3000']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be an integer between 0 and 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'PORT: must be an integer between 0 and 65535 (got 70000)'],
    [{ ENVIRONMENT: 'prod' }, 'ENVIRONMENT: must be one of local, dev, staging, production (got "prod")'],
    [{ MAX_BODY_BYTES: '-1' }, 'MAX_BODY_BYTES: must be an integer between 1 and 1073741824 (got "-1")'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379'],
    [{ RULES_PATH: '/definitely/not/here' }, 'RULES_PATH: /definitely/not/here does not exist'],
    [{ CORS_ALLOWED_ORIGINS: 'https://a.example.org/' }, 'CORS_ALLOWED_ORIGINS: "https://a.example.org/" is not an origin'],
    [{ SERVICE_API_KEYS: '{not json' }, 'SERVICE_API_KEYS: must be a JSON array'],
    [{ SERVICE_API_KEYS: '{}' }, 'SERVICE_API_KEYS: must be a JSON array'],
    [{ SERVICE_API_KEYS: JSON.stringify([{ id: 'ops', sha256: 'ABC', scopes: ['*'] }]) }, 'SERVICE_API_KEYS[0].sha256: must be 64 lowercase hex characters'],
    [{ SERVICE_API_KEYS: JSON.stringify([{ id: 'ops', sha256: 'A'.repeat(64), scopes: ['*'] }]) }, 'SERVICE_API_KEYS[0].sha256: must be 64 lowercase hex characters'],
    [{ SERVICE_API_KEYS: JSON.stringify([{ id: 'ops', sha256: sha, scopes: [] }]) }, 'SERVICE_API_KEYS[0].scopes: must hold at least one scope'],
    [{ SERVICE_API_KEYS: JSON.stringify([{ id: 'ops', sha256: sha, scopes: ['*'], raw: 'x' }]) }, 'SERVICE_API_KEYS[0]'],
    [{ SERVICE_API_KEYS: JSON.stringify([{ id: 'ops', sha256: sha, scopes: ['*'] }, { id: 'ops', sha256: sha, scopes: ['*'] }]) }, 'SERVICE_API_KEYS: duplicate id "ops"'],
    [{ SERVICE_API_KEYS: JSON.stringify([{ id: 'ops', sha256: sha, scopes: ['rules:raed', '*'] }]) }, 'SERVICE_API_KEYS: key "ops": unknown scope "rules:raed" (did you mean "rules:read"?); valid scopes: *, rules:read,'],
    [{ REDIS_KEY_PREFIX: 'tenet {a}:' }, 'REDIS_KEY_PREFIX: must be at most 64 characters without spaces, { or } (braces pick Redis Cluster slots)'],
    [{ KEY_REVOCATION_WINDOW_MS: '31000' }, 'KEY_REVOCATION_WINDOW_MS: must be an integer from 0 to 30000 (got "31000")'],
    [{ TENET_RUNTIME_FIXTURE: '/nowhere/fixture.json' }, 'TENET_RUNTIME_FIXTURE: /nowhere/fixture.json does not exist or is not a file'],
    [{ MIGRATION_LEDGER_PATH: packageRoot() }, `MIGRATION_LEDGER_PATH: ${packageRoot()} does not exist or is not a file`],
    [{ REDIS_LOSS_NOT_READY_MS: 'a minute' }, 'REDIS_LOSS_NOT_READY_MS: must be an integer from 0 to 86400000 (got "a minute")'],
  ])('rejects %j with a message naming the variable', (env, expected) => {
    const found = problems(env as Record<string, string>);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((p) => p.startsWith(expected))).toBe(true);
  });

  it('reports every problem at once', () => {
    expect(problems({ PORT: 'x', ENVIRONMENT: 'y' })).toHaveLength(2);
  });

  it('names the problems of the platform and of every subsystem in one ConfigError, in declaration order', () => {
    expect(problems({ PORT: 'x', TENET_JOB_CONCURRENCY: '0', INSTANCE_ID: 'has space', ANALYTICS_FLUSH_MS: '10', PARITY_PATH: ' : ' })).toEqual([
      'PORT: must be an integer between 0 and 65535 (got "x")',
      'PARITY_PATH: must name at least one directory',
      'TENET_JOB_CONCURRENCY: must be an integer from 1 to 64 (got "0")',
      'INSTANCE_ID: must be 1-128 characters of [A-Za-z0-9._:-]',
      'ANALYTICS_FLUSH_MS: must be an integer from 1000 to 300000 (got "10")',
    ]);
  });

  it('checks the analytics snapshot outlives the flush interval, only when both values parsed', () => {
    expect(problems({ ANALYTICS_FLUSH_MS: '60000', ANALYTICS_SNAPSHOT_TTL_SECONDS: '60' })).toEqual([
      'ANALYTICS_SNAPSHOT_TTL_SECONDS: must be longer than ANALYTICS_FLUSH_MS, or live instances vanish between flushes',
    ]);
    expect(problems({ ANALYTICS_FLUSH_MS: 'often', ANALYTICS_SNAPSHOT_TTL_SECONDS: '5' })).toEqual(['ANALYTICS_FLUSH_MS: must be an integer from 1000 to 300000 (got "often")']);
  });

  it('gives each subsystem its settings, parsed: modules read config.settings, not the environment', () => {
    const config = loadConfig({
      PARITY_PATH: `parity: ${packageRoot()}/docs`,
      RULESPEC_REPO: ' rules-us ',
      TENET_CALC_TIME_LIMIT_MS: ' 500 ',
      TENET_RUNTIME_FIXTURE: `${packageRoot()}/tests/fixtures/runtime-fixture.json`,
      INSTANCE_ID: 'web-1',
      MIGRATION_LEDGER_PATH: `${packageRoot()}/package.json`,
    });
    expect(config.settings.parity.folders).toEqual({ paths: [resolve(process.cwd(), 'parity'), `${packageRoot()}/docs`], explicit: true });
    expect(config.settings.identity).toEqual({ repo: 'rules-us', branch: undefined, release: undefined });
    expect(config.settings.calculation).toMatchObject({ timeLimitMs: 500, fixturePath: `${packageRoot()}/tests/fixtures/runtime-fixture.json` });
    expect(config.settings.operations).toMatchObject({ instanceId: 'web-1', migrationLedgerPath: `${packageRoot()}/package.json` });
  });

  it('takes a blank value as unset: the default applies', () => {
    expect(loadConfig({ PORT: '  ', TENET_JOB_CONCURRENCY: '', REDIS_URL: ' ' })).toMatchObject({ port: 8080, redisUrl: null, settings: { calculation: { jobConcurrency: 2 } } });
  });

  it('accepts a Redis Cluster URL and names a cluster node that is not host:port', () => {
    expect(loadConfig({ REDIS_URL: 'redis+cluster://h1:7000,h2:7001' }).redisUrl).toBe('redis+cluster://h1:7000,h2:7001');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380' }).redisUrl).toBe('rediss://:secret@cache.internal:6380');
    // The wording is the Redis adapter's (connection.ts); what matters here is that the node and the fix are named.
    const [problem, ...more] = problems({ REDIS_URL: 'redis+cluster://h1' });
    expect(more).toEqual([]);
    expect(problem).toMatch(/^REDIS_URL: .*"h1".* must be host:port/);
  });
});

describe('ignoredLookalikes', () => {
  it('names a set variable that is a typo of a declared one, and what was probably meant', () => {
    expect(ignoredLookalikes({ TENET_JOB_CONCURENCY: '4', PORTS: '9000', SERVICE_API_KEY: 'tnt_x' })).toEqual([
      'PORTS is set but the service does not read it, so it is ignored (did you mean PORT?)',
      'SERVICE_API_KEY is set but the service does not read it, so it is ignored (did you mean SERVICE_API_KEYS?)',
      'TENET_JOB_CONCURENCY is set but the service does not read it, so it is ignored (did you mean TENET_JOB_CONCURRENCY?)',
    ]);
  });

  it('stays quiet about declared names, the usual shell and npm variables and anything not close', () => {
    expect(ignoredLookalikes({ PORT: '1', HOME: '/root', HOSTNAME: 'vm', PATH: '/bin', PWD: '/', TERM: 'xterm', LANG: 'C', NODE_ENV: 'production', npm_config_port: '1', REDIS_CLUSTER_URL: 'x', TENET_URL: 'x' })).toEqual([]);
  });
});
