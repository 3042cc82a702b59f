/**
 * Reads and validates the service configuration from environment variables. Every problem is collected
 * and reported together; the CLI prints them and exits non-zero.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import * as v from 'valibot';
import { parseProxyEntry } from '../http-h3/client-address.js';
import { unknownScopes, unknownScopesMessage } from '../../core/domain/keys/scopes.js';
import { ENVIRONMENTS, type EnvironmentKeyConfig, type ServiceConfig } from '../../core/domain/config.js';

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** The package root (the directory holding package.json), from source (adapters/config) or dist/adapters/config. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot locate the package root (no package.json above adapters/config)');
}

export const DEFAULTS = {
  PORT: 8080,
  HOST: '127.0.0.1',
  ENVIRONMENT: 'local',
  MAX_BODY_BYTES: 262_144,
  BODY_TIMEOUT_MS: 20_000,
  MAX_CONCURRENT_BODIES: 256,
} as const;

const IsoDateTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z'));

const EnvironmentKeySchema = v.strictObject({
  id: v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9][a-z0-9_-]{2,63}$/, 'must be 3-64 lowercase letters, digits, - or _, starting with a letter or digit')),
  sha256: v.pipe(v.string('must be a string'), v.regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters (the sha256 of the raw key)')),
  scopes: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'must be an array of strings'), v.minLength(1, 'must hold at least one scope')),
  owner: v.optional(v.pipe(v.string(), v.maxLength(120, 'must be at most 120 characters'))),
  expires_at: v.optional(IsoDateTime),
  rate_limit: v.optional(
    v.strictObject({
      requests: v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be >= 1')),
      window_seconds: v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be >= 1')),
    }),
  ),
});

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => (typeof (p as { key: unknown }).key === 'number' ? `[${String((p as { key: unknown }).key)}]` : `.${String((p as { key: unknown }).key)}`)).join('');
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    problems.push(`${name}: must be an integer between ${min} and ${max} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  const value = Number(raw.trim());
  if (value < min || value > max) problems.push(`${name}: must be an integer between ${min} and ${max} (got ${value})`);
  return value;
}

function parseKeys(raw: string | undefined, problems: string[]): EnvironmentKeyConfig[] {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    problems.push(`SERVICE_API_KEYS: must be a JSON array of {id, sha256, scopes, owner?, expires_at?, rate_limit?} (${error instanceof Error ? error.message : 'parse error'})`);
    return [];
  }
  const result = v.safeParse(v.array(EnvironmentKeySchema, 'must be a JSON array'), json);
  if (!result.success) {
    for (const issue of result.issues) problems.push(`SERVICE_API_KEYS${issuePath(issue)}: ${issue.message}`);
    return [];
  }
  const ids = new Set<string>();
  for (const key of result.output) {
    if (ids.has(key.id)) problems.push(`SERVICE_API_KEYS: duplicate id ${JSON.stringify(key.id)}`);
    ids.add(key.id);
    const unknown = unknownScopes(key.scopes);
    if (unknown.length > 0) problems.push(`SERVICE_API_KEYS: key ${JSON.stringify(key.id)}: ${unknownScopesMessage(unknown)}`);
  }
  return result.output;
}

function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const origins = raw.split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of origins) {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      url = null;
    }
    if (url === null || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
      problems.push(`CORS_ALLOWED_ORIGINS: ${JSON.stringify(origin)} is not an origin like https://app.example.org (scheme, host, optional port; no path or trailing slash)`);
    }
  }
  return origins;
}

function parseTrustedProxies(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries = raw.split(',').map((e) => e.trim()).filter((e) => e !== '');
  for (const entry of entries) {
    if (parseProxyEntry(entry) === null) {
      problems.push(`TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or CIDR block (e.g. 10.0.0.0/8, 203.0.113.7, 2001:db8::/32)`);
    }
  }
  return entries;
}

function parseRulesPaths(raw: string | undefined, root: string, problems: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [resolve(root, 'rules')];
  const paths = raw.split(':').map((p) => p.trim()).filter((p) => p !== '');
  if (paths.length === 0) problems.push('RULES_PATH: must name at least one directory');
  // Relative roots are taken relative to the working directory, as a shell user expects.
  const absolute = paths.map((p) => (isAbsolute(p) ? p : resolve(process.cwd(), p)));
  for (const p of absolute) if (!existsSync(p)) problems.push(`RULES_PATH: ${p} does not exist`);
  return absolute;
}

function parseRedisUrl(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new Error('scheme');
  } catch {
    problems.push('REDIS_URL: must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379');
  }
  return raw.trim();
}

/** Parses `env` (process.env by default); throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root: string = packageRoot()): ServiceConfig {
  const problems: string[] = [];
  const port = parseInteger('PORT', env.PORT, DEFAULTS.PORT, 0, 65_535, problems);
  const host = env.HOST === undefined || env.HOST.trim() === '' ? DEFAULTS.HOST : env.HOST.trim();
  if (/[\s/]/.test(host)) problems.push(`HOST: must be a host name or IP address (got ${JSON.stringify(env.HOST)})`);
  const environmentRaw = env.ENVIRONMENT === undefined || env.ENVIRONMENT.trim() === '' ? DEFAULTS.ENVIRONMENT : env.ENVIRONMENT.trim();
  if (!(ENVIRONMENTS as readonly string[]).includes(environmentRaw)) {
    problems.push(`ENVIRONMENT: must be one of ${ENVIRONMENTS.join(', ')} (got ${JSON.stringify(environmentRaw)})`);
  }
  const config: ServiceConfig = {
    port,
    host,
    environment: environmentRaw as ServiceConfig['environment'],
    rulesPaths: parseRulesPaths(env.RULES_PATH, root, problems),
    redisUrl: parseRedisUrl(env.REDIS_URL, problems),
    serviceApiKeys: parseKeys(env.SERVICE_API_KEYS, problems),
    maxBodyBytes: parseInteger('MAX_BODY_BYTES', env.MAX_BODY_BYTES, DEFAULTS.MAX_BODY_BYTES, 1, 1_073_741_824, problems),
    corsAllowedOrigins: parseOrigins(env.CORS_ALLOWED_ORIGINS, problems),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES, problems),
    bodyTimeoutMs: parseInteger('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, DEFAULTS.BODY_TIMEOUT_MS, 1, 600_000, problems),
    maxConcurrentBodies: parseInteger('MAX_CONCURRENT_BODIES', env.MAX_CONCURRENT_BODIES, DEFAULTS.MAX_CONCURRENT_BODIES, 1, 100_000, problems),
    env: { ...env },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
