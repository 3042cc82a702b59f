/**
 * One SPM unit in one month through the State packages: one program's package alone, or several programs in one
 * screen evaluation (their merged package: one household mapping, the links between programs computed once; issue
 * #29 item 7). Both translate the unit the same way (translate.ts plus each program's facts, program-runs.ts) and
 * give each program the answer POST /v1/calculate of that program gives for the same household.
 */
import { differencesFor, lifelineDifferencesFor } from '../../domain/compat/differences.js';
import type { CompatProgram } from '../../domain/compat/outputs.js';
import { PACKAGE_OUTPUTS, PROGRAM_NAME, programExtras, programReads, readBy, type ProgramExtras } from '../../domain/compat/program-runs.js';
import { jurisdictionOf } from '../../domain/compat/states.js';
import { stateOf, translateUnit, type TranslatedUnit, type Translation, type UnitContext } from '../../domain/compat/translate.js';
import { readKey } from '../../domain/compat/unused.js';
import type { WireHousehold } from '../../domain/compat/wire.js';
import { ServiceError } from '../../domain/errors.js';
import type { IgnoredInput } from '../../domain/compat/readings.js';
import type { CalculateResponse, RuntimeMode } from '../../ports/calculator.js';

/** The packages and how to run them (CompatDeps, household-compat.ts, adds which programs the app has). */
export interface UnitRunDeps {
  /** The executable package of a program for a jurisdiction, if any, with its household and person alias names. */
  findPackage(program: CompatProgram, jurisdiction: string): { runtime_id: string; mode: RuntimeMode; inputs: ReadonlySet<string> } | undefined;
  /** Runs the program's package (ServiceError invalid_household / runtime_error on failure). */
  calculate(program: CompatProgram, jurisdiction: string, household: Record<string, unknown>, outputs: string[]): Promise<CalculateResponse>;
  /**
   * Runs several programs' packages in one screen evaluation of their merged package: each program's answer as
   * `calculate` of it alone gives it (with `outputs` of each evaluated too); null when they cannot be screened together.
   */
  calculateTogether?(programs: readonly CompatProgram[], jurisdiction: string, household: Record<string, unknown>, outputs: Partial<Record<CompatProgram, string[]>>): Promise<Partial<Record<CompatProgram, CalculateResponse>> | null>;
}

/** One run (a unit-month, or a tax unit's year): the package's answer and, for a unit-month, the household sent. */
export interface UnitMonth {
  response: CalculateResponse;
  jurisdiction: string;
  household?: TranslatedUnit;
}

/** What one unit-month run reports back to the request: inputs not used, inputs read, warnings. */
export interface RunSink {
  noteUnused(entry: IgnoredInput): void;
  readInputs: Set<string>;
  warn(text: string): void;
}

type Ran = UnitMonth | { reason: string };

/** The State confers the SUA through energy assistance, and sec. 10103 withheld it from this household (trace). */
function energyAssistanceSuaDenied(response: CalculateResponse): boolean {
  return response.trace.some((t) => t.rule_id.endsWith('#snap_energy_assistance_confers_sua') && t.value === false);
}

/**
 * The SNAP translation with programs' facts added, less what the package does not read (a Lifeline package without
 * SNAP: Puerto Rico, American Samoa, the Northern Mariana Islands; a WIC package).
 */
function programHousehold(household: TranslatedUnit, facts: Record<string, unknown>, people: Record<string, Record<string, unknown>>, inputs: ReadonlySet<string>): TranslatedUnit {
  const keep = (record: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(record).filter(([name]) => inputs.has(name)));
  return {
    period: household.period,
    facts: keep({ ...household.facts, ...facts }),
    people: Object.fromEntries(Object.entries(household.people).map(([id, p]) => [id, keep({ ...p, ...people[id] })])),
  };
}

/** The unit's State and its translation for packages reading `inputs`; a unit that cannot be translated gives the reason. */
function translate(wire: WireHousehold, ctx: UnitContext, month: string, jurisdictionFor: (j: string) => ReadonlySet<string> | { reason: string }): { jurisdiction: string; inputs: ReadonlySet<string>; translation: Extract<Translation, { ok: true }> } | { reason: string } {
  const state = stateOf(ctx, month);
  if (state === null) return { reason: 'no state on the household: set households.*.state_code or state_name' };
  const jurisdiction = jurisdictionOf(state);
  const inputs = jurisdictionFor(jurisdiction);
  if ('reason' in inputs) return inputs;
  let translation;
  try {
    translation = translateUnit(wire, ctx, month, state, { jurisdiction, inputs });
  } catch (error) {
    if (error instanceof TypeError) throw new ServiceError('invalid_household', error.message);
    throw error;
  }
  return translation.ok ? { jurisdiction, inputs, translation } : { reason: translation.reason };
}

/** What a program's run reads and sets aside, and the notes it adds, reported to the request (as its run alone would). */
function report(program: CompatProgram, translation: Extract<Translation, { ok: true }>, extras: ProgramExtras | null, response: CalculateResponse, sink: RunSink): void {
  // An input the SNAP translation sets aside (a SNAP exemption the law ended) may still be one this program reads.
  for (const entry of translation.ignored) if (!programReads(program, entry.variable)) sink.noteUnused(entry);
  // A program's own facts are read only when a variable of that program is computed.
  for (const r of translation.read) if (readBy(program, r)) sink.readInputs.add(readKey(r.group, r.entityId, r.name));
  const profile = { ...translation.profile, heatAndEatDenied: energyAssistanceSuaDenied(response) };
  const differences = program === 'lifeline' ? lifelineDifferencesFor(profile) : program === 'snap' ? differencesFor(profile) : [];
  for (const note of [...translation.notes, ...(extras?.notes ?? []), ...differences]) sink.warn(note);
}

/**
 * One SPM unit in one month through one program's package: the State, the package, the translation (with the
 * program's facts) and the calculation; a unit the package cannot take gives the reason.
 */
export async function runUnitMonth(wire: WireHousehold, ctx: UnitContext, program: CompatProgram, month: string, deps: UnitRunDeps, sink: RunSink): Promise<Ran> {
  const prepared = translate(wire, ctx, month, (jurisdiction) => deps.findPackage(program, jurisdiction)?.inputs ?? { reason: `no executable ${PROGRAM_NAME[program]} package for ${jurisdiction}` });
  if ('reason' in prepared) return prepared;
  const { jurisdiction, inputs, translation } = prepared;
  const extras = programExtras(program, translation.kept, translation.household.people, { jurisdiction, inputs });
  const household = extras === null ? translation.household : programHousehold(translation.household, extras.facts, extras.people, inputs);
  const response = await deps.calculate(program, jurisdiction, household, PACKAGE_OUTPUTS[program]);
  report(program, translation, extras, response, sink);
  return { response, jurisdiction, household };
}

/**
 * One SPM unit in one month through several programs in one screen evaluation: the translation for every package's
 * inputs, every program's facts added (they agree where programs share a fact: the receipts are read from the same
 * variables), one evaluation, each program's answer. Null when the programs cannot be screened together here (a
 * package missing, a runtime that cannot screen, programs whose rules conflict): the caller runs them one by one.
 */
export async function runUnitMonthTogether(wire: WireHousehold, ctx: UnitContext, programs: readonly CompatProgram[], month: string, deps: UnitRunDeps, sink: RunSink): Promise<Map<CompatProgram, Ran> | null> {
  if (deps.calculateTogether === undefined) return null;
  const union = (jurisdiction: string): ReadonlySet<string> | { reason: string } => {
    const all = new Set<string>();
    for (const program of programs) {
      const pkg = deps.findPackage(program, jurisdiction);
      if (pkg === undefined) return { reason: `no executable ${PROGRAM_NAME[program]} package for ${jurisdiction}` };
      for (const name of pkg.inputs) all.add(name);
    }
    return all;
  };
  const prepared = translate(wire, ctx, month, union);
  if ('reason' in prepared) return null;
  const { jurisdiction, inputs, translation } = prepared;
  const extras = new Map(programs.map((program) => [program, programExtras(program, translation.kept, translation.household.people, { jurisdiction, inputs })]));
  const facts: Record<string, unknown> = {};
  const people: Record<string, Record<string, unknown>> = {};
  for (const extra of extras.values()) {
    Object.assign(facts, extra?.facts);
    for (const [pid, record] of Object.entries(extra?.people ?? {})) Object.assign((people[pid] ??= {}), record);
  }
  const household = programHousehold(translation.household, facts, people, inputs);
  const responses = await deps.calculateTogether(programs, jurisdiction, household, Object.fromEntries(programs.map((p) => [p, PACKAGE_OUTPUTS[p]])));
  if (responses === null) return null;
  const out = new Map<CompatProgram, Ran>();
  for (const program of programs) {
    const response = responses[program];
    if (response === undefined) throw new ServiceError('runtime_error', `The screen of ${programs.join(', ')} gave no ${PROGRAM_NAME[program]} answer.`);
    report(program, translation, extras.get(program) ?? null, response, sink);
    out.set(program, { response, jurisdiction, household });
  }
  return out;
}
