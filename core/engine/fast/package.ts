/**
 * Runtime packages on the fast path: one request (same request and result shapes as evaluatePackage, no
 * trace), falling back to the explain path for a request the kernel cannot carry exactly.
 */
import { evaluatePackage, packageDataset, type PackageRequest, type PackageResult, type RuntimePackage } from '../package/index.js';
import { EvalError, toJson } from '../values.js';
import { parseTestPeriod } from '../testing/corpus-runner.js';
import type { Period } from '../explain/evaluate.js';
import { evaluateDatasetFast } from './dataset.js';
import { PackageSession, sameList } from './session.js';
import { scaleOf } from './batch.js';

export interface FastPackageResult extends PackageResult {
  /** 'fast' when the generated kernel computed every output; 'explain' when it fell back. */
  readonly path: 'fast' | 'explain';
}

/** Sessions per package: by period, decimals and output list; the last one used is checked first. */
interface SessionCache {
  readonly byKey: Map<string, PackageSession>;
  last: { start: string; end: string; decimals: number; outputs: readonly string[]; session: PackageSession } | undefined;
}

const sessions = new WeakMap<RuntimePackage, SessionCache>();

function sessionFor(pkg: RuntimePackage, period: Period, outputs: readonly string[], decimals: number): PackageSession {
  let cache = sessions.get(pkg);
  if (!cache) sessions.set(pkg, (cache = { byKey: new Map(), last: undefined }));
  // Requests in a row mostly share period, scale and outputs: compare those before building a key.
  const last = cache.last;
  if (last && last.start === period.start && last.end === period.end && last.decimals === decimals && sameList(last.outputs, outputs)) return last.session;
  const key = `${period.start}|${period.end}|${decimals}|${outputs.join(',')}`;
  let s = cache.byKey.get(key);
  if (!s) {
    if (cache.byKey.size >= 64) cache.byKey.delete(cache.byKey.keys().next().value as string);
    cache.byKey.set(key, (s = new PackageSession(pkg, { period, outputs, decimals })));
  }
  cache.last = { start: period.start, end: period.end, decimals, outputs: [...outputs], session: s };
  return s;
}

/** Parsed month periods (request periods repeat; a Period is never changed once made). */
const periods = new Map<string, Period>();

function periodOf(raw: string | Period): Period {
  if (typeof raw === 'object') return raw;
  let period = periods.get(raw);
  if (period === undefined) {
    period = parseTestPeriod(raw);
    if (periods.size >= 1024) periods.clear();
    periods.set(raw, period);
  }
  return period;
}

/** Per package: the person relation's bare name and the outputs a trace kernel computes. */
interface PackageFacts {
  readonly personRelation: string | undefined;
  readonly traceOutputs: readonly string[];
  readonly traceOutputSet: ReadonlySet<string>;
}

const facts = new WeakMap<RuntimePackage, PackageFacts>();

function factsOf(pkg: RuntimePackage): PackageFacts {
  let f = facts.get(pkg);
  if (!f) {
    const raw = typeof pkg.spec.extensions.person_relation === 'string' ? pkg.spec.extensions.person_relation : undefined;
    const traceOutputs = pkg.spec.outputs.filter((o) => pkg.program.derived.has(o));
    f = { personRelation: raw === undefined ? undefined : relName(raw), traceOutputs, traceOutputSet: new Set(traceOutputs) };
    facts.set(pkg, f);
  }
  return f;
}

function relName(n: string): string {
  return n.includes('#relation.') ? n.slice(n.indexOf('#relation.') + 10) : n;
}

/** Decimal places the request's numbers need (at least 2: cents share one kernel), or -1 beyond 6. */
function decimalsOf(records: readonly Record<string, unknown>[]): number {
  let d = 2;
  for (const r of records)
    for (const key in r) {
      const v = r[key];
      if (typeof v !== 'number' || Number.isInteger(v)) continue;
      const s = scaleOf(v);
      if (s < 0) return -1;
      if (s > d) d = s;
    }
  return d;
}

/**
 * The household and its people when the request has the session's shape (people only in the person relation).
 * The records are the request's own (sessions only read them).
 */
function sessionShape(pkg: RuntimePackage, req: PackageRequest, entityId: string): { household: Record<string, unknown>; people: Record<string, unknown>[]; ids: string[] } | undefined {
  const inputs = req.inputs ?? {};
  const relations = req.relations ?? {};
  const personRelation = factsOf(pkg).personRelation;
  let tuples: ReadonlyArray<readonly [string, string]> | undefined;
  for (const name in relations) {
    if (tuples !== undefined || personRelation === undefined || relName(name) !== personRelation) return undefined;
    tuples = relations[name];
  }
  const members = new Set<string>();
  for (const [m, current] of tuples ?? []) {
    if (current !== entityId || m === entityId) return undefined;
    members.add(m);
  }
  for (const id in inputs) if (id !== entityId && !members.has(id)) return undefined;
  // Sorted by id: the order the explain path visits relation members in (and records them in the trace).
  const ids = [...members].sort();
  const people: Record<string, unknown>[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) people[i] = inputs[ids[i]] ?? {};
  return { household: inputs[entityId] ?? {}, people, ids };
}

/**
 * Outputs (and per-output errors) of a package request, identical to evaluatePackage's. With `trace: true`
 * the trace comes from the trace-mode kernel (identical to the explain path's), or from the explain path
 * itself when the request falls back.
 */
export function evaluatePackageFast(pkg: RuntimePackage, req: PackageRequest): FastPackageResult {
  const names = req.outputs ?? pkg.spec.outputs;
  const known = names.every((o) => pkg.program.derived.has(o));
  if (known) {
    // Session first: raw JSON straight into typed columns (no Decimal values are built).
    const period0 = periodOf(req.period ?? pkg.spec.period);
    const answered = fromSession(pkg, req, names, period0);
    if (answered) return answered;
  }
  const { period, entityId, data } = packageDataset(pkg, req);
  if (known && !req.trace) {
    let res: ReturnType<typeof evaluateDatasetFast> | undefined;
    try {
      res = evaluateDatasetFast(pkg.program, data, period, names, [entityId]);
    } catch (e) {
      if (!(e instanceof EvalError)) throw e;
    }
    const row = res?.values[0];
    if (row) {
      const outputs: Record<string, string | number | boolean> = {};
      names.forEach((o, j) => (outputs[o] = toJson(row[j])));
      return { period, outputs, errors: {}, trace: [], path: 'fast' };
    }
  }
  return { ...evaluatePackage(pkg, req), path: 'explain' };
}

/** The request on a package session, or undefined when the explain path must answer it. */
function fromSession(pkg: RuntimePackage, req: PackageRequest, names: readonly string[], period0: Period): FastPackageResult | undefined {
  try {
    const entity = req.entityId ?? 'household';
    const shape = sessionShape(pkg, req, entity);
    const decimals = shape ? decimalsOf([shape.household, ...shape.people]) : -1;
    if (!shape || decimals < 0) return undefined;
    if (req.trace) {
      // One trace kernel per package output list (outputs selected at run time): a request naming a new subset
      // of outputs does not generate code.
      const { traceOutputs, traceOutputSet } = factsOf(pkg);
      const full = names.every((o) => traceOutputSet.has(o));
      const session = sessionFor(pkg, period0, full ? traceOutputs : names, decimals);
      const select = session.selection(names);
      const r = session.evaluateTraced(shape.household, shape.people, [entity, ...shape.ids], select);
      return r ? { period: period0, outputs: r.outputs, errors: {}, trace: r.trace, path: 'fast' } : undefined;
    }
    const outputs = sessionFor(pkg, period0, names, decimals).evaluate(shape.household, shape.people);
    return outputs ? { period: period0, outputs, errors: {}, trace: [], path: 'fast' } : undefined;
  } catch (e) {
    // Generated code is an optimisation: whatever goes wrong in it, the explain path still answers correctly.
    if (e instanceof EvalError) throw e;
    return undefined;
  }
}
