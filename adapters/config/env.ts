/**
 * Reads and validates the service configuration from environment variables: every variable declared in
 * schema.ts is parsed once, here. Every problem is collected and reported together; the CLI prints them and
 * exits with status 2.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import * as v from 'valibot';
import type { ServiceConfig } from '../../core/domain/config.js';
import { editDistance } from '../../core/domain/suggest.js';
import { allVariables, CROSS_CHECKS, type ConfigContext, type Settings, type Variable } from './schema.js';

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

/** Each subsystem's settings, parsed with the platform's: modules read `config.settings.<group>`, never the environment. */
export type ModuleSettings = Omit<Settings, 'service'>;

/** The platform configuration plus every subsystem's settings. */
export interface AppConfig extends ServiceConfig {
  settings: ModuleSettings;
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => (typeof (p as { key: unknown }).key === 'number' ? `[${String((p as { key: unknown }).key)}]` : `.${String((p as { key: unknown }).key)}`)).join('');
}

/** One variable's value: its default when unset or blank, else its schema's output; problems are pushed, named. */
function parseVariable(variable: Variable<unknown>, raw: string | undefined, context: ConfigContext, problems: string[]): unknown {
  if (raw === undefined || raw.trim() === '') return variable.default(context);
  const result = v.safeParse(variable.schema, raw);
  if (result.success) return result.output;
  for (const issue of result.issues) problems.push(`${variable.name}${issuePath(issue)}: ${issue.message}`);
  return variable.default(context);
}

/** Parses `env` (process.env by default); throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root: string = packageRoot()): AppConfig {
  const problems: string[] = [];
  const failed = new Set<string>();
  const context: ConfigContext = { root };
  const groups: Record<string, Record<string, unknown>> = {};
  for (const { group, key, variable } of allVariables()) {
    const before = problems.length;
    (groups[group] ??= {})[key] = parseVariable(variable, env[variable.name], context, problems);
    if (problems.length > before) failed.add(variable.name);
  }
  const settings = groups as unknown as Settings;
  for (const check of CROSS_CHECKS) {
    if (check.names.some((name) => failed.has(name))) continue;
    const problem = check.problem(settings);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const { service, ...modules } = settings;
  return { ...service, settings: modules };
}

/** The declared name `name` is probably a typo of: the single closest within a quarter of its length (at least one edit). */
function lookalikeOf(name: string, declared: string[]): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tied = false;
  for (const candidate of declared) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance, tied] = [candidate, distance, false];
    else if (distance === bestDistance) tied = true;
  }
  return !tied && bestDistance <= Math.max(1, Math.floor(name.length / 4)) ? best : null;
}

/**
 * Variables set in `env` that no schema entry declares but that are a typo or two from one that is
 * (`TENET_JOB_CONCURENCY`, `PORTS`): they are ignored, so `tenet serve` says so instead of silently running on
 * the default. Only upper-case names are considered (npm and the shell set many lower-case ones).
 */
export function ignoredLookalikes(env: Record<string, string | undefined>): string[] {
  const declared = allVariables().map(({ variable }) => variable.name);
  const known = new Set(declared);
  const notices: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (known.has(name) || env[name] === undefined || name !== name.toUpperCase()) continue;
    const meant = lookalikeOf(name, declared);
    if (meant) notices.push(`${name} is set but the service does not read it, so it is ignored (did you mean ${meant}?)`);
  }
  return notices;
}
