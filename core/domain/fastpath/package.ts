/**
 * Runtime packages on the fast path: one request (same request and result shapes as evaluatePackage, no
 * trace), falling back to the explain path for a request the kernel cannot carry exactly.
 */
import { evaluatePackage, packageDataset, type PackageRequest, type PackageResult, type RuntimePackage } from '../rulespec/compose.js';
import { EvalError, toJson } from '../rulespec/values.js';
import { evaluateDatasetFast } from './dataset.js';

export interface FastPackageResult extends PackageResult {
  /** 'fast' when the generated kernel computed every output; 'explain' when it fell back. */
  readonly path: 'fast' | 'explain';
}

/** Outputs (and per-output errors) of a package request, identical to evaluatePackage's; no trace. */
export function evaluatePackageFast(pkg: RuntimePackage, req: PackageRequest): FastPackageResult {
  const { period, entityId, data } = packageDataset(pkg, req);
  const names = [...(req.outputs ?? pkg.spec.outputs)];
  const known = names.every((o) => pkg.program.derived.has(o));
  if (known) {
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
  return { ...evaluatePackage(pkg, { ...req, trace: false }), path: 'explain' };
}
