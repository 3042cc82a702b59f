/**
 * The compatibility endpoint's use case, built once per app by the composition with its dependencies: the
 * calculation service (whose meter charges each SNAP or Lifeline calculation the translation runs, as calculate does)
 * and the app's calculators (whether any package of the program is executable).
 */
import type { WireHousehold } from '../../domain/compat/wire.js';
import { calculationUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { Calculations } from '../../ports/calculations.js';
import type { Calculator } from '../../ports/calculator.js';
import { calculateHousehold, type CompatDeps, type CompatResult } from './household-compat.js';

export class HouseholdCompatService {
  constructor(
    private readonly calculation: Calculations,
    private readonly calculators: readonly Calculator[],
  ) {}

  /** Translates and calculates one wire household; each monthly calculation is charged to the principal. */
  calculate(wire: WireHousehold, requestId: string, principal: Principal | null): Promise<CompatResult> {
    return calculateHousehold(wire, requestId, this.deps(principal));
  }

  private deps(principal: Principal | null): CompatDeps {
    const { calculation, calculators } = this;
    return {
      findPackage: (program, jurisdiction) => {
        const pkg = calculation.find(program, jurisdiction);
        return pkg === undefined ? undefined : { runtime_id: pkg.runtime_id, mode: pkg.mode, inputs: new Set(Object.keys(pkg.shape.household_aliases ?? {})) };
      },
      available: (program) => calculators.some((c) => c.packages().some((p) => p.program_id === program)),
      calculate: async (program, jurisdiction, household, variables) => {
        const prepared = calculation.prepare({ program_id: program, jurisdiction, household, variables });
        await calculation.meter.charge(principal, calculationUnits(1));
        return calculation.run(prepared);
      },
    };
  }
}
