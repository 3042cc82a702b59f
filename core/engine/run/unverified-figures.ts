/**
 * Figures a package declares unverified (compose-spec extension `unverified_parameters`): a parameter version
 * that could not be checked against its primary source. A calculation that reads one is told so in its
 * warnings, naming the parameter, the version and the reason, the same way carried-forward figures are.
 */
import type { CompiledProgram, RuntimePackage, TraceEntry as EngineTrace } from '../index.js';
import type { UnverifiedFigure } from '../package/program-profile.js';

export type { UnverifiedFigure } from '../package/program-profile.js';

/** The package's declared unverified figures, from its program profile (checked when the spec was parsed). */
export function unverifiedFigures(pkg: RuntimePackage): UnverifiedFigure[] {
  return [...pkg.spec.profile.unverified];
}

/**
 * One warning per unverified figure the trace read (in the declared order). `readers` (from unverifiedReaders) lets
 * it look only at the entries of rules that can read one; without it every entry is looked at.
 */
export function unverifiedWarnings(figures: readonly UnverifiedFigure[], trace: readonly EngineTrace[], readers?: ReadonlySet<string>): string[] {
  if (figures.length === 0) return [];
  // A trace reads hundreds of parameter versions and a package declares a few unverified ones: only reads of those
  // are recorded (checking every read by id is far cheaper than recording every read).
  const doubted = new Set(figures.map((f) => f.parameter));
  const read = new Set<string>();
  for (const entry of trace) {
    if (readers !== undefined && !readers.has(entry.ruleId)) continue;
    for (const p of entry.parameters) if (doubted.has(p.id)) read.add(`${p.id}|${p.effectiveFrom}`).add(p.id);
  }
  return figures
    .filter((f) => read.has(f.effective_from ? `${f.parameter}|${f.effective_from}` : f.parameter))
    .map((f) => `Unverified figure used: ${f.parameter}${f.effective_from ? ` (version from ${f.effective_from})` : ''}. ${f.reason}`);
}

/** Ids of the derived rules whose formulas name an unverified parameter (any version): the only trace entries that can read one. */
export function unverifiedReaders(program: CompiledProgram, figures: readonly UnverifiedFigure[]): Set<string> {
  const doubted = new Set(figures.map((f) => f.parameter));
  const readers = new Set<string>();
  for (const rule of program.derived.values()) {
    for (const name of rule.deps.params) if (doubted.has(program.parameters.get(name)?.id ?? name)) readers.add(rule.id);
  }
  return readers;
}
