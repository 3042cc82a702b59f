// The federal Medicaid and CHIP modules the Medicaid generator writes (scripts/generate-medicaid-rules.mjs): MAGI
// household and income (42 CFR 435.603), the CHIP income standards (42 CFR 457.310), the Medicaid MAGI groups with
// the immigrant rules (42 CFR 435.110-435.119; 8 U.S.C. 1611, 1613, 1641) and CHIP eligibility (42 U.S.C. 1397jj(b)).
// The household's limits are household rules here; each person's determination reads them from the person's side of the
// household relation (scripts/lib/medicaid-person-rules.mjs, 42 CFR 435.911).

export const FED = {
  MAGI: 'us:regulations/42-cfr/435/603',
  CHIPSTD: 'us:regulations/42-cfr/457/310',
  GROUPS: 'us:regulations/42-cfr/435/magi-groups',
  CHIP: 'us:statutes/42/1397jj',
  PERSON: 'us:regulations/42-cfr/435/911',
};
const G = 'us:statutes/42/9902/2';
/** The module declaring the membership relation every package fills with the people listed (docs/household.md). */
export const MEMBERS_MODULE = 'us:statutes/7/2012/m';
export const MEMBERS = `${MEMBERS_MODULE}#relation.member_of_snap_household`;
const ECFR = (part, section) => `https://www.ecfr.gov/current/title-42/part-${part}/section-${part}.${section}`;
const USC = (section) => `https://www.law.cornell.edu/uscode/text/42/${section}`;

/** The coverage groups with a State income standard: the hook each State binds and the law that sets the group. */
export const CATEGORIES = {
  infant: { label: 'infants (under 1)', hook: `${FED.GROUPS}#medicaid_infant_income_standard`, cite: '42 CFR 435.118(c) (infants)' },
  child_1_5: { label: 'children 1-5', hook: `${FED.GROUPS}#medicaid_child_1_5_income_standard`, cite: '42 CFR 435.118(c) (children 1 through 5)' },
  child_6_18: { label: 'children 6-18', hook: `${FED.GROUPS}#medicaid_child_6_18_income_standard`, cite: '42 CFR 435.118(c) (children 6 through 18)' },
  pregnant: { label: 'pregnant people (Medicaid)', hook: `${FED.GROUPS}#medicaid_pregnant_income_standard`, cite: '42 CFR 435.116(c)' },
  parent_caretaker: { label: 'parents and caretaker relatives', hook: `${FED.GROUPS}#medicaid_parent_caretaker_income_standard`, cite: '42 CFR 435.110(c)' },
  expansion_adult: { label: 'the adult group (19-64)', hook: `${FED.GROUPS}#medicaid_expansion_adult_income_standard`, coveredHook: `${FED.GROUPS}#medicaid_expansion_adult_covered`, cite: '42 CFR 435.119(b); 42 U.S.C. 1396a(a)(10)(A)(i)(VIII)' },
  chip_child: { label: 'separate CHIP (children)', hook: `${FED.CHIPSTD}#chip_child_income_standard`, coveredHook: `${FED.CHIPSTD}#chip_child_covered`, cite: '42 CFR 457.310(b)(1); 42 U.S.C. 1397jj(b)' },
  chip_pregnant: { label: 'CHIP (pregnant people)', hook: `${FED.CHIPSTD}#chip_pregnant_income_standard`, coveredHook: `${FED.CHIPSTD}#chip_pregnant_covered`, cite: '42 U.S.C. 1397ll (targeted low-income pregnant women); 42 CFR 457.10' },
};

/** Age bands of 42 CFR 435.118 (and the CHIP bands that share them): name, lowest age, rule on the person's group. */
const BANDS = [['infant', 0], ['child_1_5', 1], ['child_6_18', 6]];

const v = (from, formula) => `    versions:\n      - effective_from: '${from}'\n        formula: ${formula.includes('\n') ? `>-\n          ${formula.split('\n').join('\n          ')}` : `'${formula.replace(/'/g, "''")}'`}`;
export const rule = ({ name, kind = 'derived', entity = 'Household', dtype, period = 'Month', unit, source, url, description, from = '2014-01-01', formula }) => `
  - name: ${name}
    kind: ${kind}${kind === 'derived' ? `\n    entity: ${entity}` : ''}
    dtype: ${dtype}${kind === 'derived' ? `\n    period: ${period}` : ''}${unit ? `\n    unit: ${unit}` : ''}
    source: ${source}
    source_url: ${url}${description ? `\n    description: >-\n      ${description}` : ''}
${v(from, formula)}`;
export const hook = (name, dtype, formula, source, url, description) => rule({ name, kind: 'parameter', dtype, source, url, description: `Hook. ${description}`, formula });
export const header = (summary, path, imports) => `format: rulespec/v1\nmodule:\n  summary: >-\n    ${summary}\n  source_verification:\n    corpus_citation_path: ${path}\nimports:\n${imports.map((i) => `  - ${i}`).join('\n')}\nrules:`;

export function federalModules(guidelines) {
  return [
    ['rules/us/regulations/42-cfr/435/603.yaml', magiModule(guidelines)],
    ['rules/us/regulations/42-cfr/457/310.yaml', chipStandardsModule()],
    ['rules/us/regulations/42-cfr/435/magi-groups.yaml', groupsModule()],
    ['rules/us/statutes/42/1397jj.yaml', chipModule()],
  ];
}

/**
 * The packages' first day. On 2025-01-01 the 2024 guidelines were still the HHS guidelines in effect: the 2025 notice
 * (90 FR 5917) applies from January 15, 2025 unless a program specifies another date, so January 1-14, 2025 reads 2024's.
 */
export const MEDICAID_FIRST_DAY = '2025-01-01';

/** Each guideline year the packages read, from the later of its notice's date and the packages' first day. */
function guidelineYears(guidelines) {
  const years = Object.keys(guidelines).sort();
  const live = years.filter((y, i) => (years[i + 1] === undefined || guidelines[years[i + 1]].effective > MEDICAID_FIRST_DAY));
  return live.map((y) => ({ year: y, from: guidelines[y].effective > MEDICAID_FIRST_DAY ? guidelines[y].effective : MEDICAID_FIRST_DAY,
    note: guidelines[y].effective > MEDICAID_FIRST_DAY ? guidelines[y].notice : `${guidelines[y].notice}, still in effect until the next notice applies` }));
}

function magiModule(guidelines) {
  const versions = guidelineYears(guidelines);
  const years = versions.map((v) => v.year);
  const yearVersions = versions.map((v) => `      - effective_from: '${v.from}'  # ${v.note}\n        formula: '${v.year}'`).join('\n');
  const newestFirst = [...years].reverse();
  const pick = (part) => newestFirst.map((y, i) => `${i === 0 ? 'if' : 'elif'} medicaid_poverty_guideline_year == ${y}: ${pick2(y, part)}`).join('\n') + `\nelse: 0`;
  const pick2 = (y, part) => `(if medicaid_poverty_guideline_area == "alaska": hhs_poverty_guideline_${y}_${part}_alaska elif medicaid_poverty_guideline_area == "hawaii": hhs_poverty_guideline_${y}_${part}_hawaii else: hhs_poverty_guideline_${y}_${part}_48_states_dc)`;
  const first = pick('first_person');
  const add = pick('each_additional_person');
  const src603 = (p) => `42 CFR 435.603${p}`;
  return `${header('MAGI-based methodology (42 CFR 435.603): the household, its income and the poverty guideline it is tested against. The packages take every person listed (the membership relation every package shares, us:statutes/7/2012/m\'s member_of_snap_household: the people the caller lists as living together, from which each program forms its own unit) as one MAGI household (a tax filer, a spouse and their dependent children living together, 435.603(f)(1)-(2)); household_size, when larger, adds people without income. Income is current monthly income (435.603(h)(1)): earned, unearned and net self-employment income of the people listed, plus household-level amounts; the yearly HHS guideline for the household size is compared with 12 times it. The 5-point disregard (435.603(d)(4)) is applied by the group rules to the highest standard a person can be tested against.', 'us/regulation/42-cfr/435.603', [G, MEMBERS_MODULE])}
${rule({ name: 'medicaid_person_monthly_income', entity: 'Person', dtype: 'Money', unit: 'USD', source: `${src603('(e)')} (MAGI: adjusted gross income, 26 U.S.C. 36B(d)(2)(B)); ${src603('(h)(1)')} (current monthly income)`, url: ECFR(435, 603), description: 'Earned and unearned income and net self-employment income (a loss reduces it, as in adjusted gross income). Every unearned amount given is taken as taxable: SSI, TANF and child support received, which MAGI leaves out, should not be given.', formula: 'earned_income + unearned_income + self_employment_income - self_employment_costs' })}
${rule({ name: 'medicaid_person_is_pregnant', entity: 'Person', dtype: 'Judgment', source: '42 CFR 435.116; 42 CFR 435.603(b) (family size of a pregnant woman)', url: ECFR(435, 116), formula: 'is_pregnant' })}
${rule({ name: 'medicaid_person_expected_children', entity: 'Person', dtype: 'Integer', source: `${src603('(b)')} (a pregnant woman is counted as herself plus the number of children she is expected to deliver)`, url: ECFR(435, 603), formula: 'if medicaid_person_is_pregnant: expected_children_count else: 0' })}
${rule({ name: 'medicaid_household_size', dtype: 'Integer', source: `${src603('(b)')}, (f)`, url: ECFR(435, 603), formula: 'max(household_size, len(member_of_snap_household))' })}
${rule({ name: 'medicaid_pregnancy_family_size', dtype: 'Integer', source: `${src603('(b)')} (for the pregnant woman's own determination; other members count her as one, a State option not modelled)`, url: ECFR(435, 603), formula: 'medicaid_household_size + sum(member_of_snap_household.medicaid_person_expected_children)' })}
${rule({ name: 'medicaid_no_pregnant_member', dtype: 'Judgment', source: '42 CFR 435.116; 435.603(b)', url: ECFR(435, 603), formula: 'count_where(member_of_snap_household, medicaid_person_is_pregnant) == 0' })}
${rule({ name: 'medicaid_household_monthly_income', dtype: 'Money', unit: 'USD', source: `${src603('(d)(1)')} (household income is the sum of the members' MAGI-based income); ${src603('(h)(1)')}`, url: ECFR(435, 603), formula: 'max(earned_income + unearned_income + sum(member_of_snap_household.medicaid_person_monthly_income), 0)' })}
${rule({ name: 'medicaid_household_annual_income', dtype: 'Money', unit: 'USD', period: 'Year', source: `${src603('(h)(1)')} (current monthly income, here compared with the yearly guideline as 12 times it)`, url: ECFR(435, 603), formula: 'medicaid_household_monthly_income * 12' })}
${hook('medicaid_poverty_guideline_area', 'Text', '"48_states_dc"', '42 U.S.C. 9902(2) (separate guidelines for Alaska and Hawaii)', 'https://aspe.hhs.gov/topics/poverty-economic-mobility/poverty-guidelines', 'The HHS guideline table for the State: 48_states_dc, alaska or hawaii (bound by the Alaska and Hawaii modules).')}

  - name: medicaid_poverty_guideline_year
    kind: parameter
    dtype: Integer
    source: 42 CFR 435.4 (the federal poverty level is the HHS poverty guideline "updated annually in the Federal Register"); each year's HHS notice (us:statutes/42/9902/2), e.g. 90 FR 5917 (2025-01-17), DATES, "January 15, 2025 unless an office administering a program using the guidelines specifies a different effective date for that particular program"
    source_url: ${ECFR(435, 4)}
    description: >-
      The guideline year Medicaid and CHIP use: each year's guidelines from the effective date of the HHS notice, and
      before it the previous year's, still in effect (so January 1-14, 2025 reads the 2024 guidelines, 89 FR 2961). A
      month is read at its first day: January 2025 is tested against the 2024 guidelines, January 2026 against 2025's.
      No CMS rule fixes another date; a State may apply the new guidelines from a later date of its own (often April
      1), which is not encoded, so this rule is declared unverified in the packages and every answer says so.
    versions:
${yearVersions}
${rule({ name: 'medicaid_guideline_first_person', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 U.S.C. 9902(2); 42 CFR 435.4 (federal poverty level)', url: ECFR(435, 4), from: versions[0].from, formula: first })}
${rule({ name: 'medicaid_guideline_each_additional_person', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 U.S.C. 9902(2); 42 CFR 435.4 (federal poverty level)', url: ECFR(435, 4), from: versions[0].from, formula: add })}
${rule({ name: 'medicaid_poverty_guideline', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 CFR 435.4 (federal poverty level for the family size); 435.603(b)', url: ECFR(435, 4), formula: 'medicaid_guideline_first_person + (medicaid_household_size - 1) * medicaid_guideline_each_additional_person' })}
${rule({ name: 'medicaid_pregnancy_poverty_guideline', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 CFR 435.4; 435.603(b) (the pregnant woman\'s family size)', url: ECFR(435, 4), formula: 'medicaid_guideline_first_person + (medicaid_pregnancy_family_size - 1) * medicaid_guideline_each_additional_person' })}
${rule({ name: 'medicaid_disregard_percent', kind: 'parameter', dtype: 'Decimal', source: `${src603('(d)(4)')} (an amount equivalent to 5 percentage points of the federal poverty level, only for the group with the highest income standard under which the individual may be determined eligible)`, url: ECFR(435, 603), formula: '5' })}
`;
}

function chipStandardsModule() {
  const url = ECFR(457, 310);
  return `${header('CHIP income standards (42 CFR 457.310; 42 U.S.C. 1397jj(b)(1)(B)): the State\'s separate CHIP standard for children and, where the State covers them, for pregnant people (42 U.S.C. 1397ll), as percentages of the poverty guideline before the disregard, and the youngest age its separate CHIP covers. Hooks bound by each State module; a State without a separate CHIP leaves them not covered.', 'us/regulation/42-cfr/457.310', [FED.MAGI])}
${hook('chip_child_covered', 'Text', '"no"', '42 CFR 457.310(b)(1); 42 CFR 457.70 (a State may run CHIP as a separate program, a Medicaid expansion or both)', url, '"yes" where the State runs a separate CHIP for children.')}
${hook('chip_child_income_standard', 'Decimal', '0', '42 CFR 457.310(b)(1); 42 U.S.C. 1397jj(b)(1)(B)', url, 'The separate CHIP income standard for children, percent of the poverty guideline before the 5-point disregard.')}
${hook('chip_child_minimum_age', 'Integer', '0', '42 CFR 457.310(a) (a child under 19 whom the State plan covers); the State plan\'s ages', url, 'The youngest age the separate CHIP covers (1 where infants are covered by Medicaid up to the CHIP standard).')}
${hook('chip_child_maximum_age', 'Integer', '18', '42 CFR 457.10 (child: under age 19); 42 CFR 457.310(a)', ECFR(457, 10), 'The oldest age the separate CHIP covers.')}
${hook('chip_pregnant_covered', 'Text', '"no"', '42 U.S.C. 1397ll (State option to cover targeted low-income pregnant women); 42 CFR 457.10 (unborn child)', USC('1397ll'), '"yes" where the State covers pregnant people in CHIP.')}
${hook('chip_pregnant_income_standard', 'Decimal', '0', '42 U.S.C. 1397ll(d)', USC('1397ll'), 'The CHIP income standard for pregnant people, percent of the poverty guideline before the disregard.')}
`;
}

function groupsModule() {
  const url = (s) => ECFR(435, s);
  const stdHooks = Object.entries(CATEGORIES).filter(([, c]) => c.hook.startsWith(FED.GROUPS)).map(([k, c]) => hook(`medicaid_${k}_income_standard`, 'Decimal', '0', c.cite, url(c.cite.match(/435\.(\d+)/)?.[1] ?? '119'), `${c.label}: the State's income standard, percent of the poverty guideline before the 5-point disregard.`)).join('\n');
  // The infant group's upper age is a hook: 1 in federal law, higher where a State's plan says so (Minnesota: under 2).
  const groups = [['infant', 'age < medicaid_infant_age_limit'], ['child_1_5', 'age <= 5'], ['child_6_18', 'age <= 18'], ['adult_19_64', 'age <= 64']];
  const groupFormula = `if medicaid_person_is_pregnant: "pregnant"\n${groups.map(([g, cond]) => `elif ${cond}: "${g}"`).join('\n')}\nelse: "age_65_or_older"`;
  const inGroup = ['infant', 'child_1_5', 'child_6_18', 'pregnant', 'adult_19_64'].map((g) => rule({ name: `medicaid_person_in_group_${g}`, entity: 'Person', dtype: 'Judgment', source: '42 CFR 435.110, 435.116, 435.118, 435.119 (the group by age and pregnancy); 8 U.S.C. 1611, 1641 (a non-citizen must be eligible)', url: url(118), formula: `medicaid_person_group == "${g}" and medicaid_person_status_eligible` })).join('\n');
  // Medicaid limits for the child bands: the disregard goes to Medicaid only when its standard is the highest (not below CHIP's for the band).
  const bandRules = BANDS.map(([b]) => [
    rule({ name: `medicaid_${b}_income_limit`, dtype: 'Money', unit: 'USD', period: 'Year', source: `42 CFR 435.118(c); 435.603(d)(4) (the disregard only where Medicaid's is the highest standard for the child)`, url: url(118),
      formula: `medicaid_poverty_guideline * (medicaid_${b}_income_standard + (if medicaid_${b}_income_standard >= chip_${b}_income_standard: medicaid_disregard_percent else: 0)) / 100` }),
  ].join('\n')).join('\n');
  const chipBand = BANDS.map(([b, age]) => rule({ name: `chip_${b}_income_standard`, dtype: 'Decimal', source: '42 CFR 457.310(b)(1) (the separate CHIP standard applies to the ages the State plan covers)', url: ECFR(457, 310),
    formula: `if chip_child_covered == "yes" and chip_child_minimum_age <= ${age}: chip_child_income_standard else: 0` })).join('\n');
  return `${header('The Medicaid MAGI coverage groups: parents and caretaker relatives (42 CFR 435.110), pregnant women (435.116), infants and children under 19 (435.118) and, in States that cover it, the adult group 19-64 (435.119), each with the State\'s income standard (hooks bound by the State module) and the 5-point disregard on the highest standard (435.603(d)(4)); and who among non-citizens may be eligible (8 U.S.C. 1611, 1613, 1641; Pub. L. 119-21 sec. 71109). Person rules give each person\'s group by age and pregnancy; household rules give each group\'s income limit for the household (the determination per person: us:regulations/42-cfr/435/911).', 'us/regulation/42-cfr/435', [FED.CHIPSTD])}
${stdHooks}
${hook('medicaid_infant_age_limit', 'Integer', '1', '42 U.S.C. 1396a(l)(1)(B), (l)(2)(A) (infants: children under 1 year of age); 42 CFR 435.118 (infants and children under 19); the State plan may apply the infant standard to older children', url(118), 'The infant group takes children younger than this age in years: 1 in federal law; a State whose plan applies its infant standard to older children sets it (Minnesota: under 2).')}
${rule({ name: 'medicaid_humanitarian_noncitizens_eligible', kind: 'parameter', dtype: 'Text', source: '8 U.S.C. 1641(b) (refugees, asylees and the other qualified aliens), 1613(b)(1) (exempt from the five-year bar); 42 U.S.C. 1396b(v)(5), added by Pub. L. 119-21 sec. 71109(a), from October 1, 2026 (only lawful permanent residents, Cuban and Haitian entrants and COFA migrants)', url: 'https://www.law.cornell.edu/uscode/text/8/1641', from: '1996-08-22', formula: '"yes"' }).replace(/(formula: '"yes"')$/, `$1\n      - effective_from: '2026-10-01'  # 42 U.S.C. 1396b(v)(5) (Pub. L. 119-21 sec. 71109(a))\n        formula: '"no"'`)}
${rule({ name: 'medicaid_person_status_eligible', entity: 'Person', dtype: 'Judgment', source: '42 U.S.C. 1396b(v); 8 U.S.C. 1611(a), 1613(a) (five-year bar), 1641 (qualified aliens); Pub. L. 119-21 sec. 71109', url: 'https://www.law.cornell.edu/uscode/text/8/1613', description: 'A citizen, or a non-citizen the package reads as eligible: eligible_noncitizen (a qualified alien past or exempt from the five-year bar), and refugee_or_asylee until September 30, 2026. ineligible_noncitizen and undocumented_or_temporary are not (emergency Medicaid, 1396b(v)(2), is out of scope).', formula: 'citizenship_status == "citizen" or citizenship_status == "eligible_noncitizen"\nor (citizenship_status == "refugee_or_asylee" and medicaid_humanitarian_noncitizens_eligible == "yes")' })}
${rule({ name: 'medicaid_person_group', entity: 'Person', dtype: 'Text', source: '42 CFR 435.116 (pregnant women), 435.118 (infants under 1, children 1-5, 6-18), 435.119 (adults 19-64)', url: url(118), description: 'The MAGI group the person is tested in by age and pregnancy: pregnant, infant (under medicaid_infant_age_limit: 1, or the State\'s age), child_1_5, child_6_18, adult_19_64 (parents and caretaker relatives, 435.110, or the adult group, 435.119) or age_65_or_older (outside the MAGI groups: out of scope).', formula: groupFormula })}
${inGroup}
${rule({ name: 'medicaid_person_is_dependent_child', entity: 'Person', dtype: 'Judgment', source: '42 CFR 435.4 (dependent child: under 18; an 18-year-old full-time student at State option, not modelled)', url: url(4), formula: 'age < 18' })}
${rule({ name: 'medicaid_household_dependent_child_count', dtype: 'Integer', source: '42 CFR 435.4 (dependent child); 435.110(b)', url: url(110), formula: 'count_where(member_of_snap_household, medicaid_person_is_dependent_child)' })}
${rule({ name: 'medicaid_household_has_dependent_child', dtype: 'Judgment', source: '42 CFR 435.110(b) (parents and other caretaker relatives of a dependent child living with them); the packages take every adult listed as such a relative', url: url(110), formula: 'medicaid_household_dependent_child_count > 0' })}
${chipBand}
${bandRules}
${rule({ name: 'medicaid_pregnant_income_limit', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 CFR 435.116(c); 435.603(b), (d)(4)', url: url(116), formula: 'medicaid_pregnancy_poverty_guideline * (medicaid_pregnant_income_standard + (if chip_pregnant_covered == "yes" and chip_pregnant_income_standard > medicaid_pregnant_income_standard: 0 else: medicaid_disregard_percent)) / 100' })}
${rule({ name: 'medicaid_adult_group_standard', dtype: 'Decimal', source: '42 CFR 435.119(b) (covered only where the State plan covers the adult group)', url: url(119), formula: 'if medicaid_expansion_adult_covered == "yes": medicaid_expansion_adult_income_standard else: 0' })}
${hook('medicaid_expansion_adult_covered', 'Text', '"no"', '42 U.S.C. 1396a(a)(10)(A)(i)(VIII); 42 CFR 435.119', url(119), '"yes" from the date the State covers the adult group.')}
${rule({ name: 'medicaid_parent_caretaker_income_limit', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 CFR 435.110(c); 435.603(d)(4) (the disregard where this is the highest standard)', url: url(110), formula: 'medicaid_poverty_guideline * (medicaid_parent_caretaker_income_standard + (if medicaid_parent_caretaker_income_standard >= medicaid_adult_group_standard: medicaid_disregard_percent else: 0)) / 100' })}
${rule({ name: 'medicaid_expansion_adult_income_limit', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 CFR 435.119(b)(5) (133 percent of the poverty level); 435.603(d)(4)', url: url(119), formula: 'if medicaid_expansion_adult_covered == "yes": medicaid_poverty_guideline * (medicaid_adult_group_standard + (if medicaid_adult_group_standard > medicaid_parent_caretaker_income_standard or not medicaid_household_has_dependent_child: medicaid_disregard_percent else: 0)) / 100\nelse: 0' })}
${rule({ name: 'medicaid_community_engagement_in_force', kind: 'parameter', dtype: 'Text', source: '42 U.S.C. 1396a(xx) as added by Pub. L. 119-21 sec. 71119 (community engagement for the adult group, beginning not later than the first day of the first quarter beginning after December 31, 2026; earlier at State option)', url: 'https://www.congress.gov/bill/119th-congress/house-bill/1', from: '2025-01-01', formula: '"no"' }).replace(/(formula: '"no"')$/, `$1\n      - effective_from: '2027-01-01'\n        formula: '"yes"'`)}
`;
}

function chipModule() {
  const url = USC('1397jj');
  const bands = BANDS.map(([b]) => [
    rule({ name: `chip_${b}_income_limit`, dtype: 'Money', unit: 'USD', period: 'Year', source: '42 U.S.C. 1397jj(b)(1)(B); 42 CFR 457.310(b)(1); 42 CFR 435.603(d)(4) via 457.315 (the disregard where CHIP\'s is the highest standard)', url,
      formula: `medicaid_poverty_guideline * (chip_${b}_income_standard + (if chip_${b}_income_standard > medicaid_${b}_income_standard: medicaid_disregard_percent else: 0)) / 100` }),
  ].join('\n')).join('\n');
  return `${header('CHIP eligibility (42 U.S.C. 1397jj(b); 42 CFR 457.310): the State\'s CHIP income limits for each age and for pregnant people (42 U.S.C. 1397ll), with the disregard where CHIP\'s is the highest standard; a child is eligible when not eligible for Medicaid and within the limit (us:regulations/42-cfr/435/911). The packages take it that nobody has other health coverage (457.310(b)(2)), which is not an input. Immigrant eligibility follows Medicaid\'s (42 U.S.C. 1397gg(e)(1)).', 'us/statute/42/1397jj', [FED.GROUPS])}
${bands}
${rule({ name: 'chip_pregnant_income_limit', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 U.S.C. 1397ll(d); 42 CFR 435.603(d)(4) via 457.315', url: USC('1397ll'), formula: 'medicaid_pregnancy_poverty_guideline * (chip_pregnant_income_standard + (if chip_pregnant_income_standard > medicaid_pregnant_income_standard: medicaid_disregard_percent else: 0)) / 100' })}
`;
}

const money = (description, period = 'year') => ({ description, period, unit: 'USD' });
const count = (description) => ({ description, period: 'month', unit: 'count' });
const flag = (description) => ({ description, period: 'month', unit: 'boolean' });

export const OUTPUT_DOCS = {
  medicaid_any_eligible: flag('At least one person listed is eligible for Medicaid in a MAGI group (42 CFR 435.110-435.119).'),
  medicaid_eligible_count: count('How many people listed are eligible for Medicaid in a MAGI group: the sum of the group counts.'),
  chip_any_eligible: flag('At least one person listed is eligible for CHIP (42 U.S.C. 1397jj(b), 1397ll).'),
  chip_eligible_count: count('How many people listed are eligible for CHIP: children above the Medicaid standard for their age and within the separate CHIP standard, and pregnant people likewise.'),
  medicaid_household_size: count('The MAGI household size: the larger of household_size and the number of people listed (42 CFR 435.603(b), (f)).'),
  medicaid_household_monthly_income: money('The household\'s current monthly MAGI-based income (42 CFR 435.603(d), (h)(1)), at least 0.', 'month'),
  medicaid_poverty_guideline: money('The HHS poverty guideline for the household size, for the guideline year in force (42 CFR 435.4).'),
  medicaid_infant_count: count('Infants (under 1) eligible for Medicaid (42 CFR 435.118).'),
  medicaid_child_1_5_count: count('Children 1-5 eligible for Medicaid (42 CFR 435.118).'),
  medicaid_child_6_18_count: count('Children 6-18 eligible for Medicaid (42 CFR 435.118).'),
  medicaid_pregnant_count: count('Pregnant people eligible for Medicaid (42 CFR 435.116).'),
  medicaid_parent_caretaker_count: count('Adults 19-64 eligible as parents or caretaker relatives of a dependent child listed (42 CFR 435.110).'),
  medicaid_expansion_adult_count: count('Adults 19-64 eligible in the adult group (42 CFR 435.119), where the State covers it.'),
  chip_child_count: count('Children under 19 eligible for CHIP (42 U.S.C. 1397jj(b)).'),
  chip_pregnant_count: count('Pregnant people eligible for CHIP (42 U.S.C. 1397ll).'),
  medicaid_infant_income_limit: money('The yearly income limit for infants: the guideline times the State standard, plus 5 points where Medicaid\'s is the highest standard for the age (42 CFR 435.603(d)(4)).'),
  medicaid_child_1_5_income_limit: money('The yearly income limit for children 1-5, as for infants.'),
  medicaid_child_6_18_income_limit: money('The yearly income limit for children 6-18, as for infants.'),
  medicaid_pregnant_income_limit: money('The yearly income limit for pregnant people, on the guideline for the pregnant person\'s family size (42 CFR 435.603(b)).'),
  medicaid_parent_caretaker_income_limit: money('The yearly income limit for parents and caretaker relatives (42 CFR 435.110(c)).'),
  medicaid_expansion_adult_income_limit: money('The yearly income limit for the adult group: 133% (138% with the disregard) where the State covers it, otherwise 0 (42 CFR 435.119).'),
  chip_infant_income_limit: money('The yearly CHIP income limit for infants (0 where the separate CHIP does not cover them).'),
  chip_child_1_5_income_limit: money('The yearly CHIP income limit for children 1-5.'),
  chip_child_6_18_income_limit: money('The yearly CHIP income limit for children 6-18.'),
  chip_pregnant_income_limit: money('The yearly CHIP income limit for pregnant people.'),
  medicaid_community_engagement_applies: flag('The community engagement (work) requirement of Pub. L. 119-21 sec. 71119 reaches an adult-group member of the household: false through December 2026; the package does not test it (docs/medicaid-coverage.md).'),
  medicaid_no_pregnant_member: flag('No person listed is pregnant, so expected_children_count cannot change the result.'),
};
export const HOUSEHOLD_OUTPUTS = Object.keys(OUTPUT_DOCS);
export const DEFAULT_OUTPUTS = ['medicaid_any_eligible', 'medicaid_eligible_count', 'chip_any_eligible', 'chip_eligible_count', 'medicaid_household_monthly_income', 'medicaid_poverty_guideline'];
export const PERSON_OUTPUTS = ['medicaid_person_eligible', 'medicaid_category', 'chip_person_eligible', 'chip_category', 'medicaid_person_group', 'medicaid_person_status_eligible', 'medicaid_person_monthly_income'];
