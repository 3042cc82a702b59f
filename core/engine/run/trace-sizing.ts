/**
 * Trace sizes for one compiled package (docs/calculation.md "Trace sizes"): whether an answer that carries no
 * trace can be evaluated without one, and which recorded entries an answer carries for each size.
 */
import type { MappedHousehold } from '../../domain/household/map.js';
import { fiscalYearOf, periodStart } from '../../domain/household/period.js';
import type { TraceChoice } from '../../ports/calculator.js';
import type { CompiledVersion, RuntimePackage, TraceEntry as EngineTrace } from '../index.js';
import { liveVersion } from '../explain/ir-walker.js';
import type { FiscalFigures } from './carried-forward.js';
import { decisiveTrace, type DecisiveStart } from './decisive-trace.js';
import type { UnverifiedFigure } from './unverified-figures.js';

/** One declared unverified figure as the versions it can be read from: its own parameter's and its bound hooks'. */
interface Doubt {
  readonly versions: ReadonlyArray<readonly CompiledVersion[]>;
  /** undefined: every version is in doubt. */
  readonly effectiveFrom: string | undefined;
  /** The parameter was not found among the program's (never expected): always possibly read. */
  readonly unknown: boolean;
}

export class TraceSizing {
  private readonly doubts: readonly Doubt[];

  constructor(
    private readonly pkg: RuntimePackage,
    private readonly unitId: string,
    /** The person entity's kind and the package's person outputs (decisive starts from them too). */
    private readonly person: { kind: string; outputs: readonly string[] },
    /**
     * What besides the answer's trace reads the engine's trace: the carried-forward warning (the fiscal figures),
     * unverified-figure warnings (the figures and the hooks each is also read as) and person outputs.
     */
    private readonly readers: { fiscal: FiscalFigures | undefined; unverified: readonly UnverifiedFigure[]; hooks: ReadonlyMap<string, readonly string[]> },
  ) {
    const byId = new Map([...pkg.program.parameters.values()].map((p) => [p.id, p.versions] as const));
    this.doubts = readers.unverified.map((f) => {
      const ids = [f.parameter, ...(readers.hooks.get(f.parameter) ?? [])];
      const versions = ids.map((id) => byId.get(id)).filter((v): v is readonly CompiledVersion[] => v !== undefined);
      return { versions, effectiveFrom: f.effective_from || undefined, unknown: !byId.has(f.parameter) };
    });
  }

  /**
   * How much of the engine's trace the evaluation records: all of it (true) unless the answer carries none and no
   * warning or person output reads it for this period. A month past the last encoded fiscal year reads it for its
   * warning. A month in which a version declared unverified is the live one (the version a read would take) reads
   * it only if the evaluation read that version: `'if-doubted-read'` lets the evaluator leave the trace out when it
   * certainly did not (docs/calculation.md "Trace sizes").
   */
  traceFor(choice: TraceChoice | undefined, period: string): boolean | 'if-doubted-read' {
    if (choice?.size !== 'none') return true;
    if (this.person.outputs.length > 0) return true;
    const start = periodStart(period);
    const fiscal = this.readers.fiscal;
    if (fiscal !== undefined && fiscalYearOf(start) > fiscal.lastFiscalYear) return true;
    return this.doubtedAt(start) ? 'if-doubted-read' : false;
  }

  /** Whether a read at `start` could take a version declared unverified (then its warning needs the trace). */
  private doubtedAt(start: string): boolean {
    return this.doubts.some((d) => d.unknown || d.effectiveFrom === undefined || d.versions.some((versions) => liveVersion(versions, start)?.from === d.effectiveFrom));
  }

  /** The recorded entries the answer carries: all (full), the decisive ones, or none. */
  entries(choice: TraceChoice | undefined, trace: readonly EngineTrace[], household: MappedHousehold): readonly EngineTrace[] {
    const size = choice?.size ?? 'full';
    if (size === 'full') return trace;
    if (size === 'none') return [];
    return decisiveTrace(this.pkg.program, trace, household.month.start, household.relations, this.starts(choice as TraceChoice, household));
  }

  /** The returned outputs at the unit, and each listed person's person outputs. */
  private starts(choice: TraceChoice, household: MappedHousehold): DecisiveStart[] {
    const starts: DecisiveStart[] = [{ names: choice.returned, entity: this.unitId }];
    if (this.person.outputs.length === 0) return starts;
    for (const id in household.kinds) if (household.kinds[id] === this.person.kind) starts.push({ names: this.person.outputs, entity: id });
    return starts;
  }
}
