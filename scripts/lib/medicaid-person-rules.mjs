// The per-person determination of the Medicaid and CHIP packages (42 CFR 435.911; 42 U.S.C. 1397jj(b)): each person's
// Medicaid category and CHIP category, decided on the person's own group and the household's income and limits, read
// from the person's side of the household relation; the household outputs count the people. Written by
// scripts/generate-medicaid-rules.mjs as rules/us/regulations/42-cfr/435/911.yaml.
import { FED, header, rule } from './medicaid-federal-rules.mjs';

const URL911 = 'https://www.ecfr.gov/current/title-42/part-435/section-435.911';
const URL1397 = 'https://www.law.cornell.edu/uscode/text/42/1397jj';
/** Medicaid categories in the order a person is placed (the first that holds), with the group rule each needs. */
const MEDICAID = [
  ['infant', 'medicaid_person_in_group_infant', '42 CFR 435.118 (infants)'],
  ['child_1_5', 'medicaid_person_in_group_child_1_5', '42 CFR 435.118 (children 1-5)'],
  ['child_6_18', 'medicaid_person_in_group_child_6_18', '42 CFR 435.118 (children 6-18)'],
  ['pregnant', 'medicaid_person_in_group_pregnant', '42 CFR 435.116'],
  ['parent_caretaker', 'medicaid_person_in_group_adult_19_64 and medicaid_person_household_dependent_children > 0', '42 CFR 435.110 (adults living with a dependent child)'],
  ['expansion_adult', 'medicaid_person_in_group_adult_19_64 and medicaid_expansion_adult_covered == "yes" and not medicaid_person_eligible_as_parent_caretaker', '42 CFR 435.119 (adults 19-64 not eligible under 435.110-435.118)'],
];
const person = (spec) => rule({ entity: 'Person', url: URL911, ...spec });
const household = (spec) => rule({ url: URL911, ...spec });
/** A household value read from the person's side: the one household the person belongs to. */
const fromHousehold = (name) => `sum(medicaid_household_of_member.${name})`;

export function personModule() {
  const limits = [...MEDICAID.map(([c]) => `medicaid_${c}`), 'chip_infant', 'chip_child_1_5', 'chip_child_6_18', 'chip_pregnant'].map((n) => person({
    name: `${n.replace(/^(medicaid|chip)_/, '$1_person_')}_income_limit`, dtype: 'Money', unit: 'USD', period: 'Year',
    source: `42 CFR 435.911(c) (household income at or below the applicable standard); the household's ${n}_income_limit`, formula: fromHousehold(`${n}_income_limit`) }));
  const eligibleAs = MEDICAID.map(([c, group, cite]) => person({ name: `medicaid_person_eligible_as_${c}`, dtype: 'Judgment', source: `${cite}; 42 CFR 435.911(c)`,
    formula: `${group} and medicaid_person_household_income <= medicaid_person_${c}_income_limit` }));
  const inCategory = MEDICAID.map(([c, , cite]) => person({ name: `medicaid_person_in_category_${c}`, dtype: 'Judgment', source: cite, formula: `medicaid_category == "${c}"` }));
  const counts = MEDICAID.map(([c, , cite]) => household({ name: `medicaid_${c}_count`, dtype: 'Integer', source: cite, formula: `count_where(member_of_snap_household, medicaid_person_in_category_${c})` }));
  return `${header('The determination for each person (42 CFR 435.911(c): the agency furnishes Medicaid to each individual whose household income is at or below the applicable MAGI-based standard; 42 U.S.C. 1397jj(b): CHIP to a child, or a pregnant person where the State covers them, not eligible for Medicaid and within the CHIP standard). A person reads the household\'s income and limits through the household relation read from the person\'s side; the person\'s category is the first group in which the person is eligible (infant, child_1_5, child_6_18, pregnant, parent_caretaker, expansion_adult). The household outputs count the people.', 'us/regulation/42-cfr/435.911', [FED.CHIP])}
  - name: medicaid_household_of_member
    kind: derived_relation
    source: 42 CFR 435.603(f) (the person's household); the people listed (member_of_snap_household, the relation every package shares) read from the person's side
    source_url: https://www.ecfr.gov/current/title-42/part-435/section-435.603
    derived_relation: {arity: 2, source_relation: member_of_snap_household, slot_entities: [Person, Household], current_slot: 0, related_slot: 1}
    versions:
      - effective_from: '2014-01-01'
        formula: 'true'
${person({ name: 'medicaid_person_household_income', dtype: 'Money', unit: 'USD', period: 'Year', source: '42 CFR 435.603(d), (h)(1) (the household income of the person\'s MAGI household)', formula: fromHousehold('medicaid_household_annual_income') })}
${person({ name: 'medicaid_person_household_dependent_children', dtype: 'Integer', source: '42 CFR 435.110(b) (a dependent child living with the person)', formula: fromHousehold('medicaid_household_dependent_child_count') })}
${limits.join('\n')}
${eligibleAs.join('\n')}
${person({ name: 'medicaid_category', dtype: 'Text', source: '42 CFR 435.110, 435.116, 435.118, 435.119', description: 'The MAGI group in which the person is eligible: infant, child_1_5, child_6_18, pregnant, parent_caretaker, expansion_adult, or none.', formula: `${MEDICAID.map(([c], i) => `${i === 0 ? 'if' : 'elif'} medicaid_person_eligible_as_${c}: "${c}"`).join('\n')}\nelse: "none"` })}
${person({ name: 'medicaid_person_eligible', dtype: 'Judgment', source: '42 CFR 435.911(c); 435.110-435.119', description: 'The person is eligible for Medicaid in a MAGI group (is_medicaid_eligible): medicaid_category is not none.', formula: 'medicaid_category != "none"' })}
${inCategory.join('\n')}
${person({ name: 'chip_person_income_limit', dtype: 'Money', unit: 'USD', period: 'Year', url: URL1397, source: '42 U.S.C. 1397jj(b)(1)(B) (the CHIP standard for the child\'s age)', formula: 'if medicaid_person_group == "infant": chip_person_infant_income_limit\nelif medicaid_person_group == "child_1_5": chip_person_child_1_5_income_limit\nelse: chip_person_child_6_18_income_limit' })}
${person({ name: 'chip_person_eligible_as_child', dtype: 'Judgment', url: URL1397, source: '42 U.S.C. 1397jj(b)(1) (a targeted low-income child: under 19, not found eligible for Medicaid, household income within the State\'s CHIP standard); 42 CFR 457.310', formula: '(medicaid_person_in_group_infant or medicaid_person_in_group_child_1_5 or medicaid_person_in_group_child_6_18)\nand not medicaid_person_eligible\nand medicaid_person_household_income <= chip_person_income_limit' })}
${person({ name: 'chip_person_eligible_as_pregnant', dtype: 'Judgment', url: 'https://www.law.cornell.edu/uscode/text/42/1397ll', source: '42 U.S.C. 1397ll (a targeted low-income pregnant woman, where the State covers them)', formula: 'medicaid_person_in_group_pregnant and chip_pregnant_covered == "yes"\nand not medicaid_person_eligible\nand medicaid_person_household_income <= chip_person_pregnant_income_limit' })}
${person({ name: 'chip_category', dtype: 'Text', url: URL1397, source: '42 U.S.C. 1397jj(b); 1397ll', description: 'The person\'s CHIP category: child, pregnant or none.', formula: 'if chip_person_eligible_as_child: "child"\nelif chip_person_eligible_as_pregnant: "pregnant"\nelse: "none"' })}
${person({ name: 'chip_person_eligible', dtype: 'Judgment', url: URL1397, source: '42 U.S.C. 1397jj(b); 1397ll', description: 'The person is eligible for CHIP (is_chip_eligible): chip_category is not none.', formula: 'chip_category != "none"' })}
${person({ name: 'chip_person_in_category_child', dtype: 'Judgment', url: URL1397, source: '42 U.S.C. 1397jj(b)', formula: 'chip_category == "child"' })}
${person({ name: 'chip_person_in_category_pregnant', dtype: 'Judgment', url: 'https://www.law.cornell.edu/uscode/text/42/1397ll', source: '42 U.S.C. 1397ll', formula: 'chip_category == "pregnant"' })}
${counts.join('\n')}
${household({ name: 'chip_child_count', dtype: 'Integer', url: URL1397, source: '42 U.S.C. 1397jj(b)', formula: 'count_where(member_of_snap_household, chip_person_in_category_child)' })}
${household({ name: 'chip_pregnant_count', dtype: 'Integer', url: URL1397, source: '42 U.S.C. 1397ll', formula: 'count_where(member_of_snap_household, chip_person_in_category_pregnant)' })}
${household({ name: 'medicaid_eligible_count', dtype: 'Integer', source: '42 CFR 435.911(c)', formula: 'count_where(member_of_snap_household, medicaid_person_eligible)' })}
${household({ name: 'medicaid_any_eligible', dtype: 'Judgment', source: '42 CFR 435.911(c)', formula: 'medicaid_eligible_count > 0' })}
${household({ name: 'chip_eligible_count', dtype: 'Integer', url: URL1397, source: '42 U.S.C. 1397jj(b); 1397ll', formula: 'count_where(member_of_snap_household, chip_person_eligible)' })}
${household({ name: 'chip_any_eligible', dtype: 'Judgment', url: URL1397, source: '42 U.S.C. 1397jj(b); 1397ll', formula: 'chip_eligible_count > 0' })}
${household({ name: 'medicaid_community_engagement_applies', dtype: 'Judgment', url: 'https://www.congress.gov/bill/119th-congress/house-bill/1', source: '42 U.S.C. 1396a(xx) (Pub. L. 119-21 sec. 71119)', description: 'The community engagement requirement reaches an adult counted in the adult group. False through December 2026 (no State option to start earlier is encoded); from January 2027 true for such a household, and the package does not test the requirement or its exemptions, so the adult-group count is then not a determination.', formula: 'medicaid_expansion_adult_count > 0 and medicaid_community_engagement_in_force == "yes"' })}
`;
}
