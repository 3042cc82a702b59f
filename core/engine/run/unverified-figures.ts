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

/** One declared figure as the check looks it up: its place in the declared order and the version it concerns. */
interface DoubtedVersion {
  readonly order: number;
  /** undefined: every version of the parameter. */
  readonly effectiveFrom: string | undefined;
}

/**
 * One package's unverified figures, indexed once: by parameter id, with each warning's words written up front. A
 * package declares up to about seventy (Alaska's regional utility standards), and a calculation reads a handful of
 * them at most, so per answer only the reads of the readers' entries are looked up.
 */
export class UnverifiedFigureCheck {
  readonly #byParameter = new Map<string, DoubtedVersion[]>();
  readonly #warnings: string[];

  /**
   * `readers` (from unverifiedReaders) limits the look to the entries of rules that can read one; without it every
   * entry is looked at. `hooks` (from boundHooks) names the ids a figure is also read under.
   */
  constructor(
    figures: readonly UnverifiedFigure[],
    private readonly readers?: ReadonlySet<string>,
    hooks: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    this.#warnings = figures.map((f) => `Unverified figure used: ${f.parameter}${f.effective_from ? ` (version from ${f.effective_from})` : ''}. ${f.reason}`);
    figures.forEach((f, order) => {
      for (const id of [f.parameter, ...(hooks.get(f.parameter) ?? [])]) {
        const versions = this.#byParameter.get(id) ?? [];
        versions.push({ order, effectiveFrom: f.effective_from || undefined });
        this.#byParameter.set(id, versions);
      }
    });
  }

  /** One warning per unverified figure the trace read, in the declared order. */
  warnings(trace: readonly EngineTrace[]): string[] {
    if (this.#warnings.length === 0) return [];
    let read: boolean[] | undefined;
    for (const entry of trace) {
      // Most entries read no parameter at all: that is cheaper to see than whether the rule is a reader.
      if (entry.parameters.length === 0 || (this.readers !== undefined && !this.readers.has(entry.ruleId))) continue;
      for (const p of entry.parameters) {
        const versions = this.#byParameter.get(p.id);
        if (versions === undefined) continue;
        for (const v of versions) if (v.effectiveFrom === undefined || v.effectiveFrom === p.effectiveFrom) (read ??= [])[v.order] = true;
      }
    }
    return read === undefined ? [] : this.#warnings.filter((_, order) => read[order] === true);
  }
}

/** One warning per unverified figure the trace read (in the declared order); see UnverifiedFigureCheck. */
export function unverifiedWarnings(figures: readonly UnverifiedFigure[], trace: readonly EngineTrace[], readers?: ReadonlySet<string>, hooks?: ReadonlyMap<string, readonly string[]>): string[] {
  return new UnverifiedFigureCheck(figures, readers, hooks).warnings(trace);
}

/**
 * Parameter id -> the ids of the hooks a `sets` binding gives its versions. A State parameter bound to a federal hook
 * is read as the hook (with the State's version dates), so a doubt declared on the State's parameter follows it there.
 */
export function boundHooks(program: CompiledProgram): Map<string, string[]> {
  const hooks = new Map<string, string[]>();
  for (const parameter of program.parameters.values()) {
    const value = parameter.boundBy?.value;
    if (value !== undefined) hooks.set(value, [...(hooks.get(value) ?? []), parameter.id]);
  }
  return hooks;
}

/** Ids of the derived rules whose formulas name an unverified parameter (any version, or a hook bound to one): the only trace entries that can read one. */
export function unverifiedReaders(program: CompiledProgram, figures: readonly UnverifiedFigure[], hooks: ReadonlyMap<string, readonly string[]> = boundHooks(program)): Set<string> {
  const doubted = new Set(figures.flatMap((f) => [f.parameter, ...(hooks.get(f.parameter) ?? [])]));
  const readers = new Set<string>();
  for (const rule of program.derived.values()) {
    for (const name of rule.deps.params) if (doubted.has(program.parameters.get(name)?.id ?? name)) readers.add(rule.id);
  }
  return readers;
}
