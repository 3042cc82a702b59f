/**
 * The screen use case (POST /v1/screen; docs/screening.md): every screenable program of a jurisdiction on one
 * household, in one evaluation of the programs' merged package; per program its status, amount, recipients, deciding
 * rule, links, assumptions and warnings; totals; `undetermined` where a fact not given decides a program; and, on
 * request, the next questions ranked by how much the answer could change.
 */
import { ServiceError } from '../../domain/errors.js';
import { AssumptionWords, assumptionsWarning, settled, type Assumption } from '../../domain/household/assumptions.js';
import { mapHousehold, type MappedHousehold } from '../../domain/household/map.js';
import { PartAssumptions } from '../../domain/household/part-assumptions.js';
import { restrictHousehold } from '../../domain/household/restrict.js';
import { indexShape, type JsonValue, type ShapeIndex } from '../../domain/household/shape.js';
import { calculationUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { TraceSize } from '../../ports/calculator.js';
import type { ComputeMeter } from '../../ports/compute-meter.js';
import type { ProbedFact, ScreenablePackage, ScreenExecution, Screener, ScreenMember, ScreenProgramResult, ScreenQuestion, ScreenRequest, ScreenResponse } from '../../ports/screener.js';
import { EXPERIMENTAL_WARNING, FREE_METER } from '../calculate/calculate.js';
import { probedFacts, probedWarning, sweepAsked, withSweeps } from './fact-questions.js';
import { programResult, type UnitValues } from './program-result.js';
import { screenQuestions, settleUndetermined, type VariantOutcome } from './undetermined.js';
import { levelWarnings } from './levels.js';
import { screenTotals } from './totals.js';
import { variantsOf, type Variant } from './variants.js';
import { variantMapping } from './variant-mapping.js';

export const TRACE_LEFT_OUT_WARNING = 'The trace was left out on request (trace: "none"); ask with trace "full" for every rule and its sources.';

export interface ScreenConfig {
  /** Charges one compute unit per program screened (the key layer's meter); default: free. */
  meter?: ComputeMeter;
}

/** What mapping keeps per screen package and member: shape indexes and assumption words, made once each. */
interface ScreenMapping {
  readonly index: ShapeIndex;
  readonly words: AssumptionWords;
  /** Per member: its own index and words, and its assumptions read from the merged mapping where the shapes line up. */
  readonly members: ReadonlyArray<{ index: ShapeIndex; words: AssumptionWords; part: PartAssumptions }>;
}

export class ScreenService {
  private readonly mappings = new WeakMap<ScreenablePackage, ScreenMapping>();

  constructor(
    private readonly screener: Screener,
    private readonly config: ScreenConfig = {},
  ) {}

  /** The programs a screen of `jurisdiction` runs by default. */
  programs(jurisdiction: string): readonly string[] {
    return this.screener.programs(jurisdiction);
  }

  /** Resolves the programs (422 unsupported_program naming what a screen can run) and their merged package. */
  prepare(request: Pick<ScreenRequest, 'jurisdiction' | 'programs'>): ScreenablePackage {
    const available = this.screener.programs(request.jurisdiction);
    const programs = request.programs && request.programs.length > 0 ? [...new Set(request.programs)] : [...available];
    if (programs.length === 0) throw new ServiceError('unsupported_program', `No screenable program is bundled for jurisdiction ${request.jurisdiction}.`);
    const screen = this.screener.screenable(request.jurisdiction, programs);
    if (typeof screen === 'string') throw new ServiceError('unsupported_program', `Cannot screen ${programs.join(', ')} in ${request.jurisdiction}: ${screen}`);
    return screen;
  }

  async screen(request: ScreenRequest, principal: Principal | null = null): Promise<ScreenResponse> {
    const screen = this.prepare(request);
    await (this.config.meter ?? FREE_METER).charge(principal, calculationUnits(screen.members.length));
    const mapping = this.mapping(screen);
    // Parsed JSON (the body schema checked it is an object): its values are JSON values.
    const household = request.household as Record<string, JsonValue>;
    const base = this.run(screen, mapping, household, request.trace ?? 'full');
    // In member order: the variants' executions list the members in that order (settleUndetermined, screenQuestions).
    const results = screen.members.map((member, i) => programResult(member, base.execution.members[i], base.assumptions[i], base.values));
    const assumed = uniqueAssumptions(base.assumptions.flat());
    const asked = request.questions ?? 0;
    if (request.assume_defaults && asked === 0) return this.answer(request, screen, base, results, assumed);
    const context = { screen, index: mapping.index, memberIndexes: mapping.members.map((m) => m.index), household, base: base.execution, assumed };
    const evaluate = (variants: Variant[]) => this.outcomes(screen, mapping, base.mapped, variants);
    const probed = evaluate(variantsOf(assumed, household, mapping.index));
    // The amounts and counts among the questions asked are swept exactly (fact-questions.ts); the others stay probed.
    const { outcomes, sweeps } = asked > 0 ? sweepAsked(context, probed, screenQuestions(screen.members, results, base.execution, probed, mapping.index, asked), evaluate) : { outcomes: probed, sweeps: new Map() };
    if (!request.assume_defaults) settleUndetermined(screen.members, results, base.assumptions, outcomes);
    const questions = asked > 0 ? withSweeps(screenQuestions(screen.members, results, base.execution, outcomes, mapping.index, asked), sweeps) : undefined;
    return this.answer(request, screen, base, results, assumed, { questions, probed: probedFacts(context, sweeps, asked > 0) });
  }

  /** The answer: the programs (those kept out of the evaluation too) in program-id order, totals, warnings, trace. */
  private answer(request: ScreenRequest, screen: ScreenablePackage, base: BaseRun, results: ScreenProgramResult[], assumed: Assumption[], asked: { questions?: ScreenQuestion[]; probed?: ProbedFact[] } = {}): ScreenResponse {
    const withTrace = (request.trace ?? 'full') !== 'none';
    const mapping = this.mapping(screen);
    const levels = levelWarnings(mapping.index, screen.members.map((m, i) => ({ program_id: m.package.program_id, index: mapping.members[i].index })), request.household as Record<string, JsonValue>);
    const probed = asked.probed && asked.probed.length > 0 ? asked.probed : undefined;
    const warnings = [EXPERIMENTAL_WARNING, ...base.warnings, ...levels, ...(assumed.length > 0 ? [assumptionsWarning(assumed)] : []), ...(probed ? [probedWarning(probed)] : []), ...(withTrace ? [] : [TRACE_LEFT_OUT_WARNING])];
    const excluded = screen.excluded.map(({ member, problem }) => programResult(member, { problem: new ServiceError('unsupported_program', `${problem}. Calculate it alone with POST /v1/calculate.`) }, [], base.values));
    const programs = [...results, ...excluded].sort((a, b) => a.program_id.localeCompare(b.program_id));
    return {
      jurisdiction: screen.jurisdiction,
      period: base.period,
      package_digest: screen.digest,
      programs,
      totals: screenTotals(programs),
      assumptions: assumed,
      warnings,
      ...(asked.questions ? { questions: asked.questions } : {}),
      ...(probed ? { probed_facts: probed } : {}),
      trace: withTrace ? base.execution.trace : [],
    };
  }

  /**
   * Each program's answer as POST /v1/calculate of it alone gives it (outputs, person outputs, warnings, assumptions),
   * from one evaluation of their merged package that also evaluates `outputs` (the compatibility endpoint asks for
   * some a screen does not need); a string says why the programs cannot be evaluated together here. The household is
   * mapped first (a household the merged package refuses throws invalid_household); `before` runs then, before the
   * evaluation (the caller's charge).
   */
  async evaluateMembers(jurisdiction: string, programs: readonly string[], household: Record<string, JsonValue>, outputs: readonly string[], before?: () => Promise<void>): Promise<MembersRun | string> {
    const screen = this.screener.screenable(jurisdiction, programs);
    if (typeof screen === 'string') return screen;
    if (screen.excluded.length > 0) return screen.excluded.map((e) => e.problem).join('; ');
    const mapping = this.mapping(screen);
    const mapped = mapHousehold(mapping.index, household, mapping.words);
    const own = screen.members.map((_, i) => mapHousehold(mapping.members[i].index, restrictHousehold(mapping.members[i].index, household, mapping.index), mapping.members[i].words));
    await before?.();
    const execution = screen.execute(mapped, 'full', outputs);
    const members = screen.members.map((member, i) => {
      const part = execution.members[i];
      return { package: member.package, period: own[i].period, warnings: own[i].warnings, part, assumptions: 'problem' in part ? [] : settled(own[i].assumptions, part.outputs, part.person_outputs) };
    });
    return { trace: execution.trace, members };
  }

  /**
   * Each variant's evaluation, on the base mapping with its one fact set where that is exact (./variant-mapping.ts);
   * a variant the packages refuse (a value outside what one accepts) is left out.
   */
  private outcomes(screen: ScreenablePackage, mapping: ScreenMapping, base: MappedHousehold, variants: readonly Variant[]): VariantOutcome[] {
    const outcomes: VariantOutcome[] = [];
    for (const variant of variants) {
      try {
        const mapped = variantMapping(mapping.index, base, variant);
        outcomes.push({ variant, execution: mapped ? screen.execute(mapped, false) : this.run(screen, mapping, variant.household, false).execution });
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== 'invalid_household') throw error;
      }
    }
    return outcomes;
  }

  /**
   * One evaluation of the merged package with the trace `trace` sizes, and each member's assumptions from its own
   * view of the household; `false`: a variant, outputs only (read for status and amount), no assumptions.
   */
  private run(screen: ScreenablePackage, mapping: ScreenMapping, household: Record<string, JsonValue>, trace: TraceSize | false): BaseRun {
    const mapped = mapHousehold(mapping.index, household, mapping.words);
    const execution = screen.execute(mapped, trace);
    const assumptions = trace !== false ? screen.members.map((_, i) => this.memberAssumptions(mapping, i, household, mapped, execution)) : [];
    return { period: mapped.period, warnings: mapped.warnings, mapped, execution, values: execution.unit, assumptions };
  }

  /**
   * The defaults this program relied on, as POST /v1/calculate of it alone would list them: read from the merged
   * mapping (core/domain/household/part-assumptions.ts), else from mapping the household as the program alone reads it.
   */
  private memberAssumptions(mapping: ScreenMapping, i: number, household: Record<string, JsonValue>, merged: MappedHousehold, execution: ScreenExecution): Assumption[] {
    const part = execution.members[i];
    if ('problem' in part) return [];
    const own = mapping.members[i];
    const pending = own.part.pending(merged, household) ?? mapHousehold(own.index, restrictHousehold(own.index, household, mapping.index), own.words).assumptions;
    return settled(pending, part.outputs, part.person_outputs);
  }

  private mapping(screen: ScreenablePackage): ScreenMapping {
    let mapping = this.mappings.get(screen);
    if (!mapping) {
      const index = indexShape(screen.shape);
      const members = screen.members.map((member) => {
        const own = indexShape(member.package.shape);
        const words = new AssumptionWords();
        return { index: own, words, part: new PartAssumptions(own, index, words) };
      });
      mapping = { index, words: new AssumptionWords(), members };
      this.mappings.set(screen, mapping);
    }
    return mapping;
  }
}

/** One evaluation of several programs, each member's part as its own calculation would give it (evaluateMembers). */
export interface MembersRun {
  trace: ScreenExecution['trace'];
  members: Array<{ package: ScreenMember['package']; period: string; warnings: string[]; part: ScreenExecution['members'][number]; assumptions: Assumption[] }>;
}

interface BaseRun {
  period: string;
  warnings: string[];
  mapped: MappedHousehold;
  execution: ScreenExecution;
  values: UnitValues;
  /** Per member (empty for a variant run). */
  assumptions: Assumption[][];
}

/** Each (entity, input) once, the first program's words. */
function uniqueAssumptions(all: readonly Assumption[]): Assumption[] {
  const seen = new Set<string>();
  return all.filter((a) => {
    const key = `${a.entity_id}\u0000${a.input}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
