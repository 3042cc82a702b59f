/**
 * A screen package (docs/screening.md): the programs of one jurisdiction merged into one package
 * (package/merge-specs.ts), evaluated once per household; each program's answer is then read from that one
 * evaluation by the program's own package (CompiledPackage.partOf), so its outputs, warnings and person outputs
 * are what POST /v1/calculate of that program gives for the same household.
 */
import type { MappedHousehold } from '../../domain/household/map.js';
import type { SweepAxisSlot, SweepExecution, SweepLimitsConfig } from '../../ports/sweeper.js';
import type { TraceSize } from '../../ports/calculator.js';
import type { MemberExecution, ScreenablePackage, ScreenExecution, ScreenMember, ScreeningTerms } from '../../ports/screener.js';
import type { ScreeningProfile } from '../package/program-profile.js';
import type { CompiledPackage } from './compiled-package.js';
import { traceSlices } from './person-outputs.js';

function termsOf(profile: ScreeningProfile): ScreeningTerms {
  return {
    eligible: profile.eligible,
    ...(profile.amount ? { amount: profile.amount } : {}),
    amount_period: profile.amountPeriod,
    kind: profile.kind,
    recipient: profile.recipient,
    person_eligible: profile.personEligible,
    person_eligible_values: profile.personEligibleValues,
    tests: profile.tests,
    links: profile.links,
  };
}

export function memberOf(pkg: CompiledPackage): ScreenMember {
  const program = pkg.pkg.program;
  return {
    package: pkg,
    terms: termsOf(pkg.pkg.spec.profile.screening!),
    rule(name) {
      const rule = program.derived.get(name);
      return rule ? { rule_id: rule.id, sources: rule.sources } : undefined;
    },
  };
}

/**
 * What a screen evaluates of one program: what POST /v1/calculate of it evaluates by default (its default outputs,
 * and the outputs that settle or stand in for its material facts), plus what its screening terms read.
 */
function screenOutputs(pkg: CompiledPackage): string[] {
  const { household, person, screening } = pkg.pkg.spec.profile;
  const material = [...Object.values(household.material), ...Object.values(person.material)].flatMap((m) => [m.unless_output, m.inferred_from]);
  const terms = screening ? [...screening.eligible, screening.amount, ...screening.tests, ...screening.links.map((l) => l.used)] : [];
  const known = new Set(pkg.outputs);
  return [...pkg.default_outputs, ...material, ...terms].filter((name): name is string => name !== undefined && known.has(name));
}

export class ScreenPackage implements ScreenablePackage {
  readonly jurisdiction: string;
  readonly digest: string;
  readonly members: readonly ScreenMember[];
  private readonly outputs: readonly string[];
  /** The rules whose unit values a program's answer reads: its tests, eligibility outputs and links (program-result.ts). */
  private readonly unitRules: ReadonlySet<string>;
  /** Per member, the outputs a variant is read for: those that say eligible and how much; and all of them, once each. */
  private readonly statusOutputs: ReadonlyArray<readonly string[]>;
  private readonly variantOutputs: readonly string[];
  /** The rules whose entries the members' answers read (their warnings' readers and person outputs: ./person-outputs.ts). */
  private readonly answerRules: ReadonlySet<string>;
  /** What a screen with trace none reads of the trace: the unit rules and the members' answerRules. */
  private readonly readRules: ReadonlySet<string>;

  constructor(
    /** The merged package: every member's rules and outputs. */
    private readonly merged: CompiledPackage,
    private readonly programs: readonly CompiledPackage[],
    readonly excluded: ReadonlyArray<{ member: ScreenMember; problem: string }> = [],
  ) {
    this.jurisdiction = merged.jurisdiction;
    this.digest = merged.digest;
    this.members = programs.map(memberOf);
    // Frozen: the fast path knows a frozen output list again by identity (core/engine/fast/evaluate/package.ts).
    this.outputs = Object.freeze([...new Set(programs.flatMap(screenOutputs))]);
    this.unitRules = new Set(this.members.flatMap(({ terms }) => [...terms.tests, ...terms.eligible, ...terms.links.map((l) => l.used)]));
    this.statusOutputs = this.members.map(({ terms }) => [...terms.eligible, ...(terms.amount ? [terms.amount] : [])]);
    this.variantOutputs = Object.freeze([...new Set(this.statusOutputs.flat())]);
    this.answerRules = new Set(programs.flatMap((p) => [...p.answerRules]));
    this.readRules = new Set([...this.unitRules, ...this.answerRules]);
  }

  get shape() {
    return this.merged.shape;
  }

  /**
   * One evaluation with the trace `trace` sizes; `false`: a variant, no trace and only the outputs that say whether
   * each program is eligible and how much (a program one of them fails for reports that problem). `more` adds
   * outputs of the members to evaluate besides the screen's own (the compatibility endpoint's).
   */
  execute(household: MappedHousehold, trace: TraceSize | false = 'full', more: readonly string[] = []): ScreenExecution {
    const own = trace === false ? this.variantOutputs : this.outputs;
    const evaluated = more.length === 0 ? own : [...new Set([...own, ...more])];
    // Trace none reads only some rules' entries, unless a member warns of figures carried forward (it reads every
    // entry that read a parameter).
    const carried = this.programs.some((p) => p.carriesForward(household.period));
    const { result, unit, trace: entries } = this.merged.evaluateEach(household, evaluated, trace === false ? false : { size: trace, returned: this.outputs }, this.unitRules, carried ? undefined : this.readRules);
    // One pass picks what every program's warnings and person outputs read, rather than one pass per program.
    const slices = traceSlices(result.trace, this.answerRules, carried);
    const members: MemberExecution[] = this.programs.map((program, i) => program.partOf(result, household, trace === false ? this.statusOutputs[i] : undefined, slices));
    return { unit, trace: entries, members };
  }

  /** The exact sweep of the merged package's `outputs` (every member's rules in one walk, links computed once). */
  sweep(household: MappedHousehold, axis: SweepAxisSlot, outputs: string[], limits: SweepLimitsConfig): SweepExecution {
    return this.merged.sweep(household, axis, outputs, limits);
  }
}
