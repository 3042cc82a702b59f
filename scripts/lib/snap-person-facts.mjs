/**
 * Person-level eligibility facts of the bundled SNAP packages (issue #12; docs/snap-package-contract.md section 8):
 * their input ids, types, defaults, accepted values, package input docs, which of them are material (an omitted
 * one is reported in the result's `assumptions`), and the values a generated test row gives each listed person.
 * The generator keeps only small hooks that spread these into every compose spec and test.
 */

const flag = (description) => ({ description, period: 'month', unit: 'boolean' });
const money = (description) => ({ description, period: 'month', unit: 'USD per month' });

/** alias -> { id, type, default, values?, doc } */
const FACTS = {
  citizenship_status: {
    id: 'us:statutes/7/2015/f#input.citizenship_status',
    type: 'Text',
    default: 'citizen',
    values: ['citizen', 'eligible_noncitizen', 'refugee_or_asylee', 'ineligible_noncitizen', 'undocumented_or_temporary'],
    doc: { description: "The person's citizenship or non-citizen category; an ineligible non-citizen is left out of the household size and their income and the expenses they pay counted pro rata (7 U.S.C. 2015(f); 7 CFR 273.4, 273.11(c)(2), (3)). Refugees and asylees are ineligible from 2025-07-04 (Pub. L. 119-21 sec. 10108). undocumented_or_temporary is an ineligible non-citizen in none of the categories 7 CFR 273.11(c)(3) excepts (undocumented, or admitted only temporarily): the State may count all of that person's income and expenses (7 CFR 273.11(c)(3)(i); docs/coverage.md lists each State's choice). ineligible_noncitizen is any other ineligible non-citizen, such as a permanent resident who has not met the waiting period.", period: 'month', unit: 'text' },
  },
  is_higher_ed_student: {
    id: 'us:statutes/7/2015/e#input.is_higher_ed_student',
    type: 'Boolean',
    default: false,
    doc: flag('The person is enrolled at least half time in an institution of higher education (7 U.S.C. 2015(e); 7 CFR 273.5(a)).'),
  },
  student_exemption: {
    id: 'us:statutes/7/2015/e#input.student_exemption',
    type: 'Boolean',
    default: false,
    doc: flag('The student meets an exemption of 7 CFR 273.5(b) other than age or disability (20 hours of work a week, work-study, care of a young child, TANF, a training placement).'),
  },
  abawd_time_limit_exhausted: {
    id: 'us:statutes/7/2015/o#input.abawd_time_limit_exhausted',
    type: 'Boolean',
    default: false,
    doc: flag('The person has used the 3 countable months in the current 36-month period without meeting the ABAWD work requirement (7 U.S.C. 2015(o)(2); 7 CFR 273.24(b)).'),
  },
  abawd_exempt: {
    id: 'us:statutes/7/2015/o#input.abawd_exempt',
    type: 'Boolean',
    default: false,
    doc: flag('The person has an ABAWD exemption other than age, disability or a child in the household, such as being pregnant or medically unfit for work (7 U.S.C. 2015(o)(3); 7 CFR 273.24(c)).'),
  },
  work_rule_disqualified: {
    id: 'us:statutes/7/2015/d#input.work_rule_disqualified',
    type: 'Boolean',
    default: false,
    doc: flag('The person is serving a disqualification for the general work requirement or a voluntary quit; their income still counts in full (7 U.S.C. 2015(d)(1); 7 CFR 273.7(f), 273.11(c)(1)).'),
  },
  // Disqualifications the State agency has imposed (7 CFR 273.11(c)(1), (2)). Not declared material: each is a
  // finding already on record (a hearing or waiver, a conviction, a refusal), and the default is the common case.
  ipv_disqualified: {
    id: 'us:statutes/7/2015/b#input.ipv_disqualified',
    type: 'Boolean',
    default: false,
    doc: flag('The person is serving a disqualification for an intentional Program violation; left out of the household size, income, expenses and resources counted in full (7 U.S.C. 2015(b); 7 CFR 273.16, 273.11(c)(1)).'),
  },
  drug_felony_disqualified: {
    id: 'us:statutes/21/862a#input.drug_felony_disqualified',
    type: 'Boolean',
    default: false,
    doc: flag("The person is ineligible for a drug felony conviction as the State applies 21 U.S.C. 862a (most States have opted out or set conditions, 862a(d)(1); the packages do not encode each State's law); left out of the household size, income, expenses and resources counted in full (7 CFR 273.11(c)(1), (m))."),
  },
  ssn_noncompliant: {
    id: 'us:regulations/7-cfr/273/6#input.ssn_noncompliant',
    type: 'Boolean',
    default: false,
    doc: flag('The person refused or failed without good cause to provide or apply for a Social Security number; left out of the household size, income and the expenses the person pays counted pro rata, resources in full (7 CFR 273.6(c), 273.11(c)(2)).'),
  },
  // Expenses and resources of one person (issue #12 item 2): added to the household-level figures, they matter when
  // the person is excluded (7 CFR 273.11(c)(1)-(3), (d)); us:regulations/7-cfr/273/11/c#snap_members_*.
  shelter_costs: {
    id: 'us:regulations/7-cfr/273/9/d/6/ii#input.shelter_costs',
    type: 'Money',
    default: 0,
    doc: money("The part of the household's shelter costs (rent or mortgage, property tax, insurance; not utilities) this person pays or is billed for, added to the household's. For an ineligible non-citizen or an ABAWD past the time limit it is prorated (all but the person's share counts), for an ineligible student it does not count, for anyone else it counts in full (7 CFR 273.11(c)(1)(i), (c)(2)(iii), (d)); the utility allowance is never prorated."),
  },
  dependent_care_costs: {
    id: 'us:statutes/7/2014/e/3#input.dependent_care_costs',
    type: 'Money',
    default: 0,
    doc: money("Dependent care costs this person pays or is billed for, added to the household's; prorated, left out or counted in full as for shelter_costs (7 U.S.C. 2014(e)(3); 7 CFR 273.11(c)(2)(iii), (d))."),
  },
  child_support_paid: {
    id: 'us:statutes/7/2014/d#input.child_support_paid',
    type: 'Money',
    default: 0,
    doc: money("Legally obligated child support this person pays to someone outside the household, added to the household's; prorated, left out or counted in full as for shelter_costs (7 U.S.C. 2014(d)(6), (e)(4); 7 CFR 273.11(c)(2)(ii), (iii), (d))."),
  },
  countable_resources: {
    id: 'us:statutes/7/2014/g#input.countable_resources',
    type: 'Money',
    default: 0,
    doc: { description: "This person's countable resources (cash, bank accounts), added to the household's. An excluded member's resources count in full (7 CFR 273.11(c)(1)(i), (c)(2)(i), (c)(3)(i)); an ineligible student's do not (7 CFR 273.11(d)).", period: 'month', unit: 'USD' },
  },
  self_employment_income: {
    id: 'us:regulations/7-cfr/273/11/a#input.self_employment_income',
    type: 'Money',
    default: 0,
    doc: money("The person's gross receipts from self-employment in the month (7 CFR 273.9(b)(1)(ii), 273.11(a))."),
  },
  self_employment_costs: {
    id: 'us:regulations/7-cfr/273/11/a#input.self_employment_costs',
    type: 'Money',
    default: 0,
    doc: money('The costs of producing that self-employment income in the month (7 CFR 273.11(a)(4), (b)).'),
  },
  self_employment_is_farm: {
    id: 'us:regulations/7-cfr/273/11/a#input.self_employment_is_farm',
    type: 'Boolean',
    default: false,
    doc: flag('The self-employment is a farming operation: a farm loss offsets the other members\' self-employment income first, then earned and unearned income after the earned income deduction; any other loss counts as 0 (7 CFR 273.11(a)(2)(iii)).'),
  },
};

const pick = (field) => Object.fromEntries(Object.entries(FACTS).map(([alias, fact]) => [alias, fact[field]]));

/** person alias -> canonical input id (spread into the compose spec's person_aliases). */
export const PERSON_FACT_ALIASES = pick('id');
/** person alias -> default (spread into person_input_defaults). */
export const PERSON_FACT_DEFAULTS = pick('default');
/** person alias -> type (spread into input_types). */
export const PERSON_FACT_TYPES = pick('type');
/** person alias -> { description, period, unit } in scripts/lib/snap-input-docs.mjs's format. */
export const PERSON_FACT_DOCS = pick('doc');
/** text alias -> accepted values (the compose spec's input_values). */
export const PERSON_FACT_VALUES = Object.fromEntries(Object.entries(FACTS).filter(([, f]) => f.values).map(([alias, f]) => [alias, f.values]));

/**
 * Material inputs (compose spec `material_inputs`): an omitted one is listed in the result's assumptions when its
 * condition holds for the household. `person` facts are checked per listed person; `ages` limits a fact to the
 * people its rule can reach (the student rule reaches 18-49, the ABAWD rule 18-64, the widest band any period
 * applies); `unless_output` names a Judgment output that, when it holds, makes the fact irrelevant (a
 * categorically eligible household has no resource test, 7 CFR 273.2(j)(2)).
 */
export const MATERIAL_INPUTS = {
  household: {
    // Moot only for a household categorically eligible with no asset test; a BBCE asset limit (Idaho, Indiana,
    // Nebraska, Texas) makes resources decide categorical eligibility itself (7 CFR 273.2(j)(2)(ii)).
    countable_resources: { unless_output: 'snap_resources_immaterial', reason: 'a resource test applies to this household: the federal limit, or the State\'s BBCE asset limit (7 U.S.C. 2014(g); 7 CFR 273.2(j)(2)(ii), 273.8)' },
    // Read only when a listed person is disqualified for work rules; moot unless the household is categorically eligible.
    head_of_household_work_rule_disqualified: { unless_output: 'snap_head_of_household_fact_immaterial', reason: 'a listed member is disqualified for work rules and the household is categorically eligible, which it is not if that member is the head of the household (7 CFR 273.2(j)(2)(vii)(C), 273.1(d))' },
  },
  person: {
    // Age and disability decide the elderly/disabled household (7 CFR 271.2) and which person rules reach a member,
    // so a person listed without them is computed as 30 and not disabled, and the result says so.
    age: { reason: 'age decides who is elderly (60 or older: no gross income test, a medical deduction, no cap on the shelter deduction; 7 U.S.C. 2012(j), 7 CFR 271.2) and which person rules reach a member (higher-education students 18-49, 7 CFR 273.5; the ABAWD time limit, 7 CFR 273.24; work rules, 7 CFR 273.7)' },
    is_disabled: { reason: 'a disabled member makes the household an elderly or disabled one (no gross income test, a medical deduction, no cap on the shelter deduction; 7 U.S.C. 2012(j), 7 CFR 271.2) and is exempt from the student, ABAWD and work rules (7 CFR 273.5(b), 273.24(c), 273.7(b))' },
    citizenship_status: { reason: 'an ineligible non-citizen is left out of the household size (7 U.S.C. 2015(f); 7 CFR 273.4)' },
    is_higher_ed_student: { ages: [18, 49], reason: 'a student aged 18-49 in higher education without an exemption is not a household member (7 CFR 273.5)' },
    abawd_time_limit_exhausted: { ages: [18, 64], reason: 'an able-bodied adult past the time limit is left out of the household size (7 U.S.C. 2015(o); 7 CFR 273.24)' },
    work_rule_disqualified: { ages: [16, 59], reason: 'a member disqualified for work rules is left out of the household size (7 U.S.C. 2015(d); 7 CFR 273.7)' },
    ...Object.fromEntries(['shelter_costs', 'dependent_care_costs', 'child_support_paid'].map((alias) => [alias, {
      unless_output: 'snap_member_expense_shares_immaterial',
      reason: 'a member whose expenses are prorated or left out lives in the household, so who pays matters (7 CFR 273.11(c)(2)(iii), (d))',
    }])),
  },
};

/** The test-row fields that give one listed person every person fact (the defaults unless the person says otherwise). */
export function personFactRow(member) {
  return Object.fromEntries(Object.entries(FACTS).map(([alias, fact]) => [fact.id, member[alias] ?? fact.default]));
}

/** The household fact for 7 CFR 273.2(j)(2)(vii)(C): alias -> canonical input id (spread into household_aliases). */
export const HEAD_OF_HOUSEHOLD_FACT_ALIASES = {
  head_of_household_work_rule_disqualified: 'us:regulations/7-cfr/273/2/j#input.head_of_household_work_rule_disqualified',
};
/** Its default (not disqualified, the common case) and type. */
export const HEAD_OF_HOUSEHOLD_FACT_DEFAULTS = { head_of_household_work_rule_disqualified: false };
export const HEAD_OF_HOUSEHOLD_FACT_TYPES = { head_of_household_work_rule_disqualified: 'Boolean' };
