/**
 * Dataset building and evaluation on the explain path: a package and a request (period, entity, inputs by any
 * accepted name, relation tuples) → the Dataset the Evaluator reads (input defaults applied), and the outputs,
 * per-output errors and trace.
 */
import { parsePeriod } from '../period.js';
import { Evaluator, type Dataset, type Period } from '../explain/evaluate.js';
import { EvalError, fromRaw, toJson, type EvalFailure, type Value } from '../values.js';
import type { PackageRequest, PackageResult, RuntimePackage } from './types.js';
import { relationName } from '../syntax/ids.js';

/** The explain path's facts for a package request: period, query entity and dataset (defaults applied). */
export function packageDataset(pkg: RuntimePackage, req: PackageRequest): { period: Period; entityId: string; data: Dataset } {
  const period: Period = typeof req.period === 'object' ? req.period : parsePeriod(req.period ?? pkg.spec.period);
  const entityId = req.entityId ?? 'household';
  const nameToSlot = new Map<string, string>();
  for (const c of pkg.inputCatalog) for (const a of [c.slot, ...c.accepted]) nameToSlot.set(a, c.slot);
  const inputs = new Map<string, Map<string, Value>>();
  const put = (slot: string, ent: string, v: Value): void => {
    let m = inputs.get(slot);
    if (!m) inputs.set(slot, (m = new Map()));
    m.set(ent, v);
  };
  for (const [ent, vals] of Object.entries(req.inputs ?? {})) {
    if (typeof vals !== 'object' || vals === null || Array.isArray(vals)) throw new EvalError(`inputs for entity "${ent}" must be an object of input name to value`);
    for (const [name, raw] of Object.entries(vals)) {
      const hash = name.indexOf('#input.');
      const slot = nameToSlot.get(name) ?? (hash >= 0 ? name.slice(hash + 7) : name);
      if (raw === null || raw === undefined) continue;
      put(slot, ent, fromRaw(raw));
    }
  }
  for (const i of pkg.inputs) {
    if (i.default === undefined) continue;
    const m = inputs.get(i.slot);
    if (!m || !m.has(entityId)) put(i.slot, entityId, fromRaw(i.default));
  }
  const relations = new Map<string, (readonly [string, string])[]>();
  for (const [name, tuples] of Object.entries(req.relations ?? {})) {
    if (!Array.isArray(tuples) || !tuples.every((t) => Array.isArray(t) && t.length === 2 && t.every((x) => typeof x === 'string')))
      throw new EvalError(`relation "${name}" must be a list of [member id, entity id] pairs`);
    relations.set(relationName(name), [...tuples]);
  }
  return { period, entityId, data: { inputs, relations } };
}

/** Evaluates a package on the explain path. Unknown input names and bad values throw EvalError. */
export function evaluatePackage(pkg: RuntimePackage, req: PackageRequest): PackageResult {
  const { period, entityId, data } = packageDataset(pkg, req);
  const ev = new Evaluator(pkg.program, data, period, { trace: req.trace !== undefined && req.trace !== false });
  const outputs: Record<string, string | number | boolean> = {};
  const errors: Record<string, string> = {};
  const failures: Record<string, EvalFailure> = {};
  for (const o of req.outputs ?? pkg.spec.outputs) {
    try {
      outputs[o] = toJson(ev.evaluate(o, entityId));
    } catch (e) {
      if (!(e instanceof EvalError)) throw e;
      errors[o] = e.message;
      failures[o] = e.failure;
    }
  }
  return { period, outputs, errors, failures, trace: ev.trace };
}
