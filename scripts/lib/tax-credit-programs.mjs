/**
 * The federal tax credit programs the generator writes (scripts/generate-tax-credit-rules.mjs): outputs and their
 * words, the figures not read in their primary source, and each package's sample household with its outputs worked
 * by hand. One package per program covers the tax years 2024-2026: the period's calendar year is the tax year, and
 * each year's figures are dated versions of the same rules (docs/tax-credits.md says why).
 */

const year = (description, unit = 'USD') => ({ description, period: 'year', unit });
const yes = (description) => ({ description, period: 'year', unit: 'boolean' });

const BY_CHILDREN = ['no_children', 'one_child', 'two_children', 'three_or_more_children'];
const EITC_FIGURES = ['eitc_earned_income_amount', 'eitc_phase_out_amount', 'eitc_phase_out_amount_joint'].flatMap((name) => BY_CHILDREN.map((n) => `${name}_${n}`));
const REV_PROC = {
  '2024-01-01': ['Rev. Proc. 2023-34', 'a reproduction of its earned income credit table (the textbook table "Earned Income Credit Tax Year 2024") and PolicyEngine\'s parameter files citing rp-23-34.pdf'],
  '2025-01-01': ['Rev. Proc. 2024-40', 'summaries of the IRS announcement (maximum credit $8,046 with three or more children, which is 45% of the $17,880 earned income amount) and PolicyEngine\'s parameter files citing rp-24-40.pdf; each maximum credit it implies ($649, $4,328, $7,152, $8,046) is the credit percentage of the earned income amount here, rounded'],
  '2026-01-01': ['Rev. Proc. 2025-32', 'summaries of the IRS announcement of 9 October 2025 (maximum credit $8,231 with three or more children, which is 45% of the $18,290 earned income amount, rounded) and PolicyEngine\'s parameter files citing rp-25-32.pdf'],
};

const unverifiedFigures = () => [
  ...EITC_FIGURES.flatMap((name) => Object.entries(REV_PROC).map(([from, [procedure, read]]) => ({
    parameter: `us:statutes/26/32#${name}`,
    effective_from: from,
    reason: `EITC figure for tax year ${from.slice(0, 4)} not read in ${procedure} itself (irs.gov could not be read from here): taken from ${read}.`,
  }))),
  // 2024 ($11,600) and 2025 ($11,950) were read in IRS Publication 596 for those years (Rule 6); 2026 only in summaries.
  { parameter: 'us:statutes/26/32#eitc_investment_income_limit', effective_from: '2026-01-01', reason: 'EITC investment income limit for tax year 2026 ($12,200) not read in Rev. Proc. 2025-32 itself nor in an IRS publication for 2026: taken from PolicyEngine\'s parameter files citing rp-25-32.pdf.' },
];

export const EITC_PROGRAM = {
  program_id: 'eitc',
  file: 'tax-years-2024-2026.yaml',
  title: 'Federal earned income tax credit (26 U.S.C. 32), tax years 2024-2026',
  default_period: '2026-12',
  tax_years: [2024, 2025, 2026],
  scope: ['statutes/26/32'],
  outputs: [
    'eitc', 'eitc_eligible', 'eitc_qualifying_children', 'tax_filing_status', 'tax_unit_earned_income', 'tax_unit_adjusted_gross_income',
    'eitc_unrounded', 'eitc_maximum_credit', 'eitc_phase_in_credit', 'eitc_phase_out_start', 'eitc_phase_out_income', 'eitc_phase_out_reduction',
    'tax_unit_investment_income', 'tax_unit_filer_count', 'tax_unit_qualifying_children', 'eitc_meets_age_requirement',
    'eitc_meets_identification_requirement', 'eitc_investment_income_within_limit',
    'tax_unit_older_dependant_facts_immaterial', 'tax_unit_has_no_dependant_candidates',
  ],
  default_outputs: ['eitc', 'eitc_eligible', 'eitc_qualifying_children', 'tax_filing_status', 'tax_unit_earned_income', 'tax_unit_adjusted_gross_income'],
  person_outputs: ['tax_person_is_filer', 'tax_person_is_qualifying_child', 'eitc_person_is_qualifying_child', 'tax_person_earned_income', 'tax_person_adjusted_gross_income'],
  // How a screen reads the credit (docs/screening.md): refundable cash for the tax year, the tax unit's; an
  // ineligible answer names the first requirement of 32(c), (m), (i) that failed.
  screening: { eligible: 'eitc_eligible', amount: 'eitc', amount_period: 'year', kind: 'cash', recipient: 'tax_unit',
    tests: ['eitc_meets_age_requirement', 'eitc_meets_identification_requirement', 'eitc_investment_income_within_limit'] },
  unverified_parameters: unverifiedFigures(),
  // A head of 30 earning $2,000 a month with a child of 5, tax year 2026 (filing status derived: head of household).
  // Earned income and AGI 2,000 x 12 = 24,000. One qualifying child: 34% x min(24,000, 13,020) = 4,426.80;
  // phaseout 15.98% x (24,000 - 23,890) = 17.578; credit min(4,426.80, 4,426.80 - 17.578) = 4,409.222 -> 4,409.
  sample_household: { period: '2026-12', people: { parent: { age: 30, relationship_to_head: 'head', earned_income: 2000 }, child: { age: 5, relationship_to_head: 'child' } } },
  sample_expected_outputs: { eitc: 4409, eitc_eligible: true, eitc_qualifying_children: 1, tax_filing_status: 'head_of_household', tax_unit_earned_income: 24000, tax_unit_adjusted_gross_income: 24000 },
  output_docs: {
    eitc: year('The tax unit\'s federal earned income tax credit for the tax year (the period\'s calendar year), in whole dollars (26 U.S.C. 32(a)); refundable.'),
    eitc_eligible: yes('The tax unit may claim the credit: a filer, not married filing separately, a qualifying child or a filer aged 25 to 64, Social Security numbers, investment income within the limit (26 U.S.C. 32(c), (d), (i), (m)). It may still compute to 0.'),
    eitc_qualifying_children: year('Qualifying children for the credit: qualifying children (26 U.S.C. 152(c)) with a Social Security number valid for employment (32(c)(3)).', 'count'),
    tax_filing_status: { description: 'The filing status used: filing_status when given, else derived from the people listed (26 U.S.C. 1, 2(b), 6013).', period: 'year', unit: 'text' },
    tax_unit_earned_income: year('Earned income of the filers for the tax year: wages times 12 and net earnings from self-employment less half the self-employment tax (26 U.S.C. 32(c)(2)).'),
    tax_unit_adjusted_gross_income: year('Adjusted gross income of the filers for the tax year (26 U.S.C. 62): the monthly income facts times 12, less half the self-employment tax.'),
    eitc_unrounded: year('The credit before rounding to whole dollars (26 U.S.C. 32(a)).'),
    eitc_maximum_credit: year('The credit percentage of the earned income amount for the number of qualifying children (26 U.S.C. 32(a)(1), (b)); the revenue procedure prints it rounded to whole dollars.'),
    eitc_phase_in_credit: year('The credit percentage of earned income up to the earned income amount (26 U.S.C. 32(a)(1)).'),
    eitc_phase_out_start: year('The phaseout amount for the number of qualifying children and the filing status (26 U.S.C. 32(b)(2)).'),
    eitc_phase_out_income: year('The greater of adjusted gross income and earned income (26 U.S.C. 32(a)(2)(B)).'),
    eitc_phase_out_reduction: year('The phaseout percentage of the income above the phaseout amount (26 U.S.C. 32(a)(2)(B)).'),
    tax_unit_investment_income: year('Investment income of the filers for the tax year (26 U.S.C. 32(i)(2)).'),
    tax_unit_filer_count: year('People listed as head or spouse (the filers).', 'count'),
    tax_unit_qualifying_children: year('Qualifying children (26 U.S.C. 152(c)) listed, with or without a Social Security number.', 'count'),
    eitc_meets_age_requirement: yes('A qualifying child, or a filer (on a joint return either spouse) aged 25 to 64 (26 U.S.C. 32(c)(1)(A)).'),
    eitc_meets_identification_requirement: yes('The head, and on a joint return the spouse, has a Social Security number valid for employment (26 U.S.C. 32(m)).'),
    eitc_investment_income_within_limit: yes('Investment income is not more than the year\'s limit (26 U.S.C. 32(i)).'),
    tax_unit_older_dependant_facts_immaterial: yes('No listed child is 19 or over, so whether a child is a full-time student or permanently and totally disabled cannot change the result.'),
    tax_unit_has_no_dependant_candidates: yes('Nobody besides the filers is listed, so lived_with_filer_over_half_year cannot change the result.'),
  },
};

const STATUSES = ['single', 'joint', 'separate', 'head_of_household'];
const SECONDARY = {
  2024: 'a tax-bracket table republished from Rev. Proc. 2023-34 (capitalgroup.com, perfectnestegg.com)',
  2025: 'tax-bracket tables republished from Rev. Proc. 2024-40 (capitalgroup.com, kirkwoodgrp.com) and press summaries of Pub. L. 119-21\'s 2025 standard deduction',
  2026: 'a tax-rate table republished from Rev. Proc. 2025-32 (thelighthousecpa.com) and press summaries of the IRS announcement of 9 October 2025',
};
const taxFigure = (parameter, year, what) => ({
  parameter: `us:statutes/26/${parameter}`,
  effective_from: `${year}-01-01`,
  reason: `${what} for tax year ${year} not read in the revenue procedure or the statute itself (irs.gov and congress.gov could not be read from here): taken from ${SECONDARY[year]}.`,
});
const taxTableFigures = () => [2024, 2025, 2026].flatMap((year) => [
  ...STATUSES.map((s) => taxFigure(`63#tax_basic_standard_deduction_${s}`, year, `Basic standard deduction (${s})`)),
  ...STATUSES.flatMap((s) => [1, 2, 3, 4, 5, 6].map((k) => taxFigure(`1#tax_bracket_${k}_top_${s}`, year, `Income tax bracket ${k} top (${s})`))),
  ...(year === 2024 ? [] : [taxFigure('24#ctc_amount_per_child', year, 'Child tax credit per child')]),
  taxFigure('24#ctc_refundable_amount_per_child', year, 'Refundable child tax credit per child'),
]);

export const CTC_PROGRAM = {
  program_id: 'ctc',
  file: 'tax-years-2024-2026.yaml',
  title: 'Federal child tax credit and credit for other dependents (26 U.S.C. 24), tax years 2024-2026',
  default_period: '2026-12',
  tax_years: [2024, 2025, 2026],
  scope: ['statutes/26/24'],
  outputs: [
    'ctc_value', 'ctc', 'ctc_non_refundable', 'ctc_refundable', 'ctc_qualifying_children', 'ctc_other_dependants', 'tax_filing_status',
    'tax_unit_adjusted_gross_income', 'tax_unit_earned_income', 'tax_unit_taxable_income', 'tax_unit_regular_tax', 'tax_basic_standard_deduction',
    'ctc_child_credit_before_phase_out', 'ctc_other_dependant_credit_before_phase_out', 'ctc_phase_out_threshold', 'ctc_phase_out_reduction',
    'ctc_refundable_cap', 'ctc_earned_income_portion', 'ctc_meets_filer_ssn_requirement', 'tax_unit_filer_count',
    'tax_unit_older_dependant_facts_immaterial', 'tax_unit_has_no_dependant_candidates',
  ],
  default_outputs: ['ctc_value', 'ctc', 'ctc_non_refundable', 'ctc_refundable', 'ctc_qualifying_children', 'ctc_other_dependants', 'tax_filing_status'],
  person_outputs: ['tax_person_is_filer', 'tax_person_is_qualifying_child', 'ctc_person_is_qualifying_child', 'ctc_person_is_other_dependant', 'tax_person_adjusted_gross_income'],
  // How a screen reads the credit (docs/screening.md): what the tax unit gets (non-refundable part allowed plus the
  // refundable part) for the tax year; the package has no eligibility judgment, so more than $0 is eligible.
  screening: { eligible: 'ctc_value', amount: 'ctc_value', amount_period: 'year', kind: 'cash', recipient: 'tax_unit' },
  unverified_parameters: taxTableFigures(),
  // A head of 30 earning $2,000 a month with a child of 5, tax year 2026 (head of household, derived). AGI 24,000; the
  // standard deduction 24,150 leaves no taxable income, so no tax and no non-refundable credit. Credit 2,200 (no
  // phaseout); refundable: the least of 2,200 unused, 1,700 for one child, 15% x (24,000 - 2,500) = 3,225 -> 1,700.
  sample_household: { period: '2026-12', people: { parent: { age: 30, relationship_to_head: 'head', earned_income: 2000 }, child: { age: 5, relationship_to_head: 'child' } } },
  sample_expected_outputs: { ctc_value: 1700, ctc: 2200, ctc_non_refundable: 0, ctc_refundable: 1700, ctc_qualifying_children: 1, ctc_other_dependants: 0, tax_filing_status: 'head_of_household' },
  output_docs: {
    ctc_value: year('What the tax unit gets from 26 U.S.C. 24 for the tax year: the non-refundable part allowed against its income tax plus the refundable additional child tax credit.'),
    ctc: year('The child tax credit and credit for other dependents after the phaseout, before the tax liability limit (26 U.S.C. 24(a), (b), (h)).'),
    ctc_non_refundable: year('The part allowed against the regular income tax (26 U.S.C. 24(b)(3), 26(a)); other non-refundable credits taken as absent.'),
    ctc_refundable: year('The additional child tax credit: the unused credit, at most the refundable amount per qualifying child and 15% of earned income above $2,500 (26 U.S.C. 24(d), (h)(5), (h)(6)).'),
    ctc_qualifying_children: year('Qualifying children under 17 with a Social Security number valid for employment (26 U.S.C. 24(c), (h)(7)).', 'count'),
    ctc_other_dependants: year('Qualifying children who are 17 or over or have no Social Security number, each worth $500 (26 U.S.C. 24(h)(4)); qualifying relatives are not computed.', 'count'),
    tax_filing_status: EITC_PROGRAM.output_docs.tax_filing_status,
    tax_unit_adjusted_gross_income: EITC_PROGRAM.output_docs.tax_unit_adjusted_gross_income,
    tax_unit_earned_income: EITC_PROGRAM.output_docs.tax_unit_earned_income,
    tax_unit_taxable_income: year('Adjusted gross income less the basic standard deduction (26 U.S.C. 63); itemized deductions, the additional standard deduction and the Pub. L. 119-21 deductions are not computed.'),
    tax_unit_regular_tax: year('The regular income tax on taxable income from the rate schedule for the filing status (26 U.S.C. 1(j)).'),
    tax_basic_standard_deduction: year('The basic standard deduction for the filing status and year (26 U.S.C. 63(c)).'),
    ctc_child_credit_before_phase_out: year('The amount per qualifying child times their number, 0 from 2025 without a filer\'s Social Security number (26 U.S.C. 24(a), (h)(2), (h)(7)).'),
    ctc_other_dependant_credit_before_phase_out: year('$500 per other dependant (26 U.S.C. 24(h)(4)).'),
    ctc_phase_out_threshold: year('$400,000 on a joint return, $200,000 otherwise (26 U.S.C. 24(h)(3)).'),
    ctc_phase_out_reduction: year('$50 for each $1,000 or fraction of AGI above the threshold (26 U.S.C. 24(b)(1)).'),
    ctc_refundable_cap: year('The refundable amount per qualifying child times their number (26 U.S.C. 24(h)(5)).'),
    ctc_earned_income_portion: year('15% of earned income above $2,500 (26 U.S.C. 24(d)(1)(B)(i), (h)(6)).'),
    ctc_meets_filer_ssn_requirement: yes('Before 2025 always; from 2025 the head, or on a joint return the spouse, has a Social Security number valid for employment (26 U.S.C. 24(h)(7) as amended by Pub. L. 119-21 sec. 70104).'),
    tax_unit_filer_count: EITC_PROGRAM.output_docs.tax_unit_filer_count,
    tax_unit_older_dependant_facts_immaterial: EITC_PROGRAM.output_docs.tax_unit_older_dependant_facts_immaterial,
    tax_unit_has_no_dependant_candidates: EITC_PROGRAM.output_docs.tax_unit_has_no_dependant_candidates,
  },
};
