/**
 * The parameters a fast kernel watches (docs/fast-path.md "Watched parameters"): those whose version live at the
 * period the package declares unverified (`unverified_parameters`), read under their own id or as a hook a `sets`
 * binding gives their versions. An answer that reads one warns (core/engine/run/unverified-figures.ts), so an
 * evaluation without trace must know whether it may have read one.
 */
import type { RuntimePackage } from '../../package/index.js';
import { liveVersion, type Period } from '../../explain/evaluate.js';

export interface DoubtedParameters {
  /** Program parameter names whose live version is in doubt, sorted (part of the kernel's cache key). */
  readonly names: readonly string[];
  /** A declared figure names no parameter of the program: whether it was read cannot be told without a trace. */
  readonly unknown: boolean;
}

export function doubtedParameters(pkg: RuntimePackage, period: Period): DoubtedParameters {
  const figures = pkg.spec.profile.unverified;
  const parameters = [...pkg.program.parameters.values()];
  const ids = new Set(parameters.map((p) => p.id));
  const names: string[] = [];
  for (const p of parameters) {
    const live = liveVersion(p.versions, period.start);
    if (live === undefined) continue;
    const doubted = figures.some((f) => (f.parameter === p.id || f.parameter === p.boundBy?.value) && (!f.effective_from || f.effective_from === live.from));
    if (doubted) names.push(p.name);
  }
  return { names: names.sort(), unknown: figures.some((f) => !ids.has(f.parameter)) };
}
