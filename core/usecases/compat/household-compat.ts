/**
 * The migration-only compatibility calculation: an external-format household in, the same household out with the
 * SNAP, Lifeline, WIC, school meals, Head Start, credit, Medicaid and CHIP variables it asks for (null values) computed by the
 * packages of those programs. Every
 * requested value is either computed or listed as unsupported with a reason; nothing is guessed.
 */
import { ServiceError } from '../../domain/errors.js';
import { CompatAssumptions, type CompatAssumption } from '../../domain/compat/assumptions.js';
import { outputDefinition, type CompatProgram, type OutputDefinition, type RunView } from '../../domain/compat/outputs.js';
import { PACKAGE_OUTPUTS, PROGRAM_FIRST_MONTH, PROGRAM_NAME } from '../../domain/compat/program-runs.js';
import { runUnitMonth, runUnitMonthTogether, type RunSink, type UnitMonth, type UnitRunDeps } from './unit-month-run.js';
import { wicCategoryOf } from '../../domain/compat/wic.js';
import { unitContext, type UnitContext } from '../../domain/compat/translate.js';
import { pendingReason } from '../../domain/compat/pending.js';
import { readKey, unmappedInputs, unreadInputs } from '../../domain/compat/unused.js';
import { STRUCTURAL_KEYS, type EntityGroup } from '../../domain/compat/variables.js';
import { CTC_PROGRAM_ID, EITC_PROGRAM_ID, type TaxProgram } from '../../domain/compat/tax-credits.js';
import { runTaxUnit } from './tax-unit-run.js';
import { MEDICAID_PROGRAM_ID } from '../../domain/compat/medicaid.js';
import { medicaidUnitOf } from '../../domain/compat/medicaid-unit.js';
import { runMedicaidUnit } from './medicaid-run.js';
import { membersOf, MONTH_KEY, YEAR_KEY, type WireEntity, type WireHousehold } from '../../domain/compat/wire.js';
import { assumptionsWarning } from '../../domain/household/assumptions.js';
import type { JsonValue } from '../../domain/household/shape.js';
import type { RuntimeMode } from '../../ports/calculator.js';
import { ENGINE_NAME, EXPERIMENTAL_WARNING } from '../calculate/calculate.js';

export const COMPAT_WARNING = 'Migration-only endpoint: new integrations use POST /v1/calculate.';

export type { CompatProgram } from '../../domain/compat/outputs.js';

/** What the calculation needs of the app: the packages and how to run them (unit-month-run.ts), and which programs it has. */
export interface CompatDeps extends UnitRunDeps {
  /** True when at least one package of the program is executable. */
  available(program: CompatProgram): boolean;
}

export interface ComputedValue {
  entity_group: EntityGroup;
  entity_id: string;
  variable: string;
  period: string;
  value: JsonValue;
}

export interface UnsupportedValue {
  /** `output`: a requested value not computed; `input`: a given value the calculation did not use. */
  kind: 'output' | 'input';
  entity_group: EntityGroup;
  entity_id: string;
  variable: string;
  period: string | null;
  reason: string;
}

export interface CompatSidecar {
  request_id: string;
  engine: string;
  runtime: { id: string; mode: RuntimeMode } | null;
  jurisdiction: string | null;
  package: { program_id: string; jurisdiction: string } | null;
  period: string | null;
  computed: ComputedValue[];
  unsupported: UnsupportedValue[];
  /** Tenet extension: the material defaults the calculations relied on, in the PolicyEngine household's terms. */
  assumptions: CompatAssumption[];
  warnings: string[];
}

export interface CompatResult {
  message: string | null;
  result: WireHousehold;
  sidecar: CompatSidecar;
}

interface Job {
  program: CompatProgram;
  group: EntityGroup;
  id: string;
  /** The unit whose run answers the job: the entity itself (an SPM unit, a tax unit), or the SPM unit a person belongs to. */
  unitId: string;
  /** A Medicaid job's unit: the person's tax unit, else their SPM unit (its members are the MAGI household). */
  unitGroup?: 'tax_units' | 'spm_units';
  variable: string;
  period: string;
  months: string[];
}

/** A unit's members: its `members`, or every person when it is the only unit of its group and lists none. */
function memberIds(wire: WireHousehold, group: 'tax_units' | 'spm_units', id: string): string[] {
  const units = wire[group] ?? {};
  return membersOf(units[id] ?? {}) ?? (Object.keys(units).length === 1 ? Object.keys(wire.people ?? {}) : []);
}

/** The SPM unit listing the person (or the only unit, when it lists no members). */
function unitOfPerson(wire: WireHousehold, personId: string): string | null {
  const units = Object.entries(wire.spm_units ?? {});
  const listing = units.find(([, unit]) => (membersOf(unit) ?? []).includes(personId));
  if (listing !== undefined) return listing[0];
  return units.length === 1 && membersOf(units[0][1]) === undefined ? units[0][0] : null;
}

function monthsOf(key: string): string[] {
  if (MONTH_KEY.test(key)) return [key];
  return Array.from({ length: 12 }, (_, i) => `${key}-${String(i + 1).padStart(2, '0')}`);
}


const isTaxProgram = (program: CompatProgram): program is TaxProgram => program === EITC_PROGRAM_ID || program === CTC_PROGRAM_ID;

const round2 = (n: number): number => Math.round(n * 100) / 100;
const numeric = (v: JsonValue): JsonValue => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

/** Why a requested value cannot be planned as a job (no mapping, wrong entity or period), or null. */
function notPlannedReason(variable: string, group: EntityGroup, period: string, def: OutputDefinition | undefined): string | null {
  if (!YEAR_KEY.test(period) && !MONTH_KEY.test(period)) return 'unsupported period key: use YYYY (annual total) or YYYY-MM (month)';
  if (def === undefined) return pendingReason(variable) ?? `no mapping: ${variable} is not computed by this endpoint`;
  if (def.group !== group) return `no mapping: ${variable} is computed for ${def.group}, not ${group}`;
  // A credit's tax year: the package says which years it covers (a year outside them is reported from its refusal).
  if (def.basis === 'tax_year') return YEAR_KEY.test(period) ? null : `${variable} is a tax-unit amount for a tax year: request a YYYY period`;
  if (def.kind !== 'money' && YEAR_KEY.test(period) && def.sameOverYear !== true) return `${variable} is defined per month: request a YYYY-MM period`;
  const first = PROGRAM_FIRST_MONTH[def.program];
  if (first !== null && monthsOf(period)[0] < first) return `period ${period} is before ${first}, the first month the ${PROGRAM_NAME[def.program]} packages encode`;
  return null;
}

/** Every null in the household: a job to compute, or an unsupported entry saying why not. */
function plan(wire: WireHousehold): { jobs: Job[]; unsupported: UnsupportedValue[] } {
  const jobs: Job[] = [];
  const unsupported: UnsupportedValue[] = [];
  for (const [group, entities] of Object.entries(wire) as Array<[EntityGroup, Record<string, WireEntity>]>) {
    for (const [id, entity] of Object.entries(entities)) {
      for (const [variable, value] of Object.entries(entity)) {
        if (STRUCTURAL_KEYS.has(variable)) continue;
        const base = { kind: 'output' as const, entity_group: group, entity_id: id, variable };
        if (value === null) {
          unsupported.push({ ...base, period: null, reason: 'no period key: request a value as {"YYYY-MM": null} (monthly) or {"YYYY": null} (annual total)' });
          continue;
        }
        if (typeof value !== 'object') continue;
        for (const [period, v] of Object.entries(value as Record<string, unknown>)) {
          if (v !== null) continue;
          const def = outputDefinition(variable);
          const reason = notPlannedReason(variable, group, period, def);
          if (reason !== null) {
            unsupported.push({ ...base, period, reason });
            continue;
          }
          const months = def!.basis === 'tax_year' ? [period] : monthsOf(period);
          if (def!.program === MEDICAID_PROGRAM_ID) {
            const unit = medicaidUnitOf(wire, id);
            if (unit === null) unsupported.push({ ...base, period, reason: `${id} is in no tax unit or SPM unit: list the person in a tax_units (or spm_units) entity's members` });
            else jobs.push({ program: def!.program, group, id, unitId: unit.id, unitGroup: unit.group, variable, period, months });
            continue;
          }
          const unitId = group === 'people' ? unitOfPerson(wire, id) : id;
          if (unitId === null) unsupported.push({ ...base, period, reason: `${id} is in no SPM unit: list the person in an spm_units entity's members` });
          else jobs.push({ program: def!.program, group, id, unitId, variable, period, months });
        }
      }
    }
  }
  return { jobs, unsupported };
}

/**
 * A job's value in one run: the unit's output, the person's (a WIC category in PolicyEngine's names), or a value the
 * definition composes from the run; or the reason the run cannot answer it.
 */
function outputValue(def: OutputDefinition, job: Job, run: UnitMonth): { value: JsonValue } | { reason: string } {
  const { response, household } = run;
  const person = def.group === 'people' ? response.person_outputs?.[job.id] : undefined;
  if (def.group === 'people' && person === undefined) throw new ServiceError('runtime_error', `The ${PROGRAM_NAME[job.program]} package gave no person outputs for ${job.id}.`);
  if (def.value !== undefined) {
    const view: RunView = { outputs: response.outputs, person, facts: household?.facts ?? {}, personFacts: household?.people[job.id] };
    return def.value(view);
  }
  if (def.group !== 'people') return { value: numeric(response.outputs[def.output]) };
  const value = person![def.output];
  if (value === undefined) throw new ServiceError('runtime_error', `The ${PROGRAM_NAME[job.program]} package gave no ${def.output} for ${job.id}.`);
  return { value: def.output === 'wic_category' ? (wicCategoryOf(value) as JsonValue) : value };
}

/**
 * The value of a job from its months: money summed; a judgment or count the same in every month (a month key has
 * one), else the reason it is not computed.
 */
function combineMonths(def: OutputDefinition, job: Job, values: JsonValue[]): { value: JsonValue } | { reason: string } {
  if (def.kind !== 'money' && values.some((v) => v !== values[0])) {
    // A per-year judgment whose months differ (e.g. the guidelines change in the year): no one answer for the year.
    const same = job.months.filter((_, i) => values[i] === values[0]);
    return { reason: `${job.variable} differs between the months of ${job.period} (${JSON.stringify(values[0])} in ${same.join(', ')}; ${JSON.stringify(values.find((v) => v !== values[0]))} in the others): request a YYYY-MM period` };
  }
  if (def.kind !== 'money') return { value: values[0] };
  if (values.every((v) => typeof v === 'number')) return { value: round2((values as number[]).reduce((a, b) => a + b, 0)) };
  throw new ServiceError('runtime_error', `The calculation engine returned a non-numeric ${def.output} (${values.map((v) => (v === null ? 'null' : typeof v)).join(', ')}).`);
}

/**
 * The credits' and Medicaid's reads and omissions against the rest: an input such a run read is no longer listed as
 * unmapped and counts as read; one it did not read is listed with its reason (over the unmapped one) unless another
 * run read it.
 */
function settleDirectInputs(unused: Map<string, UnsupportedValue>, unmappedKeys: Set<string>, directReads: Set<string>, directNotRead: Map<string, UnsupportedValue>, readInputs: Set<string>): void {
  for (const key of directReads) {
    readInputs.add(key);
    if (unmappedKeys.has(key)) unused.delete(key);
  }
  for (const [key, entry] of directNotRead) {
    if (directReads.has(key) || readInputs.has(key)) continue;
    if (!unused.has(key) || unmappedKeys.has(key)) unused.set(key, entry);
  }
}

/** The programs run per SPM unit-month on its SNAP translation (the credits and Medicaid run per tax unit). */
const SPM_UNIT_PROGRAMS: ReadonlySet<CompatProgram> = new Set<CompatProgram>(['snap', 'lifeline', 'wic', 'school_meals', 'head_start']);

/** The programs run per SPM unit-month each unit-month is asked for, in request order. */
function programsByUnitMonth(jobs: readonly Job[]): Map<string, CompatProgram[]> {
  const out = new Map<string, CompatProgram[]>();
  for (const job of jobs) {
    if (!SPM_UNIT_PROGRAMS.has(job.program)) continue;
    for (const month of job.months) {
      const programs = out.get(`${job.unitId}\u0000${month}`) ?? [];
      if (!programs.includes(job.program)) programs.push(job.program);
      out.set(`${job.unitId}\u0000${month}`, programs);
    }
  }
  return out;
}

/** Where the answers of a request's jobs are gathered. */
interface Answers {
  readonly result: WireHousehold;
  readonly computed: ComputedValue[];
  readonly unsupported: UnsupportedValue[];
  readonly assumptions: CompatAssumptions;
  /** The runs whose assumptions are counted already (a month another requested variable of the unit read). */
  readonly counted: Set<string>;
  readonly warn: (text: string) => void;
}

/** One job's months, once run: its value written into the result and listed as computed, or the reason it is not. */
function answerJob(job: Job, months: ReadonlyArray<UnitMonth | { reason: string }>, householdIdOf: (unitId: string) => string | null, answers: Answers): void {
  const { unsupported } = answers;
  const def = outputDefinition(job.variable)!;
  const failed = months.find((m): m is { reason: string } => 'reason' in m);
  if (failed) {
    unsupported.push({ kind: 'output', entity_group: job.group, entity_id: job.id, variable: job.variable, period: job.period, reason: failed.reason });
    return;
  }
  const ran = months as UnitMonth[];
  job.months.forEach((month, i) => countRun(job, month, ran[i], householdIdOf, answers));
  // The engine renders an inexact decimal (e.g. a pro-rata share of income) as a numeric string.
  const perMonth = ran.map((m) => outputValue(def, job, m));
  const unanswered = perMonth.find((v): v is { reason: string } => 'reason' in v);
  if (unanswered) {
    unsupported.push({ kind: 'output', entity_group: job.group, entity_id: job.id, variable: job.variable, period: job.period, reason: unanswered.reason });
    return;
  }
  const combined = combineMonths(def, job, perMonth.map((v) => (v as { value: JsonValue }).value));
  if ('reason' in combined) {
    unsupported.push({ kind: 'output', entity_group: job.group, entity_id: job.id, variable: job.variable, period: job.period, reason: combined.reason });
    return;
  }
  const { value } = combined;
  (answers.result[job.group]![job.id][job.variable] as Record<string, JsonValue>)[job.period] = value;
  answers.computed.push({ entity_group: job.group, entity_id: job.id, variable: job.variable, period: job.period, value });
}

/** A month's run of a job: its warnings said, and its assumptions counted once per run. */
function countRun(job: Job, month: string, run: UnitMonth, householdIdOf: (unitId: string) => string | null, answers: Answers): void {
  const response = run.response;
  // The calculation's assumptions warning is said once, over the sidecar's assumptions.
  const own = response.assumptions.length > 0 ? assumptionsWarning(response.assumptions) : null;
  for (const w of response.warnings) if (w !== own) answers.warn(w);
  const key = `${job.program}\u0000${job.unitGroup ?? ''}\u0000${job.unitId}\u0000${month}`;
  if (answers.counted.has(key)) return;
  answers.counted.add(key);
  const unit = isTaxProgram(job.program) ? { unitId: job.unitId, householdId: null, group: 'tax_units' as const }
    : job.unitGroup !== undefined ? { unitId: job.unitId, householdId: null, group: job.unitGroup }
      : { unitId: job.unitId, householdId: householdIdOf(job.unitId) };
  answers.assumptions.add(response.assumptions, unit, month);
}

export async function calculateHousehold(wire: WireHousehold, requestId: string, deps: CompatDeps): Promise<CompatResult> {
  const { jobs, unsupported } = plan(wire);
  for (const program of new Set(jobs.map((j) => j.program))) {
    if (!deps.available(program)) throw new ServiceError('unsupported_program', `No executable ${PROGRAM_NAME[program]} package is configured on this deployment.`);
  }
  const warnings: string[] = [EXPERIMENTAL_WARNING, COMPAT_WARNING];
  const unusedInputs = new Map<string, UnsupportedValue>();
  const noteUnused = (entry: Omit<UnsupportedValue, 'kind' | 'period'>): void => {
    const key = `${entry.entity_group}\u0000${entry.entity_id}\u0000${entry.variable}`;
    if (!unusedInputs.has(key)) unusedInputs.set(key, { kind: 'input', ...entry, period: null });
  };
  const warn = (text: string): void => {
    if (!warnings.includes(text)) warnings.push(text);
  };
  const unmapped = unmappedInputs(wire);
  for (const entry of unmapped) noteUnused(entry);
  const readInputs = new Set<string>();
  // The credits' and Medicaid's runs read inputs SNAP's registry does not map, and list what they do not read, kept
  // when no other run read it.
  const directReads = new Set<string>();
  const directNotRead = new Map<string, UnsupportedValue>();
  const directSink = {
    used: (group: EntityGroup, id: string, name: string) => void directReads.add(readKey(group, id, name)),
    notRead: (entry: Omit<UnsupportedValue, 'kind' | 'period'>) => {
      const key = readKey(entry.entity_group, entry.entity_id, entry.variable);
      if (!directNotRead.has(key)) directNotRead.set(key, { kind: 'input', ...entry, period: null });
    },
    warn,
  };

  const contexts = new Map<string, UnitContext>();
  const runs = new Map<string, Promise<UnitMonth | { reason: string }>>();
  let sidecarPackage: { program: CompatProgram; jurisdiction: string; runtime: { id: string; mode: RuntimeMode } } | null = null;

  // Several State programs asked of one unit-month are computed in one screen evaluation (issue #29 item 7).
  const statePrograms = programsByUnitMonth(jobs);
  const screens = new Map<string, Promise<Map<CompatProgram, UnitMonth | { reason: string }> | null>>();
  const screenFor = (ctx: UnitContext, unitId: string, month: string, sink: RunSink): Promise<Map<CompatProgram, UnitMonth | { reason: string }> | null> => {
    const key = `${unitId}\u0000${month}`;
    const programs = statePrograms.get(key) ?? [];
    if (programs.length < 2) return Promise.resolve(null);
    let screen = screens.get(key);
    if (screen === undefined) screens.set(key, (screen = runUnitMonthTogether(wire, ctx, programs, month, deps, sink)));
    return screen;
  };

  const monthFor = (program: CompatProgram, unitId: string, month: string, unitGroup?: 'tax_units' | 'spm_units'): Promise<UnitMonth | { reason: string }> => {
    const key = `${program}\u0000${unitGroup ?? ''}\u0000${unitId}\u0000${month}`;
    let run = runs.get(key);
    if (run === undefined) {
      run = (async () => {
        if (isTaxProgram(program) || program === MEDICAID_PROGRAM_ID) {
          const ran = program === MEDICAID_PROGRAM_ID
            ? await runMedicaidUnit(wire, { group: unitGroup!, id: unitId, members: memberIds(wire, unitGroup!, unitId) }, month, deps, directSink)
            : await runTaxUnit(wire, unitId, month, program, PACKAGE_OUTPUTS[program], deps, directSink);
          if ('response' in ran) sidecarPackage ??= { program, jurisdiction: ran.jurisdiction, runtime: ran.response.runtime };
          return ran;
        }
        let ctx = contexts.get(unitId);
        if (ctx === undefined) {
          ctx = unitContext(wire, unitId);
          contexts.set(unitId, ctx);
        }
        const sink = { noteUnused, readInputs, warn };
        const together = await screenFor(ctx, unitId, month, sink);
        const ran = together?.get(program) ?? (await runUnitMonth(wire, ctx, program, month, deps, sink));
        if ('response' in ran) sidecarPackage ??= { program, jurisdiction: ran.jurisdiction, runtime: ran.response.runtime };
        return ran;
      })();
      runs.set(key, run);
    }
    return run;
  };

  const result = structuredClone(wire);
  const computed: ComputedValue[] = [];
  const assumptions = new CompatAssumptions();
  const answers: Answers = { result, computed, unsupported, assumptions, counted: new Set<string>(), warn };
  const householdIdOf = (unitId: string): string | null => contexts.get(unitId)!.householdId;
  for (const job of jobs) {
    const months = await Promise.all(job.months.map((m) => monthFor(job.program, job.unitId, m, job.unitGroup)));
    answerJob(job, months, householdIdOf, answers);
  }

  const assumed = assumptions.list();
  // The calculation's words over the sidecar's entries (PolicyEngine ids), so the count agrees with tenet.assumptions.
  if (assumed.length > 0) warn(assumptionsWarning(assumed, 'tenet.assumptions'));
  const periods = [...new Set([...jobs.map((j) => j.period), ...unsupported.map((u) => u.period)].filter((p): p is string => p !== null))];
  const chosen = sidecarPackage as { program: CompatProgram; jurisdiction: string; runtime: { id: string; mode: RuntimeMode } } | null;
  const missing = unsupported.length;
  const requested = computed.length + missing;
  settleDirectInputs(unusedInputs, new Set(unmapped.map((u) => readKey(u.entity_group, u.entity_id, u.variable))), directReads, directNotRead, readInputs);
  for (const entry of unreadInputs(wire, readInputs, readInputs.size > 0 || computed.length > 0)) noteUnused(entry);
  if (unusedInputs.size > 0) {
    warn(`${unusedInputs.size} input value(s) of the household were not used: see tenet.unsupported (kind "input") for each and why.`);
    unsupported.push(...unusedInputs.values());
  }
  return {
    message: missing === 0 ? null : `${missing} of ${requested} requested value(s) not computed; see tenet.unsupported for the reasons.`,
    result,
    sidecar: {
      request_id: requestId,
      engine: ENGINE_NAME,
      runtime: chosen?.runtime ?? null,
      jurisdiction: chosen?.jurisdiction ?? null,
      package: chosen === null ? null : { program_id: chosen.program, jurisdiction: chosen.jurisdiction },
      period: periods.length === 1 ? periods[0] : null,
      computed,
      unsupported,
      assumptions: assumed,
      warnings,
    },
  };
}
