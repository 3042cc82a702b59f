/**
 * Runtime packages on the fast path: one request (same request and result shapes as evaluatePackage, no
 * trace), falling back to the explain path for a request the kernel cannot carry exactly.
 */
import { evaluatePackage, packageDataset, type PackageRequest, type PackageResult, type RuntimePackage } from '../rulespec/compose.js';
import { EvalError, toJson } from '../rulespec/values.js';
import { parseTestPeriod } from '../rulespec/corpus-runner.js';
import type { Period } from '../rulespec/evaluate.js';
import { evaluateDatasetFast } from './dataset.js';
import { PackageSession } from './session.js';
import { scaleOf } from './batch.js';

export interface FastPackageResult extends PackageResult {
  /** 'fast' when the generated kernel computed every output; 'explain' when it fell back. */
  readonly path: 'fast' | 'explain';
}

const sessions = new WeakMap<RuntimePackage, Map<string, PackageSession>>();

function sessionFor(pkg: RuntimePackage, period: Period, outputs: readonly string[], decimals: number): PackageSession {
  let m = sessions.get(pkg);
  if (!m) sessions.set(pkg, (m = new Map()));
  const key = `${period.start}|${period.end}|${decimals}|${outputs.join(',')}`;
  let s = m.get(key);
  if (!s) {
    if (m.size >= 64) m.delete(m.keys().next().value as string);
    m.set(key, (s = new PackageSession(pkg, { period, outputs, decimals })));
  }
  return s;
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

/** The household and its people when the request has the session's shape (people only in the person relation). */
function sessionShape(pkg: RuntimePackage, req: PackageRequest, entityId: string): { household: Record<string, unknown>; people: Record<string, unknown>[]; ids: string[] } | undefined {
  const inputs = req.inputs ?? {};
  const rels = Object.entries(req.relations ?? {});
  const raw = typeof pkg.spec.extensions.person_relation === 'string' ? pkg.spec.extensions.person_relation : undefined;
  const relName = (n: string): string => (n.includes('#relation.') ? n.slice(n.indexOf('#relation.') + 10) : n);
  if (rels.length > 1 || (rels.length === 1 && (raw === undefined || relName(rels[0][0]) !== relName(raw)))) return undefined;
  const members = new Set<string>();
  for (const [m, current] of rels[0]?.[1] ?? []) {
    if (current !== entityId || m === entityId) return undefined;
    members.add(m);
  }
  for (const id of Object.keys(inputs)) if (id !== entityId && !members.has(id)) return undefined;
  // Sorted by id: the order the explain path visits relation members in (and records them in the trace).
  const ids = [...members].sort();
  return { household: { ...(inputs[entityId] ?? {}) }, people: ids.map((m) => ({ ...(inputs[m] ?? {}) })), ids };
}

/**
 * Outputs (and per-output errors) of a package request, identical to evaluatePackage's. With `trace: true`
 * the trace comes from the trace-mode kernel (identical to the explain path's), or from the explain path
 * itself when the request falls back.
 */
export function evaluatePackageFast(pkg: RuntimePackage, req: PackageRequest): FastPackageResult {
  const names = [...(req.outputs ?? pkg.spec.outputs)];
  const known = names.every((o) => pkg.program.derived.has(o));
  if (known) {
    // Session first: raw JSON straight into typed columns (no Decimal values are built).
    const period0: Period = typeof req.period === 'object' ? req.period : parseTestPeriod(req.period ?? pkg.spec.period);
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
      const all = pkg.spec.outputs.filter((o) => pkg.program.derived.has(o));
      const full = names.every((o) => all.includes(o));
      const session = sessionFor(pkg, period0, full ? all : names, decimals);
      const select = names.map((o) => session.outputIndex(o));
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
