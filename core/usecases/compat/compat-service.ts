/**
 * The compatibility endpoint's use case, built once per app by the composition with its dependencies: the
 * calculation service (whose meter charges each calculation the translation runs, as calculate does), the app's
 * calculators (whether any package of the program is executable) and the screen service, which evaluates several
 * programs of one SPM unit-month together (one household mapping, the links between programs computed once).
 */
import type { WireHousehold } from '../../domain/compat/wire.js';
import { assumptionsWarning } from '../../domain/household/assumptions.js';
import type { JsonValue } from '../../domain/household/shape.js';
import { calculationUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { Calculations } from '../../ports/calculations.js';
import type { CalculateResponse, Calculator } from '../../ports/calculator.js';
import { ENGINE_NAME, EXPERIMENTAL_WARNING } from '../calculate/calculate.js';
import type { MembersRun, ScreenService } from '../screen/screen.js';
import { calculateHousehold, type CompatDeps, type CompatResult } from './household-compat.js';

export class HouseholdCompatService {
  constructor(
    private readonly calculation: Calculations,
    private readonly calculators: readonly Calculator[],
    /** Absent: every program runs alone. */
    private readonly screens?: ScreenService,
  ) {}

  /** Translates and calculates one wire household; each program's monthly calculation is charged to the principal. */
  calculate(wire: WireHousehold, requestId: string, principal: Principal | null): Promise<CompatResult> {
    return calculateHousehold(wire, requestId, this.deps(principal));
  }

  private deps(principal: Principal | null): CompatDeps {
    const { calculation, calculators, screens } = this;
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
      ...(screens === undefined ? {} : {
        calculateTogether: async (programs, jurisdiction, household, outputs) => {
          const more = [...new Set(Object.values(outputs).flat())];
          // The same charge as the programs one by one: one unit per program's monthly calculation, before it runs.
          const charge = (): Promise<void> => calculation.meter.charge(principal, calculationUnits(programs.length));
          // A fact given at two levels (is_homeless of the household and of each member) reaches each program at the
          // level it reads (docs/household.md "One name, two levels"), so a household one program alone takes is not refused.
          const run = await screens.evaluateMembers(jurisdiction, programs, household as Record<string, JsonValue>, more, charge);
          if (typeof run === 'string') return null;
          return Object.fromEntries(run.members.map((member) => [member.package.program_id, asCalculation(run, member, jurisdiction)]));
        },
      }),
    };
  }
}

/** A member's part of one evaluation in the shape of its own calculation (the trace is the whole evaluation's). */
function asCalculation(run: MembersRun, member: MembersRun['members'][number], jurisdiction: string): CalculateResponse {
  const { part, package: pkg } = member;
  if ('problem' in part) throw part.problem;
  return {
    engine: ENGINE_NAME,
    runtime: { id: pkg.runtime_id, mode: pkg.mode },
    program_id: pkg.program_id,
    jurisdiction,
    package_digest: pkg.digest,
    period: member.period,
    outputs: part.outputs,
    ...(part.person_outputs ? { person_outputs: part.person_outputs } : {}),
    trace: run.trace,
    warnings: [EXPERIMENTAL_WARNING, ...member.warnings, ...part.warnings, ...(member.assumptions.length > 0 ? [assumptionsWarning(member.assumptions)] : [])],
    assumptions: member.assumptions,
  };
}
