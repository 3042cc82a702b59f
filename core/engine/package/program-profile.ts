/**
 * The program profile: what a compose spec's extensions (docs/snap-package-contract.md section 3) say about a
 * package beyond its rules (names, default period and outputs, the household's entities, aliases, defaults,
 * constraints, materiality and docs, fiscal years, figures in doubt, a sample household), checked and typed once
 * when the spec is parsed. The later stages read the profile, never the raw extensions.
 *
 * A known extension with the wrong form is an error naming the package, the extension and what is wrong, and the
 * spec does not compose; an extension this parser does not know is kept in ProgramSpec.extensions unread.
 * Whether an alias names an input of the package is decided when the package is composed, not here.
 */
import type { JsonValue, MaterialInput } from '../../domain/household/shape.js';
import { isObject } from '../../domain/is-object.js';

/** What a docs extension says about one input or output; a field the spec does not state is absent. */
export interface FieldDocs {
  description?: string;
  period?: string;
  unit?: string;
}

/** A parameter version the package declares unverified (`unverified_parameters`). */
export interface UnverifiedFigure {
  /** Rule id of the parameter (`module#name`). */
  parameter: string;
  /** The version in doubt (YYYY-MM-DD); absent = every version. */
  effective_from?: string;
  reason: string;
}

export interface InputLimits {
  minimum?: number;
  maximum?: number;
}

/** One level of a household (the unit, or each listed person): its entity and what the spec says of its inputs. */
export interface InputLevel {
  /** `household_entity` / `person_entity`. */
  readonly entity?: string;
  /** alias -> input id (`household_aliases` / `person_aliases`). */
  readonly aliases: Readonly<Record<string, string>>;
  /** alias or input name -> default value (`input_defaults` / `person_input_defaults`). */
  readonly defaults: Readonly<Record<string, JsonValue>>;
  /** alias or input name -> docs (`input_docs` / `person_input_docs`). */
  readonly docs: Readonly<Record<string, FieldDocs>>;
  /** alias -> why its default can change the outcome (`material_inputs.household` / `.person`). */
  readonly material: Readonly<Record<string, MaterialInput>>;
  /** flag alias -> the alias whose presence the service records in it (`given_flags.household` / `.person`). */
  readonly givenFlags: Readonly<Record<string, string>>;
}

/** How a screen reads one program (`screening`; docs/screening.md): which outputs say eligible and how much. */
export interface ScreeningProfile {
  /**
   * The output(s) saying the household (or someone in it) is eligible: a Judgment that holds, or an amount above 0;
   * several (`[medicaid_any_eligible, chip_any_eligible]`) when any of them suffices.
   */
  readonly eligible: readonly string[];
  /** The output giving the amount; absent for a program with no dollar amount (coverage, a free service). */
  readonly amount?: string;
  readonly amountPeriod: 'month' | 'year';
  /** `cash`, `near_cash` (food, phone), `coverage` (health) or `service` (Head Start). */
  readonly kind: 'cash' | 'near_cash' | 'coverage' | 'service';
  /** Who receives it: the household, listed people (person_eligible says who) or a tax unit. */
  readonly recipient: 'household' | 'person' | 'tax_unit';
  /** Person outputs naming each eligible person (any holds, is above 0, or is one of personEligibleValues). */
  readonly personEligible: readonly string[];
  /** Text values of a person output that mean eligible (`school_meal_tier`: free, reduced_price). */
  readonly personEligibleValues: readonly string[];
  /** Judgments that must all hold for eligibility, in order: the first that does not hold decided an ineligible answer. */
  readonly tests: readonly string[];
  /** Programs this one reads (`program`), and the Judgment output that holds when the answer used that link. */
  readonly links: ReadonlyArray<{ readonly program: string; readonly used: string }>;
}

export interface ProgramProfile {
  /** `program_id`: the API's program id (default: the spec's program name). */
  readonly programId?: string;
  readonly title?: string;
  /** `default_period` as written (a year, a month or a date). */
  readonly defaultPeriod?: string;
  readonly defaultOutputs: readonly string[];
  /** alias -> output name. */
  readonly outputAliases: Readonly<Record<string, string>>;
  readonly household: InputLevel;
  /**
   * `person_relation`: the relation that lists a household's members; `person_outputs`: the person-level rules
   * whose value for each listed person an answer reports (docs/calculation.md "Person outputs").
   */
  readonly person: InputLevel & {
    readonly relation?: string;
    readonly outputs: readonly string[];
    /**
     * `person_member_relations`: further relations listing the same members (a screen's merged package, whose
     * programs name their households by different relations); the household's people fill each.
     */
    readonly alsoRelations: readonly string[];
  };
  /** alias -> type name shown for the input (`input_types`). */
  readonly inputTypes: Readonly<Record<string, string>>;
  /** alias -> the closed list of a text input's values. */
  readonly inputValues: Readonly<Record<string, readonly string[]>>;
  readonly inputLimits: Readonly<Record<string, InputLimits>>;
  readonly outputDocs: Readonly<Record<string, FieldDocs>>;
  /** Federal fiscal years encoded (`fiscal_years: [FY2024, ...]` as 2024, ...). */
  readonly fiscalYears: readonly number[];
  /** `last_fiscal_year.ends` (YYYY-MM-DD). */
  readonly lastFiscalYearEnds?: string;
  readonly fiscalYearParameters: readonly string[];
  readonly unverified: readonly UnverifiedFigure[];
  /** `sample_household` (absent when the spec gives none or an empty one). */
  readonly sampleHousehold?: Readonly<Record<string, JsonValue>>;
  /** `screening`: absent for a package a screen does not include. */
  readonly screening?: ScreeningProfile;
}

/** What is wrong with one extension of one package. */
export interface ProfileProblem {
  /** The spec's program (`us-co/snap`). */
  readonly program: string;
  readonly extension: string;
  /** Where inside the extension (`household_size.minimum`); empty for the extension as a whole. */
  readonly path: string;
  readonly problem: string;
}

export type ProfileResult = { ok: true; profile: ProgramProfile } | { ok: false; problems: ProfileProblem[] };

/** `us-co/snap: extension input_limits (household_size.minimum): must be a number, got "one"`. */
export function profileProblemText(p: ProfileProblem): string {
  return `${p.program}: extension ${p.extension}${p.path ? ` (${p.path})` : ''}: ${p.problem}`;
}

type Fail = (path: string, problem: string) => undefined;
/** Checks one value found at `path`; undefined (after failing) when it has the wrong form. */
type Entry<T> = (value: unknown, path: string, fail: Fail) => T | undefined;

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value instanceof Date) return `the date ${value.toISOString().slice(0, 10)}`;
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const join = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

const text: Entry<string> = (value, path, fail) => (typeof value === 'string' && value.trim() !== '' ? value : fail(path, `must be non-empty text, got ${shown(value)}`));

/** Docs text: blank is "not stated", anything but text is wrong. */
const docText: Entry<string | null> = (value, path, fail) => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return fail(path, `must be text, got ${shown(value)}`);
  return value.trim() === '' ? null : value.trim();
};

/** YAML gives a date as text, or unquoted as a Date. */
const isoDate: Entry<string> = (value, path, fail) => {
  const candidate = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  return typeof candidate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(candidate) ? candidate : fail(path, `must be a date YYYY-MM-DD, got ${shown(value)}`);
};

const finite: Entry<number> = (value, path, fail) => (typeof value === 'number' && Number.isFinite(value) ? value : fail(path, `must be a number, got ${shown(value)}`));

const jsonValue: Entry<JsonValue> = (value, path, fail) => (value === undefined ? fail(path, 'must have a value') : (value as JsonValue));

function listOf<T>(entry: Entry<T>): Entry<T[]> {
  return (value, path, fail) => {
    if (!Array.isArray(value)) return fail(path, `must be a list, got ${shown(value)}`);
    const out: T[] = [];
    value.forEach((item, i) => {
      const checked = entry(item, join(path, i), fail);
      if (checked !== undefined) out.push(checked);
    });
    return out;
  };
}

function mapOf<T>(entry: Entry<T>): Entry<Record<string, T>> {
  return (value, path, fail) => {
    if (!isObject(value)) return fail(path, `must be a mapping, got ${shown(value)}`);
    const out: Record<string, T> = {};
    for (const [key, item] of Object.entries(value)) {
      const checked = entry(item, join(path, key), fail);
      if (checked !== undefined) out[key] = checked;
    }
    return out;
  };
}

const fieldDocs: Entry<FieldDocs> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping of description, period and unit, got ${shown(value)}`);
  const docs: FieldDocs = {};
  const description = docText(value.description, join(path, 'description'), fail);
  const period = docText(value.period, join(path, 'period'), fail);
  const unit = docText(value.unit, join(path, 'unit'), fail);
  if (description) docs.description = description;
  // RuleSpec period labels (`Month`) read as the lower-case word the docs use.
  if (period) docs.period = period.toLowerCase();
  if (unit) docs.unit = unit;
  return docs;
};

const limits: Entry<InputLimits> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping of minimum and maximum, got ${shown(value)}`);
  if (value.minimum === undefined && value.maximum === undefined) return fail(path, 'gives neither minimum nor maximum');
  const bounds: InputLimits = {};
  if (value.minimum !== undefined) bounds.minimum = finite(value.minimum, join(path, 'minimum'), fail);
  if (value.maximum !== undefined) bounds.maximum = finite(value.maximum, join(path, 'maximum'), fail);
  return bounds;
};

const closedValues: Entry<string[]> = (value, path, fail) => {
  const list = listOf(text)(value, path, fail);
  return list !== undefined && list.length === 0 ? fail(path, 'must list at least one value') : list;
};

const material: Entry<MaterialInput> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping with a reason, got ${shown(value)}`);
  const reason = text(value.reason, join(path, 'reason'), fail);
  if (reason === undefined) return undefined;
  const out: MaterialInput = { reason };
  if (value.ages !== undefined) {
    const ages = listOf(finite)(value.ages, join(path, 'ages'), fail);
    if (ages !== undefined && ages.length !== 2) fail(join(path, 'ages'), `must be [minimum, maximum], got ${shown(value.ages)}`);
    else if (ages !== undefined) out.ages = [ages[0], ages[1]];
  }
  if (value.unless_output !== undefined) {
    const unless = text(value.unless_output, join(path, 'unless_output'), fail);
    if (unless !== undefined) out.unless_output = unless;
  }
  if (value.inferred_from !== undefined) {
    const from = text(value.inferred_from, join(path, 'inferred_from'), fail);
    if (from !== undefined) out.inferred_from = from;
  }
  return out;
};

const materialLevels: Entry<{ household?: Record<string, MaterialInput>; person?: Record<string, MaterialInput> }> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping of household and person, got ${shown(value)}`);
  const unknown = Object.keys(value).filter((k) => k !== 'household' && k !== 'person');
  if (unknown.length > 0) return fail(join(path, unknown[0]), 'is not a level: use household or person');
  const levels: { household?: Record<string, MaterialInput>; person?: Record<string, MaterialInput> } = {};
  if (value.household !== undefined) levels.household = mapOf(material)(value.household, join(path, 'household'), fail);
  if (value.person !== undefined) levels.person = mapOf(material)(value.person, join(path, 'person'), fail);
  return levels;
};

/** `given_flags: {household: {flag: alias}, person: {...}}`: Boolean inputs the service sets from whether an alias is given. */
const givenFlagLevels: Entry<{ household?: Record<string, string>; person?: Record<string, string> }> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping of household and person, got ${shown(value)}`);
  const unknown = Object.keys(value).filter((k) => k !== 'household' && k !== 'person');
  if (unknown.length > 0) return fail(join(path, unknown[0]), 'is not a level: use household or person');
  const levels: { household?: Record<string, string>; person?: Record<string, string> } = {};
  if (value.household !== undefined) levels.household = mapOf(text)(value.household, join(path, 'household'), fail);
  if (value.person !== undefined) levels.person = mapOf(text)(value.person, join(path, 'person'), fail);
  return levels;
};

const fiscalYear: Entry<number> = (value, path, fail) => {
  const match = typeof value === 'string' ? /^FY(\d{4})$/.exec(value) : null;
  return match ? Number(match[1]) : fail(path, `must be a fiscal year FYyyyy, got ${shown(value)}`);
};

const lastFiscalYearEnds: Entry<string> = (value, path, fail) => (isObject(value) ? isoDate(value.ends, join(path, 'ends'), fail) : fail(path, `must be a mapping with ends, got ${shown(value)}`));

const unverifiedFigure: Entry<UnverifiedFigure> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping of parameter, effective_from and reason, got ${shown(value)}`);
  const parameter = text(value.parameter, join(path, 'parameter'), fail);
  const reason = text(value.reason, join(path, 'reason'), fail);
  const from = value.effective_from === undefined ? undefined : isoDate(value.effective_from, join(path, 'effective_from'), fail);
  if (parameter === undefined || reason === undefined) return undefined;
  return from === undefined ? { parameter, reason } : { parameter, effective_from: from, reason };
};

const period: Entry<string> = (value, path, fail) => (typeof value === 'string' || typeof value === 'number' ? String(value) : fail(path, `must be a period, got ${shown(value)}`));

const sample: Entry<Record<string, JsonValue>> = (value, path, fail) => (isObject(value) ? (value as Record<string, JsonValue>) : fail(path, `must be a household mapping, got ${shown(value)}`));

const oneOf =
  <T extends string>(values: readonly T[]): Entry<T> =>
  (value, path, fail) =>
    values.includes(value as T) ? (value as T) : fail(path, `must be one of ${values.join(', ')}, got ${shown(value)}`);

const link: Entry<{ program: string; used: string }> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping of program and used, got ${shown(value)}`);
  const program = text(value.program, join(path, 'program'), fail);
  const used = text(value.used, join(path, 'used'), fail);
  return program === undefined || used === undefined ? undefined : { program, used };
};

const screening: Entry<ScreeningProfile> = (value, path, fail) => {
  if (!isObject(value)) return fail(path, `must be a mapping (eligible, amount, amount_period, kind, recipient...), got ${shown(value)}`);
  const at = (key: string) => join(path, key);
  const names = (v: unknown, where: string) => (typeof v === 'string' ? [text(v, where, fail)].filter((x): x is string => x !== undefined) : listOf(text)(v, where, fail));
  const eligible = names(value.eligible, at('eligible'));
  const kind = oneOf(['cash', 'near_cash', 'coverage', 'service'] as const)(value.kind, at('kind'), fail);
  const recipient = oneOf(['household', 'person', 'tax_unit'] as const)(value.recipient ?? 'household', at('recipient'), fail);
  const amountPeriod = oneOf(['month', 'year'] as const)(value.amount_period ?? 'month', at('amount_period'), fail);
  if (eligible === undefined || kind === undefined || recipient === undefined || amountPeriod === undefined) return undefined;
  const amount = value.amount === undefined ? undefined : text(value.amount, at('amount'), fail);
  const personEligible = value.person_eligible === undefined ? [] : (names(value.person_eligible, at('person_eligible')) ?? []);
  const personEligibleValues = value.person_eligible_values === undefined ? [] : (listOf(text)(value.person_eligible_values, at('person_eligible_values'), fail) ?? []);
  return {
    eligible,
    ...(amount !== undefined ? { amount } : {}),
    amountPeriod,
    kind,
    recipient,
    personEligible,
    personEligibleValues,
    tests: value.tests === undefined ? [] : (listOf(text)(value.tests, at('tests'), fail) ?? []),
    links: value.links === undefined ? [] : (listOf(link)(value.links, at('links'), fail) ?? []),
  };
};

/** Checks the extensions a profile reads; every problem is collected, not only the first. */
export function parseProgramProfile(program: string, extensions: Readonly<Record<string, unknown>>): ProfileResult {
  const problems: ProfileProblem[] = [];
  const read = <T>(extension: string, entry: Entry<T>): T | undefined => {
    const value = extensions[extension];
    if (value === undefined || value === null) return undefined;
    return entry(value, '', (path, problem) => void problems.push({ program, extension, path, problem }));
  };
  const levels = read('material_inputs', materialLevels);
  const flags = read('given_flags', givenFlagLevels);
  const sampleHousehold = read('sample_household', sample);
  const profile: ProgramProfile = {
    programId: read('program_id', text),
    title: read('title', text),
    defaultPeriod: read('default_period', period),
    defaultOutputs: read('default_outputs', listOf(text)) ?? [],
    outputAliases: read('output_aliases', mapOf(text)) ?? {},
    household: {
      entity: read('household_entity', text),
      aliases: read('household_aliases', mapOf(text)) ?? {},
      defaults: read('input_defaults', mapOf(jsonValue)) ?? {},
      docs: read('input_docs', mapOf(fieldDocs)) ?? {},
      material: levels?.household ?? {},
      givenFlags: flags?.household ?? {},
    },
    person: {
      entity: read('person_entity', text),
      relation: read('person_relation', text),
      alsoRelations: read('person_member_relations', listOf(text)) ?? [],
      outputs: read('person_outputs', listOf(text)) ?? [],
      aliases: read('person_aliases', mapOf(text)) ?? {},
      defaults: read('person_input_defaults', mapOf(jsonValue)) ?? {},
      docs: read('person_input_docs', mapOf(fieldDocs)) ?? {},
      material: levels?.person ?? {},
      givenFlags: flags?.person ?? {},
    },
    inputTypes: read('input_types', mapOf(text)) ?? {},
    inputValues: read('input_values', mapOf(closedValues)) ?? {},
    inputLimits: read('input_limits', mapOf(limits)) ?? {},
    outputDocs: read('output_docs', mapOf(fieldDocs)) ?? {},
    fiscalYears: read('fiscal_years', listOf(fiscalYear)) ?? [],
    lastFiscalYearEnds: read('last_fiscal_year', lastFiscalYearEnds),
    fiscalYearParameters: read('fiscal_year_parameters', listOf(text)) ?? [],
    unverified: read('unverified_parameters', listOf(unverifiedFigure)) ?? [],
    sampleHousehold: sampleHousehold !== undefined && Object.keys(sampleHousehold).length > 0 ? sampleHousehold : undefined,
    screening: read('screening', screening),
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, profile };
}
