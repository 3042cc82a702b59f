/**
 * Agreement with PolicyEngine-US's school meals development cases (../shared/oracle/pe-program-tests-dev.jsonl, read
 * only; skipped loudly when absent; TENET_SHARED_DIR names another copy of ../shared) through the compatibility
 * endpoint, by the shared harness (tests/support/pe-agreement.ts): school meals cases expecting the SPM unit's
 * school_meal_tier or school_meal_countable_income, for a month from 2024-07 (the packages' first school year) or a
 * year from 2025; a yearly tier whose months differ (the tables switch on July 1) is reported unsupported and counted
 * out of scope with that cause. Inputs that cannot change a school meals result here (tax-unit roles; county and ZIP
 * code, where the packages go by State) are allowed. Each in-scope value must agree (dollars within $1, the tier
 * exactly) or be listed in KNOWN_DIFFERENCES with its cause (docs/compatibility.md, "School meals").
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

/** In-scope disagreements and their documented causes (docs/compatibility.md, "School meals"). */
const KNOWN_DIFFERENCES: Record<string, string> = {
  // Wages 50,700 for 3 in California, 2026: 4,225 a month, above the reduced price limits (4,109 to June, 4,212 from
  // July): PAID in every month. California's SNAP rules find the unit not SNAP-eligible, so no receipt is inferred.
  'school_meals_universal_free_meals_above_185pct (ca) / school_meal_tier':
    "California's universal meals law (Cal. Educ. Code 49501.5): PolicyEngine folds it into the unit's tier; the package keeps the federal tier and states the State-law free meals apart (school_meal_free_under_state_law, a person output of POST /v1/calculate)",
  // The same household in Massachusetts, whose universal meals law the package binds beside the federal tier. Colorado's
  // and Massachusetts's SNAP packages find it eligible through BBCE (200%) with an allotment of 0 (net 4,225 - 845 - 209
  // = 3,171; 30% = 952 > 785): three people entitled to no benefits are denied (7 CFR 273.10(e)(2)(iii)(A)), so no SNAP
  // receipt is inferred and the federal tier is PAID.
  'school_meals_universal_free_meals_above_185pct (ma) / school_meal_tier':
    "Massachusetts's universal meals law (Mass. Gen. Laws c. 69, sec. 1C): PolicyEngine folds it into the unit's tier; the package keeps the federal tier and states the State-law free meals apart",
  'school_meals_universal_free_meals_above_185pct (co) / school_meal_tier':
    "Colorado's universal meals program: PolicyEngine folds it into the unit's tier; the packages bind no Colorado law, and the federal tier is PAID (the household's SNAP allotment computes to 0, so it is denied SNAP and not free through it)",
  // Wages 60,000 for 3 in Texas, 2026, a homeless household: 5,000 a month, PAID by income.
  'school_meals_categorical_free_via_homeless_above_185pct (federal) / school_meal_tier':
    "homelessness: PolicyEngine counts the household's homelessness as categorical eligibility of the unit; the package makes each homeless child free by their own status (42 U.S.C. 1758(b)(12)(A); the child's tier in person_outputs), and the household tier is that of a child without such a status",
};

describeAgreement({
  label: 'school meals',
  program: 'school_meals',
  cases: 'pe-program-tests-dev.jsonl',
  meta: 'pe-program-variable-meta.json',
  select: (test) => test.program === 'school_meals',
  group: 'spm_units',
  variables: Object.entries(OUTPUTS).filter(([, d]) => d.program === 'school_meals').map(([name]) => name),
  periodCause: (period) => ((period.length === 4 && period < '2025') || (period.length === 7 && period < '2024-07') ? 'period before the first encoded school year (July 2024)' : null),
  harmless: /tax-unit roles|finer geography is not read/,
  everyValueComputed: false,
  knownDifferences: KNOWN_DIFFERENCES,
});
