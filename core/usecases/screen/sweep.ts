/**
 * POST /v1/screen/sweep, service.screenSweep and the chart of `tenet screen` (docs/screening.md "Cliffs across
 * programs"): a screen's request plus an axis. The screen's merged package is swept once over the axis (every
 * program's rules in one walk, links such as SNAP for school meals computed once), and the programs' eligibility and
 * amount outputs are combined exactly into each program's status and amount, the monthly total and its cliffs, every
 * breakpoint naming the program and the rule that causes it. A plain screen at the start of the range gives the
 * period, assumptions, warnings, the programs that cannot be computed and those a fact not given decides.
 */
import { ServiceError } from '../../domain/errors.js';
import type { Assumption } from '../../domain/household/assumptions.js';
import { mapHousehold } from '../../domain/household/map.js';
import { indexShape, type ShapeIndex } from '../../domain/household/shape.js';
import { screenSweepUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { ComputeMeter } from '../../ports/compute-meter.js';
import type { ScreenablePackage, ScreenMember, ScreenProgramResult, ScreenResponse } from '../../ports/screener.js';
import type { SweepExecution } from '../../ports/sweeper.js';
import { DEFAULT_TIME_LIMIT_MS, FREE_METER } from '../calculate/calculate.js';
import { householdAt, resolveAxis } from '../calculate/sweep-axis.js';
import { probedWarning } from './fact-questions.js';
import { TRACE_LEFT_OUT_WARNING, type ScreenService } from './screen.js';
import { chooseAxis, type ScreenSweepAxisRequest } from './sweep-axis.js';
import { combine, programOutputs, type Cliff, type CombinedProgram, type TotalBreakpoint } from './sweep-combine.js';
import { breakpointCauses, type BreakpointCause, type ScreenSweepDetail } from './sweep-detail.js';
import { SCREEN_SWEEP_LIMITS } from './sweep-limits.js';
import { Exact, Grid } from './sweep-lines.js';

export interface ScreenSweepRequest {
  jurisdiction: string;
  household: Record<string, unknown>;
  programs?: string[];
  /** true: no check for programs a fact not given decides at the start of the range (the sweep is on defaults either way). */
  assume_defaults?: boolean;
  axis: ScreenSweepAxisRequest;
  /** "full" (default): every description; "total": what a chart draws (sweep-detail.ts). */
  detail?: ScreenSweepDetail;
}

export interface ScreenSweepProgram extends Omit<CombinedProgram, 'status'> {
  kind: ScreenMember['terms']['kind'];
  amount_period: 'month' | 'year';
  status: CombinedProgram['status'] | null;
  undetermined_facts?: string[];
  warnings: string[];
  error?: { code: string; message: string };
}

export interface ScreenSweepResponse {
  jurisdiction: string;
  period: string;
  package_digest: string;
  axis: { input: string; person?: string; from: number; to: number; step: number; defaulted: boolean };
  total: { segments: TotalSegment[]; breakpoints: TotalBreakpoint[] };
  cliffs: Cliff[];
  programs: ScreenSweepProgram[];
  rules: Record<string, { sources: string[] }>;
  assumptions: Assumption[];
  warnings: string[];
}

type TotalSegment = { from: number | string; to: number | string; value: number | string; slope: number | string };

/** The answer with detail "total": the total's breakpoints counted by cause, no program amounts. */
export interface ScreenSweepTotalResponse extends Omit<ScreenSweepResponse, 'total' | 'programs'> {
  total: { segments: TotalSegment[]; breakpoint_causes: BreakpointCause[] };
  programs: Array<Omit<ScreenSweepProgram, 'amount'>>;
}

export interface ScreenSweepOptions {
  /** Charges the sweep's compute units (the key layer's meter); default: free. */
  meter?: ComputeMeter;
  /** The per-calculation time limit; a sweep over it is a runtime_error. */
  timeLimitMs?: number;
  /** Narrower limits than SCREEN_SWEEP_LIMITS (tests reach them with small ranges). */
  limits?: Partial<Pick<typeof SCREEN_SWEEP_LIMITS, 'segments' | 'steps'>>;
}

export class ScreenSweepService {
  private readonly shapes = new WeakMap<ScreenablePackage, ShapeIndex>();

  constructor(
    /** Screens the start of the range; not metered (the sweep's units cover it). */
    private readonly screens: ScreenService,
    private readonly options: ScreenSweepOptions = {},
  ) {}

  /** Checks the request (422 programs, 400 axis), charges the sweep's units, screens the start, sweeps, combines. */
  async sweep(request: ScreenSweepRequest & { detail?: 'full' }, principal?: Principal | null): Promise<ScreenSweepResponse>;
  async sweep(request: ScreenSweepRequest, principal?: Principal | null): Promise<ScreenSweepResponse | ScreenSweepTotalResponse>;
  async sweep(request: ScreenSweepRequest, principal: Principal | null = null): Promise<ScreenSweepResponse | ScreenSweepTotalResponse> {
    const screen = this.screens.prepare(request);
    const index = this.shapeIndex(screen);
    const chosen = chooseAxis(request.axis, request.household);
    const axis = resolveAxis(index, chosen.axis, request.household);
    const household = householdAt(request.household, axis, chosen.axis.person, chosen.axis.from);
    await (this.options.meter ?? FREE_METER).charge(principal, screenSweepUnits(screen.members.length));

    const start = await this.screens.screen({ jurisdiction: request.jurisdiction, household, ...(request.programs ? { programs: request.programs } : {}), assume_defaults: request.assume_defaults === true, trace: 'none' });
    const computed = screen.members.filter((member) => !start.programs.find((p) => p.program_id === member.package.program_id)?.error);
    const outputs = [...new Set(computed.flatMap((m) => [...m.terms.eligible, ...(m.terms.amount ? [m.terms.amount] : [])]))];
    const mapped = mapHousehold(index, household);
    mapped.inputs[axis.entityId] = { ...mapped.inputs[axis.entityId], [axis.input.name]: chosen.axis.from };
    const started = Date.now();
    const limits = { ...SCREEN_SWEEP_LIMITS, ...this.options.limits };
    const swept = screen.sweep(mapped, { input: axis.input.name, entity_id: axis.entityId, from: axis.from, to: axis.to, step: axis.step }, outputs, {
      maxSegments: limits.segments,
      maxSteps: limits.steps,
    });
    const limit = this.options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    if (Date.now() - started > limit) throw new ServiceError('runtime_error', `The sweep exceeded the per-calculation time limit of ${limit} ms; narrow the range.`);

    const grid = new Grid(new Exact(axis.from), new Exact(axis.step), new Exact(axis.to));
    const combined = combine(computed.map((member) => programOutputs(member, swept)), grid);
    checkSegments(combined.total.segments.length, 'the total', limits.segments);
    const programs = this.programs(screen, start, combined.programs);
    const answer: ScreenSweepResponse = {
      jurisdiction: screen.jurisdiction,
      period: start.period,
      package_digest: screen.digest,
      axis: { input: chosen.axis.input, ...(chosen.axis.person !== undefined ? { person: chosen.axis.person } : {}), from: chosen.axis.from, to: chosen.axis.to, step: Number(axis.step), defaulted: chosen.assumption !== undefined },
      total: combined.total,
      cliffs: combined.cliffs,
      programs,
      rules: rulesNamed(screen.members, swept, programs, combined),
      assumptions: [...(chosen.assumption ? [chosen.assumption] : []), ...start.assumptions],
      warnings: warningsOf(start, programs),
    };
    return request.detail === 'total' ? totalOnly(answer, rulesNamed(screen.members, swept, programs.map(withoutAmount), combined)) : answer;
  }

  /** Every program asked for, in program-id order as a screen gives them: described, or with why it is not. */
  private programs(screen: ScreenablePackage, start: ScreenResponse, combined: readonly CombinedProgram[]): ScreenSweepProgram[] {
    const all = [...screen.members, ...screen.excluded.map((e) => e.member)];
    return all
      .map((member): ScreenSweepProgram => {
        const id = member.package.program_id;
        const result = start.programs.find((p) => p.program_id === id) as ScreenProgramResult;
        const found = combined.find((c) => c.program_id === id);
        const base = { program_id: id, kind: member.terms.kind, amount_period: member.terms.amount_period, warnings: result.warnings };
        if (!found) return { ...base, in_total: false, status: null, amount: null, error: result.error };
        const undetermined = result.status === 'undetermined' && result.range ? { undetermined_facts: result.range.facts } : {};
        return { ...base, ...found, ...undetermined };
      })
      .sort((a, b) => a.program_id.localeCompare(b.program_id));
  }

  private shapeIndex(screen: ScreenablePackage): ShapeIndex {
    let index = this.shapes.get(screen);
    if (!index) this.shapes.set(screen, (index = indexShape(screen.shape)));
    return index;
  }
}

/** The answer with detail "total" (sweep-detail.ts), in the same field order; rules: those it still names. */
function totalOnly(answer: ScreenSweepResponse, rules: ScreenSweepResponse['rules']): ScreenSweepTotalResponse {
  const total = { segments: answer.total.segments, breakpoint_causes: breakpointCauses(answer.total.breakpoints) };
  return { ...answer, total, programs: answer.programs.map(withoutAmount), rules };
}

/** A program without its amount description (detail "total"): the status, warnings and error stay. */
function withoutAmount({ amount: _amount, ...program }: ScreenSweepProgram): Omit<ScreenSweepProgram, 'amount'> {
  return program;
}

/** The total has at most as many segments as its programs' outputs together: checked apart from each output's. */
function checkSegments(count: number, what: string, limit: number): void {
  if (count > limit) throw new ServiceError('invalid_request', `axis: ${what} has more than ${limit} segments over this range; narrow the range`);
}

/** The sources of each rule the answer names, once. */
function rulesNamed(members: readonly ScreenMember[], swept: SweepExecution, programs: ReadonlyArray<Omit<ScreenSweepProgram, 'amount'> & { amount?: ScreenSweepProgram['amount'] }>, combined: ReturnType<typeof combine>): Record<string, { sources: string[] }> {
  const known = new Map<string, string[]>();
  for (const description of Object.values(swept.outputs)) for (const b of description.breakpoints) if (b.rule_id) known.set(b.rule_id, b.sources);
  for (const member of members) for (const name of member.terms.eligible) {
    const rule = member.rule(name);
    if (rule && !known.has(rule.rule_id)) known.set(rule.rule_id, [...rule.sources]);
  }
  const named = new Set<string>();
  const add = (id: string | null) => {
    if (id) named.add(id);
  };
  for (const p of programs) for (const list of [p.status?.breakpoints ?? [], p.amount?.breakpoints ?? []]) for (const b of list) add(b.rule_id);
  for (const b of combined.total.breakpoints) {
    add(b.rule_id);
    for (const c of b.also ?? []) add(c.rule_id);
  }
  for (const c of combined.cliffs) add(c.rule_id);
  return Object.fromEntries([...named].sort().map((id) => [id, { sources: known.get(id) ?? [] }]));
}

function warningsOf(start: ScreenResponse, programs: readonly ScreenSweepProgram[]): string[] {
  // The probed facts' warning points to a field a sweep's answer does not carry (the sweep itself rests on the defaults).
  const probed = start.probed_facts ? probedWarning(start.probed_facts) : undefined;
  const warnings = start.warnings.filter((w) => w !== TRACE_LEFT_OUT_WARNING && w !== probed);
  const undetermined = programs.filter((p) => p.undetermined_facts);
  if (undetermined.length > 0) {
    warnings.push(
      `${undetermined.map((p) => p.program_id).join(', ')}: a fact not given decides the status at axis.from (see undetermined_facts); the sweep describes them on the defaults listed in assumptions. Give the facts for an answer that does not rest on them.`,
    );
  }
  return warnings;
}
