/**
 * Per-request parameter changes: a composed package and `parameter_overrides` (parameter id → new value or dated
 * versions, see ./override-values.ts) → a new RuntimePackage whose compiled program holds the changed parameter
 * versions, with its own digest. Both evaluators (explain and fast) run on the new package as they would on a
 * package compiled from a hand-edited rule file, so they agree by construction. Pure: the caller caches.
 */
import { createHash } from 'node:crypto';
import { editDistance } from '../../domain/suggest.js';
import type { CompiledParameter, CompiledProgram, CompiledVersion } from '../compile/index.js';
import { toJson } from '../values.js';
import { OwnedCaches } from '../owned-caches.js';
import { overrideVersions } from './override-values.js';
import type { RuntimePackage } from './types.js';

/** Most parameters one request may override (documented in docs/calculation.md). */
export const MAX_PARAMETER_OVERRIDES = 20;

export type OverrideJson = string | number | boolean | Record<string, string | number | boolean>;

/** One applied override, as responses show it: the parameter and its versions now. */
export interface AppliedOverride {
  /** Durable id `<module>#<name>` (the trace's and package graph's form). */
  readonly rule_id: string;
  readonly name: string;
  readonly versions: readonly { effective_from: string; effective_to?: string; value: OverrideJson }[];
}

export interface OverrideProblem {
  /** The id as the request gave it. */
  readonly parameter: string;
  readonly message: string;
}

export type OverrideResult =
  | { ok: true; package: RuntimePackage; applied: readonly AppliedOverride[]; baseDigest: string }
  | { ok: false; problems: readonly OverrideProblem[] };

/**
 * The package's parameters (those its outputs reach) by every accepted id: bare name and durable id, and for a
 * federal hook bound by a State rule through `sets`, the State rule's id and name too.
 */
function parameterIds(pkg: RuntimePackage): Map<string, string> {
  const ids = new Map<string, string>();
  for (const rule of pkg.graph.rules) {
    if (rule.kind !== 'parameter') continue;
    ids.set(rule.name, rule.name).set(rule.legalId, rule.name);
  }
  // Merged duplicates: another module's id for the same parameter.
  for (const [id, name] of pkg.program.idToName) if (ids.has(name) && pkg.program.parameters.has(name)) ids.set(id, name);
  // A State rule bound to a federal hook through `sets` supplies the hook's values: its id and name mean the hook.
  for (const [name, parameter] of pkg.program.parameters) {
    const bound = parameter.boundBy?.value;
    if (!bound || !ids.has(name)) continue;
    ids.set(bound, name);
    if (!ids.has(bound.slice(bound.indexOf('#') + 1))) ids.set(bound.slice(bound.indexOf('#') + 1), name);
  }
  return ids;
}

/** The closest accepted id (by edit distance, within a third of its length), if one stands out. */
function closest(wanted: string, ids: Iterable<string>): string | undefined {
  const byName = !wanted.includes('#');
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(wanted.length / 3)) + 1;
  for (const id of ids) {
    if (byName === id.includes('#')) continue;
    const distance = editDistance(wanted.toLowerCase(), id.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [id, distance];
  }
  return best;
}

function unknownId(pkg: RuntimePackage, id: string, ids: Map<string, string>): string {
  const name = id.includes('#') ? id.slice(id.indexOf('#') + 1) : id;
  if (pkg.program.derived.has(name)) return `is a derived rule (a formula), not a parameter; only parameters can be overridden`;
  const suggestion = closest(id, ids.keys());
  return `is not a parameter of this package${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; package detail (graph.rules with kind "parameter") lists them`;
}

function cellJson(version: CompiledVersion, table: boolean): OverrideJson {
  const cells = version.cells ?? new Map();
  if (!table) return toJson(cells.get(0)!);
  return Object.fromEntries([...cells.entries()].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), toJson(v)]));
}

function applied(p: CompiledParameter): AppliedOverride {
  return {
    rule_id: p.id,
    name: p.name,
    versions: p.versions.map((v) => ({ effective_from: v.from, ...(v.to ? { effective_to: v.to } : {}), value: cellJson(v, p.rule.table) })),
  };
}

/** sha256 over the base digest and the changed parameters' versions in id order: the same change, the same digest. */
function overrideDigest(base: string, changes: readonly AppliedOverride[]): string {
  const hash = createHash('sha256');
  hash.update(`tenet-package-overrides/v1\n${base}`);
  for (const change of [...changes].sort((a, b) => (a.rule_id < b.rule_id ? -1 : 1))) hash.update(`\n${change.rule_id}=${JSON.stringify(change.versions)}`);
  return `sha256:${hash.digest('hex')}`;
}

/**
 * Applies `overrides` to `pkg`. Every id must name a parameter the package's outputs reach (bare name or durable
 * id); at most MAX_PARAMETER_OVERRIDES; two ids naming one parameter are refused. Problems name each parameter.
 */
export function applyParameterOverrides(pkg: RuntimePackage, overrides: Readonly<Record<string, unknown>>): OverrideResult {
  const entries = Object.entries(overrides);
  if (entries.length === 0) return { ok: true, package: pkg, applied: [], baseDigest: pkg.digest };
  if (entries.length > MAX_PARAMETER_OVERRIDES) return { ok: false, problems: [{ parameter: '', message: `at most ${MAX_PARAMETER_OVERRIDES} parameters may be overridden (got ${entries.length})` }] };
  const ids = parameterIds(pkg);
  const problems: OverrideProblem[] = [];
  const changed = new Map<string, CompiledParameter>();
  const givenAs = new Map<string, string>();
  for (const [id, raw] of entries) {
    const name = ids.get(id);
    if (name === undefined) {
      problems.push({ parameter: id, message: unknownId(pkg, id, ids) });
      continue;
    }
    if (givenAs.has(name)) {
      problems.push({ parameter: id, message: `names the same parameter as "${givenAs.get(name)}"` });
      continue;
    }
    givenAs.set(name, id);
    const parameter = pkg.program.parameters.get(name)!;
    const result = overrideVersions(parameter, raw);
    if (!result.ok) problems.push({ parameter: id, message: result.message });
    else changed.set(name, { ...parameter, versions: result.versions });
  }
  if (problems.length > 0) return { ok: false, problems };
  const parameters = new Map(pkg.program.parameters);
  for (const [name, parameter] of changed) parameters.set(name, parameter);
  // New caches: kernels and sessions built for the original parameters must not answer for the changed ones.
  const program: CompiledProgram = { ...pkg.program, parameters, caches: new OwnedCaches() };
  const changes = [...changed.values()].map(applied);
  const digest = overrideDigest(pkg.digest, changes);
  return { ok: true, package: { ...pkg, program, digest, caches: new OwnedCaches() }, applied: changes, baseDigest: pkg.digest };
}
