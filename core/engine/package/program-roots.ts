/**
 * Roots: a program spec and the repository → the module ids its closure starts from: the scope's module ids (the
 * parser resolves the anchors), or, without a scope, the unique module producing each output in the program's
 * jurisdiction, else in `us`. Returns the problem in words when there is none.
 */
import type { RuleRepositoryModel } from '../load/repository.js';
import type { ProgramSpec } from './types.js';

export type RootsResult = { ok: true; roots: string[] } | { ok: false; message: string };

export function programRoots(repo: RuleRepositoryModel, spec: ProgramSpec): RootsResult {
  const roots = [...spec.scopeModules];
  if (roots.length === 0) {
    for (const out of spec.outputs) {
      const found = outputProducer(repo, spec, out);
      if (!found.ok) return found;
      if (!roots.includes(found.module)) roots.push(found.module);
    }
  }
  const missing = roots.filter((r) => !repo.modules.has(r));
  if (missing.length) return { ok: false, message: `scope modules do not exist: ${missing.join(', ')}` };
  return { ok: true, roots };
}

/** The unique module producing an output, preferring the program's jurisdiction, then us. */
function outputProducer(repo: RuleRepositoryModel, spec: ProgramSpec, out: string): { ok: true; module: string } | { ok: false; message: string } {
  for (const jur of [spec.jurisdiction, 'us']) {
    const producers = [...repo.modules.values()].filter((m) => m.jurisdiction === jur && m.rules.some((r) => r.name === out && (r.shape === 'derived' || r.shape === 'parameter')));
    if (producers.length > 1) return { ok: false, message: `output "${out}" is produced by several modules: ${producers.map((m) => m.id).join(', ')}` };
    if (producers.length === 1) return { ok: true, module: producers[0].id };
  }
  return { ok: false, message: `no module produces output "${out}"` };
}
