/**
 * Every environment variable the service reads, declared once: its name, the valibot schema that parses its
 * text, its default, the values it accepts, one line saying what it does and where it is documented in full.
 * `loadConfig` parses them all in one pass; docs/configuration.md's table is generated from this list
 * (`npm run docs:config`) and a test keeps the two equal.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { ENVIRONMENTS, type EnvironmentKeyConfig } from '../../core/domain/config.js';
import { DEFAULT_TIME_LIMIT_MS } from '../../core/usecases/calculate/calculate.js';
import { parseProxyEntry } from './proxy-entry.js';
import { DEFAULT_JOB_CONCURRENCY } from '../memory-store/jobs.js';
import { clusterAddress, sentinelAddress } from '../redis-store/addresses.js';
import { DEFAULT_LOSS_NOT_READY_MS, DEFAULT_REDIS_COMMAND_TIMEOUT_MS, REDIS_JOB_DEFAULTS } from '../redis-store/defaults.js';
import { commaList, existingFile, integer, pathList, text, type TextSchema } from './parsers.js';
import { ServiceKeysSchema } from './service-keys.js';

/** What a default may depend on: where the package is installed. */
export interface ConfigContext {
  root: string;
}

export interface Variable<T> {
  name: string;
  /** Parses a value that is set and not blank; blank or unset takes `default`. */
  schema: TextSchema<T>;
  default: (context: ConfigContext) => T;
  /** The default as the docs show it. */
  defaultText: string;
  /** The values accepted, in words. */
  accepts: string;
  description: string;
  /** The page (under docs/) that documents it in full, with an anchor where one helps. */
  docs: string;
}

function variable<T>(spec: Variable<T>): Variable<T> {
  return spec;
}

interface IntegerSpec {
  name: string;
  min: number;
  max: number;
  fallback: number;
  wording: 'between' | 'from';
  description: string;
  docs: string;
}

function integerVariable({ name, min, max, fallback, wording, description, docs }: IntegerSpec): Variable<number> {
  return { name, schema: integer(min, max, wording), default: () => fallback, defaultText: `\`${fallback}\``, accepts: `integer ${min}-${max}`, description, docs };
}

/** An optional text: unset (undefined) unless given. */
function optionalText(name: string, description: string, docs: string): Variable<string | undefined> {
  return { name, schema: text(), default: () => undefined, defaultText: 'unset', accepts: 'text', description, docs };
}

function isOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && url.origin === origin;
  } catch {
    return false;
  }
}

/** Null when Tenet can connect to `url` (a single Redis, a Redis Cluster or Redis Sentinel), else what is wrong. */
function redisUrlProblem(url: string): string | null {
  try {
    if (clusterAddress(url) || sentinelAddress(url)) return null;
  } catch (error) {
    return (error as Error).message.replace(/^REDIS_URL: /, '');
  }
  try {
    const { protocol } = new URL(url);
    if (protocol === 'redis:' || protocol === 'rediss:') return null;
  } catch {
    // Falls through to the message below.
  }
  return 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (redis+cluster://host1:port1,host2:port2 for a Redis Cluster, redis+sentinel://s1:26379,s2:26379/<master> for Sentinel)';
}

const redisUrlSchema: TextSchema<string | null> = v.pipe(
  v.string(),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? redisUrlProblem(dataset.value) : null;
    if (problem) addIssue({ message: problem });
  }),
);

const CONFIGURATION = 'configuration.md';

/** The platform: what every request and the server itself use (ServiceConfig). Order is the order problems are listed in. */
const service = {
  port: integerVariable({ name: 'PORT', min: 0, max: 65_535, fallback: 8080, wording: 'between', description: 'TCP port; 0 picks a free port', docs: CONFIGURATION }),
  host: variable({
    name: 'HOST',
    schema: text({ test: (h) => !/[\s/]/.test(h), message: (h) => `must be a host name or IP address (got ${JSON.stringify(h)})` }),
    default: () => '127.0.0.1',
    defaultText: '`127.0.0.1`',
    accepts: 'host name or IP address',
    description: 'interface to bind; `0.0.0.0` for all',
    docs: CONFIGURATION,
  }),
  environment: variable({
    name: 'ENVIRONMENT',
    schema: v.pipe(v.string(), v.trim(), v.picklist(ENVIRONMENTS, (issue) => `must be one of ${ENVIRONMENTS.join(', ')} (got ${JSON.stringify(issue.input)})`)),
    default: () => 'local' as const,
    defaultText: '`local`',
    accepts: ENVIRONMENTS.map((e) => `\`${e}\``).join(', '),
    description: 'reported in every `meta.environment`; changes no behaviour by itself',
    docs: CONFIGURATION,
  }),
  rulesPaths: variable({
    name: 'RULES_PATH',
    schema: pathList(() => process.cwd(), { mustExist: existsSync }),
    default: ({ root }) => [resolve(root, 'rules')],
    defaultText: 'the bundled `rules/`',
    accepts: 'existing directories separated by `:`',
    description: 'RuleSpec repository roots; relative entries from the working directory',
    docs: CONFIGURATION,
  }),
  redisUrl: variable<string | null>({
    name: 'REDIS_URL',
    schema: redisUrlSchema,
    default: () => null,
    defaultText: 'unset',
    accepts: '`redis://`, `rediss://`, `redis+cluster://`, `rediss+cluster://` or `redis+sentinel://` URL',
    description: 'the shared store; unset = in-process memory',
    docs: 'operations.md#single-redis-or-redis-cluster',
  }),
  serviceApiKeys: variable<EnvironmentKeyConfig[]>({
    name: 'SERVICE_API_KEYS',
    schema: ServiceKeysSchema,
    default: () => [],
    defaultText: '`[]`',
    accepts: 'JSON array of `{id, sha256, scopes, owner?, expires_at?, rate_limit?}`',
    description: 'environment API keys (`tenet keys generate` prints an entry)',
    docs: CONFIGURATION,
  }),
  maxBodyBytes: integerVariable({ name: 'MAX_BODY_BYTES', min: 1, max: 1_073_741_824, fallback: 262_144, wording: 'between', description: 'request body limit in bytes; larger bodies get 413 `payload_too_large`', docs: CONFIGURATION }),
  corsAllowedOrigins: variable({
    name: 'CORS_ALLOWED_ORIGINS',
    schema: commaList(isOrigin, (o) => `${JSON.stringify(o)} is not an origin like https://app.example.org (scheme, host, optional port; no path or trailing slash)`),
    default: () => [],
    defaultText: 'empty (CORS off)',
    accepts: 'comma-separated exact origins',
    description: 'origins allowed to call the API from a browser',
    docs: CONFIGURATION,
  }),
  trustedProxies: variable({
    name: 'TRUSTED_PROXIES',
    schema: commaList((e) => parseProxyEntry(e) !== null, (e) => `${JSON.stringify(e)} is not an IP address or CIDR block (e.g. 10.0.0.0/8, 203.0.113.7, 2001:db8::/32)`),
    default: () => [],
    defaultText: 'empty (client = socket peer)',
    accepts: 'comma-separated IP addresses and CIDR blocks',
    description: 'proxies whose `x-forwarded-for` is believed',
    docs: 'auth.md#client-identity',
  }),
  bodyTimeoutMs: integerVariable({ name: 'BODY_TIMEOUT_MS', min: 1, max: 600_000, fallback: 20_000, wording: 'between', description: 'time to receive a whole body; slower ones get 408 `request_timeout`', docs: CONFIGURATION }),
  maxConcurrentBodies: integerVariable({ name: 'MAX_CONCURRENT_BODIES', min: 1, max: 100_000, fallback: 256, wording: 'between', description: 'bodies received at once; one more gets 503 `server_busy`', docs: CONFIGURATION }),
};

const parity = {
  folders: variable({
    name: 'PARITY_PATH',
    schema: v.pipe(pathList(() => process.cwd()), v.transform((paths) => ({ paths, explicit: true }))),
    default: ({ root }) => ({ paths: [resolve(root, 'parity')], explicit: false }),
    defaultText: 'the bundled `parity/`',
    accepts: 'folders separated by `:`',
    description: 'parity case files served and run by `/v1/parity`; when set, every entry must be a folder',
    docs: CONFIGURATION,
  }),
};

const identity = {
  repo: optionalText('RULESPEC_REPO', 'repository name in rule provenance (else the directory name)', 'read-surface.md'),
  branch: optionalText('RULESPEC_BRANCH', 'branch in rule provenance where git says nothing', 'read-surface.md'),
  release: optionalText('RULESPEC_RELEASE', 'release in rule provenance where git and `SOURCE_COMMIT` say nothing', 'read-surface.md'),
};

const CALCULATION = 'calculation.md#settings';

const calculation = {
  timeLimitMs: integerVariable({ name: 'TENET_CALC_TIME_LIMIT_MS', min: 1, max: 600_000, fallback: DEFAULT_TIME_LIMIT_MS, wording: 'from', description: 'per-calculation time limit', docs: CALCULATION }),
  jobConcurrency: integerVariable({ name: 'TENET_JOB_CONCURRENCY', min: 1, max: 64, fallback: DEFAULT_JOB_CONCURRENCY, wording: 'from', description: 'jobs one instance runs at once', docs: CALCULATION }),
  jobLockMs: integerVariable({ name: 'TENET_JOB_LOCK_MS', min: 1, max: 3_600_000, fallback: REDIS_JOB_DEFAULTS.lockDurationMs, wording: 'from', description: 'Redis job lease; a dead instance\'s job resumes after it', docs: CALCULATION }),
  jobStalledIntervalMs: integerVariable({ name: 'TENET_JOB_STALLED_INTERVAL_MS', min: 1, max: 3_600_000, fallback: REDIS_JOB_DEFAULTS.stalledIntervalMs, wording: 'from', description: 'how often an instance looks for expired leases', docs: CALCULATION }),
  jobRedisPrefix: variable({ name: 'TENET_JOB_REDIS_PREFIX', schema: text(), default: () => REDIS_JOB_DEFAULTS.prefix as string, defaultText: `\`${REDIS_JOB_DEFAULTS.prefix}\``, accepts: 'text', description: 'Redis key namespace of jobs', docs: CALCULATION }),
  fixturePath: variable<string | null>({ name: 'TENET_RUNTIME_FIXTURE', schema: existingFile(), default: () => null, defaultText: 'unset', accepts: 'path of an existing file', description: 'recorded fixture file enabling the fixture runtime', docs: CALCULATION }),
};

const OPERATIONS = 'operations.md#settings';

const operations = {
  instanceId: variable({
    name: 'INSTANCE_ID',
    schema: text({ test: (id) => /^[A-Za-z0-9._:-]{1,128}$/.test(id), message: () => 'must be 1-128 characters of [A-Za-z0-9._:-]' }),
    default: () => `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    defaultText: '`<hostname>-<pid>-<random>`',
    accepts: '1-128 of `[A-Za-z0-9._:-]`',
    description: 'this instance\'s id in analytics',
    docs: OPERATIONS,
  }),
  flushIntervalMs: integerVariable({ name: 'ANALYTICS_FLUSH_MS', min: 1_000, max: 300_000, fallback: 15_000, wording: 'from', description: 'how often the analytics snapshot is published', docs: OPERATIONS }),
  snapshotTtlSeconds: integerVariable({ name: 'ANALYTICS_SNAPSHOT_TTL_SECONDS', min: 5, max: 3_600, fallback: 60, wording: 'from', description: 'lifetime of a published snapshot; must exceed the flush interval', docs: OPERATIONS }),
  migrationLedgerPath: variable<string | null>({ name: 'MIGRATION_LEDGER_PATH', schema: existingFile(), default: () => null, defaultText: 'unset', accepts: 'path of an existing file', description: 'JSON file served by the migration ledger endpoint', docs: OPERATIONS }),
};

const AUTH = 'auth.md#settings-environment-variables-all-optional';

/** The keys subsystem, and the Redis connection every subsystem shares (prefix, timeout, data-loss readiness). */
const keys = {
  revocationWindowMs: integerVariable({ name: 'KEY_REVOCATION_WINDOW_MS', min: 0, max: 30_000, fallback: 15_000, wording: 'from', description: 'how long an instance trusts a found key and the environment revocation list', docs: AUTH }),
  propagationMs: integerVariable({ name: 'KEY_PROPAGATION_MS', min: 0, max: 15_000, fallback: 5_000, wording: 'from', description: 'how long an instance remembers an unknown key hash', docs: AUTH }),
  killSwitchCacheMs: integerVariable({ name: 'KILL_SWITCH_CACHE_MS', min: 0, max: 30_000, fallback: 2_000, wording: 'from', description: 'how long an instance caches kill-switch state for trial traffic', docs: AUTH }),
  trialPerClientPerDay: integerVariable({ name: 'TRIAL_KEYS_PER_CLIENT_PER_DAY', min: 0, max: 1_000_000, fallback: 5, wording: 'from', description: 'trial keys one client may mint per UTC day', docs: AUTH }),
  trialGlobalPerDay: integerVariable({ name: 'TRIAL_KEYS_PER_DAY', min: 0, max: 100_000_000, fallback: 1_000, wording: 'from', description: 'trial keys the deployment mints per UTC day', docs: AUTH }),
  redisKeyPrefix: variable({
    name: 'REDIS_KEY_PREFIX',
    schema: text({ test: (p) => p.length <= 64 && !/[\s{}]/.test(p), message: () => 'must be at most 64 characters without spaces, { or } (braces pick Redis Cluster slots)' }),
    default: () => 'tenet:',
    defaultText: '`tenet:`',
    accepts: 'at most 64 characters, no spaces or braces',
    description: 'namespace of every Redis key (keys, analytics, validation runs)',
    docs: AUTH,
  }),
  redisCommandTimeoutMs: integerVariable({ name: 'REDIS_COMMAND_TIMEOUT_MS', min: 50, max: 10_000, fallback: DEFAULT_REDIS_COMMAND_TIMEOUT_MS, wording: 'from', description: 'per-command and connect timeout of Redis calls', docs: AUTH }),
  redisLossNotReadyMs: integerVariable({ name: 'REDIS_LOSS_NOT_READY_MS', min: 0, max: 86_400_000, fallback: DEFAULT_LOSS_NOT_READY_MS, wording: 'from', description: 'how long `/v1/ready` stays not ready after Redis lost its data', docs: 'operations.md#a-store-that-lost-its-data' }),
};

/** Every variable, by group: `service` becomes ServiceConfig, the others `config.settings.<group>`. */
export const SCHEMA = { service, parity, identity, calculation, operations, keys };

type Groups = typeof SCHEMA;
type ValueOf<V> = V extends Variable<infer T> ? T : never;
export type Settings = { [G in keyof Groups]: { [K in keyof Groups[G]]: ValueOf<Groups[G][K]> } };

/** A rule between variables, checked once each of them parsed. */
export interface CrossCheck {
  names: string[];
  problem: (settings: Settings) => string | null;
}

export const CROSS_CHECKS: CrossCheck[] = [
  {
    names: ['ANALYTICS_FLUSH_MS', 'ANALYTICS_SNAPSHOT_TTL_SECONDS'],
    problem: ({ operations: o }) =>
      o.snapshotTtlSeconds * 1000 <= o.flushIntervalMs ? 'ANALYTICS_SNAPSHOT_TTL_SECONDS: must be longer than ANALYTICS_FLUSH_MS, or live instances vanish between flushes' : null,
  },
];

/** Every variable in declaration order. */
export function allVariables(): Array<{ group: keyof Groups; key: string; variable: Variable<unknown> }> {
  return (Object.keys(SCHEMA) as Array<keyof Groups>).flatMap((group) =>
    Object.entries(SCHEMA[group]).map(([key, variable]) => ({ group, key, variable: variable as Variable<unknown> })),
  );
}
