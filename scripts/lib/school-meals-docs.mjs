/**
 * Words of the school meals packages, for scripts/generate-school-meals-rules.mjs: what each output means, which
 * are the defaults and per-person outputs, the facts the packages read beyond SNAP's and Lifeline's (from
 * household-vocabulary.mjs), and docs/school-meals-coverage.md.
 */
import { SCHOOL_MEALS_FACTS } from './household-vocabulary.mjs';
import { iegLimits } from './school-meals-reference.mjs';

const month = (description, unit = 'boolean') => ({ description, period: 'month', unit });

const OUTPUTS = {
  school_meals_household_tier: month('The tier of a child of the household in school who has no categorical status of their own: free (the household receives SNAP, TANF or FDPIR, or its monthly income is at or below the free limit), reduced_price (at or below the reduced price limit) or paid (42 U.S.C. 1758(b)(1)(A), (b)(12)(A); 7 CFR 245.3, 245.6). A child who is homeless, a runaway, migrant, in foster care or in Head Start is free whatever this says.', 'text'),
  school_meals_free_children: month('Children in school (is_in_school) who eat free: by their own status or the household\'s.', 'count'),
  school_meals_reduced_price_children: month('Children in school who pay the reduced price.', 'count'),
  school_meals_paid_children: month('Children in school who pay the full price.', 'count'),
  school_meals_children_free_under_state_law: month('Children in school who eat free under a State universal school meals law (where the package binds one: California from the 2022-23 school year, Massachusetts and Vermont in every school year the packages cover, New York from 2025-26; docs/school-meals-coverage.md), whatever their federal tier; 0 elsewhere. The federal counts above stay as federal law decides them.', 'count'),
  school_meals_children_in_school: month('Children listed with is_in_school true.', 'count'),
  school_meals_household_monthly_income: month('The household\'s income in the month: household-level income facts plus each listed member\'s earned, unearned and net self-employment income (a loss as 0) (7 CFR 245.2, current income).', 'USD per month'),
  school_meals_free_income_limit: month('The monthly free meals limit of the published table for the household size and school year (130% of the poverty guideline; 42 U.S.C. 1758(b)(1)(A)).', 'USD per month'),
  school_meals_reduced_price_income_limit: month('The monthly reduced price limit of the published table for the household size and school year (185% of the poverty guideline).', 'USD per month'),
  school_meals_free_income_limit_annual: { description: 'The annual free meals limit of the published table (shown for reference; the packages test the monthly column).', period: 'year', unit: 'USD' },
  school_meals_reduced_price_income_limit_annual: { description: 'The annual reduced price limit of the published table (shown for reference).', period: 'year', unit: 'USD' },
  school_meals_poverty_guideline: { description: 'The HHS poverty guideline (42 U.S.C. 9902(2)) for the household size, of the calendar year the school year uses (July 1 to June 30) and the jurisdiction\'s table.', period: 'year', unit: 'USD' },
  school_meals_household_size: month('The household size used: the larger of household_size and the number of people listed (7 CFR 245.2).', 'count'),
  school_meals_household_free: month('A child of the household in school is free without a status of their own (SNAP, TANF or FDPIR receipt, or income at or below the free limit).'),
  school_meals_receives_snap: month('SNAP receipt as school meals read it: receives_snap when given, otherwise the SNAP certification computed for the household (snap_certified) when it can change the result (42 U.S.C. 1758(b)(12)(A)).'),
  school_meals_snap_eligibility_computed: month('The household\'s SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State\'s SNAP rules compute it, computed only when it stands in for SNAP receipt (receives_snap not given, a child in school depends on it, and the household is not free otherwise); false when not needed, and where SNAP does not operate.'),
  school_meals_snap_receipt_immaterial: month('SNAP receipt was given, or no child in school depends on it, or the household is free otherwise, so neither receives_snap nor the SNAP facts can change the result; when false and receives_snap was not given, it is listed in assumptions as inferred.'),
  school_meals_household_receipts_immaterial: month('No child in school depends on the household\'s tier, or the household is free anyway (SNAP receipt included), so TANF and FDPIR receipt cannot change the result.'),
  school_meals_child_status_immaterial: month('No child is in school, or the household is free anyway, so the children\'s own statuses (homeless, runaway, migrant, foster, Head Start) cannot change the result.'),
};

export const SCHOOL_MEALS_DOCS = {
  outputs: OUTPUTS,
  defaultOutputs: ['school_meals_household_tier', 'school_meals_free_children', 'school_meals_reduced_price_children', 'school_meals_paid_children',
    'school_meals_household_monthly_income', 'school_meals_free_income_limit', 'school_meals_reduced_price_income_limit', 'school_meals_poverty_guideline'],
  personOutputs: ['school_meal_tier', 'school_meal_person_categorically_eligible', 'school_meal_free_under_state_law'],
  household: SCHOOL_MEALS_FACTS.household,
  person: SCHOOL_MEALS_FACTS.person,
};

const AREA_TEXT = { '48_states_dc': '48 States, DC, Guam and the territories', alaska: 'Alaska', hawaii: 'Hawaii' };

function limitsTable(data, guidelines) {
  const lines = [];
  for (const y of data.school_years.filter((s) => s.notice && !s.notice.startsWith('none'))) {
    lines.push(`### ${y.from.slice(0, 4)}-${Number(y.from.slice(0, 4)) + 1} (${y.guideline_year} guidelines; ${y.verified ? y.notice : 'computed, not published (notice not read): declared unverified'})`, '',
      '| table | tier | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | each additional |', '|---|---|---|---|---|---|---|---|---|---|---|');
    for (const area of Object.keys(AREA_TEXT)) {
      const [first, add] = guidelines[y.guideline_year][area];
      for (const [tier, rate] of [['free', 1.3], ['reduced price', 1.85]]) {
        const cells = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => { const l = iegLimits(first, add, n, rate); return `${l.annual} / ${l.monthly}`; });
        const nine = iegLimits(first, add, 9, rate);
        const eight = iegLimits(first, add, 8, rate);
        lines.push(`| ${AREA_TEXT[area]} | ${tier} | ${cells.join(' | ')} | ${nine.annual - eight.annual} / ${nine.monthly - eight.monthly} |`);
      }
    }
    lines.push('');
  }
  return lines;
}

/** The State universal school meals laws the packages bind, and those reported but not bound, with why. */
function universalMealsLines(data) {
  const laws = Object.entries(data.universal_meals).map(([code, law]) => `  - **us-${code}** from ${law.from}: ${law.source}. Covers ${law.covers}. Read: ${law.read}.`);
  return [
    '- **State universal school meals laws**: where a State\'s law makes breakfast and lunch free to every pupil, the package binds `school_meals_state_universal_free_meals`, so a child in school (`is_in_school`) eats free under State law (`school_meal_free_under_state_law`, person output; `school_meals_children_free_under_state_law`, household) while `school_meal_tier` stays the federal tier. The packages do not know the kind of school: a child in school is taken to attend one the law covers (a public school taking part in the National School Lunch Program), so a child of a private school the law leaves out is counted as covered too. Bound:',
    ...laws,
    '  Reported to have such laws or programs but not bound (each State\'s reason; a law that leaves the choice to the school food authority or depends on a yearly appropriation is a fact of the school, like the Community Eligibility Provision):',
    ...data.universal_meals_not_encoded.map((s) => `  - **${s.state}**: ${s.why}.`),
    '  Other States were not checked.',
  ];
}

export function coverageDoc({ data, guidelines, jurisdictions }) {
  const lines = ['# Free and reduced-price school meals: bundled rule packages', '',
    'Generated by `scripts/generate-school-meals-rules.mjs` from `scripts/data/school-meals.json`; do not edit by hand.', '',
    `${jurisdictions.length} packages, program id \`school_meals\`, compose spec \`rules/programs/us-xx/school_meals/2026.yaml\`: the 50 States, the District of Columbia, Guam, the U.S. Virgin Islands and Puerto Rico. ${data.territory_basis} Months from 2024-07 (the 2024-25 school year).`, '',
    '## What the packages compute', '',
    '- **Income test** (42 U.S.C. 1758(b)(1)(A); 7 CFR 245.3): the household\'s monthly income (the monthly income facts of the household vocabulary, household-level plus each listed person\'s; net self-employment income, a loss as 0) against the **monthly column** of the school year\'s published table: free at or below 130% of the poverty guideline, reduced price at or below 185%. The monthly column is what the regulation supports for monthly facts: current income is "income ... received during the month prior to application" (7 CFR 245.2, current income), and the notices publish a monthly limit beside the annual one. The annual columns are outputs for reference.',
    '- **Rounding, as the notices publish it**: annual = guideline x 1.30 (or 1.85) rounded up to the next whole dollar; monthly = annual / 12 rounded up. The tables print households of 1 to 8 and an amount to add for each further member (the additional person\'s amount treated the same way), so for 9 or more the packages add that amount to the row for 8, as an application reader would: in 2025-26 a household of 10 has $8,349 + 2 x $848 = **$10,045** a month for reduced price, where 185% of its guideline / 12 rounded up would be $10,044. Checked in `tests/rules/school-meals-packages.test.ts` against the 2025-26 48-State table (both tiers, sizes 1-8 and the additional amounts, annual and monthly, read in a school district\'s reproduction) and the 2024-25 reduced price columns (read in the Idaho Department of Education\'s reproduction; there too a household of 10 gets $8,128 + 2 x $830 = $9,788 where 185% / 12 rounded up would give $9,787).',
    '- **School year**: July 1 to June 30, using that calendar year\'s HHS guidelines (`us:regulations/7-cfr/245/3#school_meals_guideline_year`); the guidelines themselves come from the shared module `us:statutes/42/9902/2`. Alaska and Hawaii bind their own tables.',
    '- **Categorical eligibility (free)**: the household receives SNAP, TANF or FDPIR (42 U.S.C. 1758(b)(12)(A); every child of the household, FNS memo "Extending Categorical Eligibility to Additional Children in a Household", August 27, 2009); or the child is homeless, a runaway, migrant, in foster care or enrolled in Head Start (any child enrolled since Pub. L. 110-134, FNS memo SP23-2008). SNAP receipt not given is inferred from the State SNAP package\'s eligibility for the same household, only when it can change a child\'s tier, and the answer lists `receives_snap` in `assumptions` as inferred; given, there is no such assumption.',
    '- **Per child** (`person_outputs`): `school_meal_tier` (a Person rule: free, reduced_price or paid for a child in school, not_in_school otherwise) and `school_meal_person_categorically_eligible` (free by the child\'s own status; reported for children in school). A child\'s tier reads the household\'s values through `school_meals_household_of_member`, the membership relation read from the person\'s side (a derived relation with `current_slot: 0`, which the fast path materialises as the household relation turned round, docs/fast-path.md). Per household: `school_meals_household_tier` (the tier of a child in school without such a status) and the counts of children in school per tier, aggregated from the children\'s tiers.',
    '',
    '## Not computed, and why', '',
    ...universalMealsLines(data),
    '- **Community Eligibility Provision** schools (every child eats free by the school\'s election, 42 U.S.C. 1759a(a)(1)(F)): a fact of the school, not the household; not modelled.',
    '- **Dollar value**: left out. The saving is the difference between the price the school food authority charges for a paid (or reduced price) meal and what the family then pays; the national average federal payments (Federal Register, each July) are what USDA reimburses the school, not what the family saves, and paid meal prices are set locally. A value from the reimbursement difference would need the number of school days and meals taken as stated defaults; not done in this milestone.',
    '- **Income conversion for other frequencies** (weekly, every two weeks, twice monthly): the household vocabulary\'s income facts are monthly; other frequencies are converted by the caller.',
    '- **American Samoa and the Northern Mariana Islands**: not bundled (see above).',
    '',
    '## Published limits the packages compute (annual / monthly, USD)', '',
    ...limitsTable(data, guidelines),
    '## School years and their sources', '',
    '| from | guideline year | source |', '|---|---|---|',
    ...data.school_years.map((y) => `| ${y.from} | ${y.guideline_year} | ${y.verified ? y.basis : `not verified (warned): ${y.reason}`} |`), '',
    '## Jurisdictions', '',
    '| package | table | SNAP link |', '|---|---|---|',
    ...jurisdictions.map((j) => `| us-${j.code} | ${AREA_TEXT[j.area]} | ${j.snap ? `${j.snap.agency} SNAP package` : `none: ${j.note}`} |`),
    ''];
  return lines.join('\n');
}
