/**
 * Trace sizes for one compiled package (docs/calculation.md "Trace sizes"): whether an answer that carries no
 * trace can be evaluated without one, and which recorded entries an answer carries for each size.
 */
import type { MappedHousehold } from '../../domain/household/map.js';
import { fiscalYearOf, periodStart } from '../../domain/household/period.js';
import type { TraceChoice } from '../../ports/calculator.js';
import type { RuntimePackage, TraceEntry as EngineTrace } from '../index.js';
import type { FiscalFigures } from './carried-forward.js';
import { decisiveTrace, type DecisiveStart } from './decisive-trace.js';

export class TraceSizing {
  constructor(
    private readonly pkg: RuntimePackage,
    private readonly unitId: string,
    /** The person entity's kind and the package's person outputs (decisive starts from them too). */
    private readonly person: { kind: string; outputs: readonly string[] },
    /**
     * What besides the answer's trace reads the engine's trace: the carried-forward warning (the fiscal figures),
     * unverified-figure warnings (whether the package declares any) and person outputs.
     */
    private readonly readers: { fiscal: FiscalFigures | undefined; unverified: boolean },
  ) {}

  /**
   * Whether the evaluation needs the engine's trace: always unless the answer carries none and no warning or
   * person output reads it for this period (a month past the last encoded fiscal year reads it for its warning).
   */
  needsTrace(choice: TraceChoice | undefined, period: string): boolean {
    if (choice?.size !== 'none') return true;
    if (this.readers.unverified || this.person.outputs.length > 0) return true;
    const fiscal = this.readers.fiscal;
    return fiscal !== undefined && fiscalYearOf(periodStart(period)) > fiscal.lastFiscalYear;
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
