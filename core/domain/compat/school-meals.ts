/**
 * School meals through the compatibility endpoint (docs/compatibility.md, "School meals"): PolicyEngine's SPM-unit
 * tier and countable income from the State school meals package (rules/programs/us-xx/school_meals), run over the
 * unit's SNAP translation with the facts below added. The package certifies children in school (7 CFR 245.6), each
 * with a tier in the month; PolicyEngine gives the unit one tier for the year, which is the package's household tier:
 * the tier of a child in school with no status of their own (42 U.S.C. 1758(b)(1)(A), (b)(12)(A)).
 */
import type { DerivedValue, OutputDefinition, RunView } from './output-definition.js';
import { programFacts, type ProgramFactSources } from './program-facts.js';
import type { Reading } from './readings.js';

export const SCHOOL_MEALS_PROGRAM_ID = 'school_meals';

/** The packages' first school year: July 2024 (89 FR 12812; docs/school-meals-coverage.md). */
export const SCHOOL_MEALS_FIRST_MONTH = '2024-07';

/** The package's household tier -> PolicyEngine's SchoolMealTier member. */
const TIERS: Record<string, string> = { free: 'FREE', reduced_price: 'REDUCED', paid: 'PAID' };

/**
 * The unit's tier. The package infers SNAP receipt not given only for a child in school whose tier depends on it; with
 * no member stated in school (is_in_k12_school) and no SNAP receipt given, a tier other than free may be one that SNAP
 * receipt would make free, so it is not answered (PolicyEngine counts the unit's SNAP whether or not a child is in school).
 */
function tierValue(run: RunView): DerivedValue {
  const tier = run.outputs.school_meals_household_tier;
  if (typeof tier !== 'string' || !Object.hasOwn(TIERS, tier)) return { reason: `the school meals package gave no tier (${JSON.stringify(tier)})` };
  if (tier !== 'free' && run.facts.receives_snap === undefined && run.outputs.school_meals_children_in_school === 0) {
    return {
      reason: `school_meal_tier: the unit is ${TIERS[tier]} by income, and SNAP receipt, which makes it FREE (42 U.S.C. 1758(b)(12)(A)), was neither given nor inferred: the packages infer it from the State's SNAP rules only for a child in school. Give is_in_k12_school for a child, or receives_snap / snap`,
    };
  }
  return { value: TIERS[tier] };
}

const schoolMeals = (output: string, kind: OutputDefinition['kind'], extra: Partial<OutputDefinition> = {}): OutputDefinition =>
  ({ group: 'spm_units', program: 'school_meals', output, kind, ...extra });

export const SCHOOL_MEALS_OUTPUTS: Record<string, OutputDefinition> = {
  // PolicyEngine defines the tier per year: a year key is answered when every month gives the same tier (the
  // package's tables switch on July 1, PolicyEngine's guideline on January 1: docs/compatibility.md).
  school_meal_tier: schoolMeals('school_meals_household_tier', 'category', { sameOverYear: true, value: tierValue }),
  // The month's income the tier is tested on (7 CFR 245.2, 245.3); a year key sums the months.
  school_meal_countable_income: schoolMeals('school_meals_household_monthly_income', 'money'),
};

/** The package outputs a school meals run asks for (the tier's guard reads the count of children in school). */
export const SCHOOL_MEALS_PACKAGE_OUTPUTS = ['school_meals_household_tier', 'school_meals_household_monthly_income', 'school_meals_children_in_school'];

/**
 * PolicyEngine variables -> school meals package facts: program receipt that makes every child in school free
 * (42 U.S.C. 1758(b)(12)(A)); enrolment in an elementary or secondary school (7 CFR 245.6); the household's
 * homelessness, which makes each of its children a homeless child (free by their own status, 7 CFR 245.2). A child's
 * own statuses decide that child's tier (person outputs), not the household tier this endpoint answers; the other
 * statuses (runaway, migrant) are not read.
 */
const SOURCES: ProgramFactSources = {
  unit: [
    ['receives_snap', ['receives_snap', 'snap']],
    ['receives_tanf', ['receives_tanf', 'is_tanf_enrolled', 'tanf']],
    ['receives_fdpir', ['fdpir']],
  ],
  person: [['is_in_school', ['is_in_k12_school']]],
  everyMember: [['is_homeless', ['is_homeless']]],
};

/** Every PolicyEngine variable a school meals run reads beyond the SNAP translation. */
export const SCHOOL_MEALS_SOURCES = SOURCES;

/** PolicyEngine imputes enrolment when not given: people aged 5 to 17 are in a K-12 school (its is_in_k12_school formula). */
const IMPUTED_SCHOOL_AGES = [5, 17] as const;

/**
 * The unit's school meals facts. A member whose is_in_k12_school is not given is taken as PolicyEngine takes them: in
 * school when aged 5 to 17; the note says so, since the packages' own default is not in school.
 */
export function schoolMealsFacts(kept: readonly Reading[], inputs: ReadonlySet<string>, people: Record<string, Record<string, unknown>>): { facts: Record<string, unknown>; people: Record<string, Record<string, unknown>>; notes: string[] } {
  const own = programFacts(kept, inputs, Object.keys(people), SOURCES);
  const imputed = Object.entries(people)
    .filter(([pid, p]) => own.people[pid]?.is_in_school === undefined && typeof p.age === 'number' && p.age >= IMPUTED_SCHOOL_AGES[0] && p.age <= IMPUTED_SCHOOL_AGES[1])
    .map(([pid]) => pid);
  if (!inputs.has('is_in_school') || imputed.length === 0) return { ...own, notes: [] };
  for (const pid of imputed) (own.people[pid] ??= {}).is_in_school = true;
  return {
    ...own,
    notes: [`School meals: is_in_k12_school was not given for ${imputed.join(', ')}: taken as in school (aged 5 to 17), as PolicyEngine imputes it; give is_in_k12_school to state it (the school meals packages certify children in school only, 7 CFR 245.6).`],
  };
}
