/**
 * What each input and output of the bundled SNAP packages means: the generator writes these entries into every
 * compose spec as the extensions `input_docs`, `person_input_docs` and `output_docs`, and package detail
 * (GET /v1/runtime/packages/{jurisdiction}/snap) shows them on each input and output.
 *
 * Format (one plain object per level, keyed exactly as the compose spec keys its names):
 *   HOUSEHOLD_INPUT_DOCS  key = a household alias (`household_aliases` in the spec), e.g. `earned_income`
 *   PERSON_INPUT_DOCS     key = a person alias (`person_aliases`), e.g. `age`; say what it is for ONE person
 *   OUTPUT_DOCS           key = an output name (`outputs`), e.g. `snap_allotment`
 * Each entry: { description, period, unit }
 *   description  one or two plain sentences; name the provision that defines the value
 *   period       the span the value covers: 'month', 'year' or 'none' (a fact not tied to a period)
 *   unit         'USD per month', 'USD', 'count', 'years', 'boolean' or 'text'
 * Every alias and output a package publishes needs an entry: the generator stops and names any that lacks one.
 * Enumerated values (utility types, regions) are not repeated here: package detail lists them as `values`.
 */

import { PERSON_FACT_DOCS } from './snap-person-facts.mjs';

const money = (description) => ({ description, period: 'month', unit: 'USD per month' });
const flag = (description) => ({ description, period: 'month', unit: 'boolean' });

export const HOUSEHOLD_INPUT_DOCS = {
  household_size: { description: 'Number of people in the SNAP household (7 U.S.C. 2012(m)); the larger of this and the number of people listed is used.', period: 'month', unit: 'count' },
  earned_income: money('Gross earned income of the household in the month, besides what listed people report (7 U.S.C. 2014(d); 7 CFR 273.9(b)(1)).'),
  unearned_income: money('Gross unearned income (benefits, pensions, support received) in the month, besides what listed people report (7 CFR 273.9(b)(2)).'),
  shelter_costs: money('Rent or mortgage, property taxes and insurance on the home, without utilities (7 U.S.C. 2014(e)(6); 7 CFR 273.9(d)(6)(ii)).'),
  utility_type: { description: 'The utility allowance the household qualifies for: heating or cooling (SUA), limited utilities (LUA, at least two utilities), telephone only (TUA), single_utility (exactly one utility other than heating, cooling or telephone, and no telephone: the State\'s individual standard, 7 CFR 273.9(d)(6)(iii)(A)(1); 0 where the State has none) or none (7 CFR 273.9(d)(6)(iii)).', period: 'month', unit: 'text' },
  single_utility_kind: { description: 'For utility_type single_utility, in a State whose individual standards differ by utility: the one utility the household pays (electricity without heating or cooling, gas or fuel, water, sewage or trash collection). Unspecified gives 0 and a warning (7 CFR 273.9(d)(6)(iii)(A)(1)).', period: 'month', unit: 'text' },
  has_elderly_or_disabled_member: flag('A member is 60 or older or disabled (7 U.S.C. 2012(j)); true also when a listed person is.'),
  dependent_care_costs: money('Dependent care paid so a member can work, train or study (7 U.S.C. 2014(e)(3)).'),
  medical_costs: money('Out-of-pocket medical costs of members who are 60 or older or disabled, besides what listed people report (7 U.S.C. 2014(e)(5)).'),
  child_support_paid: money('Legally obligated child support paid to someone outside the household (7 U.S.C. 2014(e)(4) or (d)(6), by State option).'),
  is_homeless: flag('The household has no fixed nighttime residence; it gets the homeless shelter deduction (7 U.S.C. 2014(e)(6)(D)).'),
  countable_resources: { description: 'Countable resources (cash, bank accounts) held in the month, tested against the resource limit (7 U.S.C. 2014(g)).', period: 'month', unit: 'USD' },
  head_of_household_work_rule_disqualified: flag('The head of the household (7 CFR 273.1(d): the adult parent of children the household selects, otherwise the principal wage earner) is one of the listed members disqualified for the work requirements; the household is then not categorically eligible (7 CFR 273.2(j)(2)(vii)(C)). Read only when a listed person is work_rule_disqualified.'),
  all_members_receive_tanf_or_ssi: flag('Every member receives TANF or SSI, which makes the household categorically eligible (7 U.S.C. 2014(a); 7 CFR 273.2(j)(2)).'),
  snap_region: { description: "The State's utility-allowance region where the household lives (the State's SUA table; labels in the package's snap_regions).", period: 'none', unit: 'text' },
  alaska_allotment_area: { description: 'Alaska allotment area: urban, rural I or rural II, which sets the maximum allotment (7 U.S.C. 2012(u)).', period: 'none', unit: 'text' },
  has_member_aged_62_or_older: flag("A member is 62 or older, which the State's minimum benefit requires (Md. Code, Human Services 5-501); true also when a listed person is."),
};

export const PERSON_INPUT_DOCS = {
  age: { description: "The person's age in years in the month; 60 or older makes the household elderly (7 U.S.C. 2012(j)).", period: 'month', unit: 'years' },
  is_disabled: flag('The person is disabled as 7 U.S.C. 2012(j) defines it (for example, receives SSI or disability benefits).'),
  earned_income: money("The person's gross earned income in the month; added to the household's (7 CFR 273.9(b)(1))."),
  unearned_income: money("The person's gross unearned income in the month; added to the household's (7 CFR 273.9(b)(2))."),
  medical_costs: money("The person's out-of-pocket medical costs; counted only when the person is 60 or older or disabled (7 U.S.C. 2014(e)(5))."),
  // Person-level eligibility facts (issue #12) are described beside their definitions.
  ...PERSON_FACT_DOCS,
};

export const OUTPUT_DOCS = {
  snap_allotment: money('The monthly SNAP benefit, in whole dollars: maximum allotment less 30% of net income, at least the minimum benefit for one- and two-person households (7 U.S.C. 2017(a)); includes a State-funded minimum where one exists.'),
  snap_eligible: flag('The household passes the eligibility tests: categorically eligible, or the gross income, net income and resource tests (7 U.S.C. 2014).'),
  snap_certified: flag('The household would be certified and receive SNAP: eligible, and not a household of three or more whose allotment computes to 0, which 7 CFR 273.10(e)(2)(iii)(A) denies (one- and two-person households receive at least the minimum benefit). Programs that count SNAP receipt read this when receipt is not given.'),
  snap_gross_income: money('Earned plus unearned income counted for SNAP (7 U.S.C. 2014(d)), less child support a State excludes and any farm self-employment loss that other self-employment income did not absorb (7 CFR 273.11(a)(2)(iii)).'),
  snap_net_income: money('Gross income less the standard, earned income, dependent care, child support, medical and excess shelter deductions (7 CFR 273.10(e)(1)).'),
  snap_standard_deduction: money('The standard deduction for the household size and area (7 U.S.C. 2014(e)(1)).'),
  snap_excess_shelter_deduction: money('Shelter costs (with the utility allowance) above half of income after other deductions, capped unless a member is elderly or disabled (7 U.S.C. 2014(e)(6)).'),
  snap_maximum_allotment: money('The maximum allotment (Thrifty Food Plan) for the household size and area (7 U.S.C. 2012(u)).'),
  snap_utility_allowance: money("The State's standard utility allowance for the household's utility type and region (7 CFR 273.9(d)(6)(iii))."),
  snap_adjusted_income: money('Income after every deduction but the excess shelter deduction, used to compute it (7 CFR 273.10(e)(1)(i)).'),
  snap_federal_allotment: money('The federal benefit before any State-funded minimum (7 U.S.C. 2017(a)); for a household with members disqualified for work rules, an intentional Program violation or a drug felony, at most the benefit it would receive with them counted (7 CFR 273.11(c)(1)(ii)).'),
  snap_federal_allotment_before_exclusion_cap: money('The federal benefit for the household as sized, before the cap of 7 CFR 273.11(c)(1)(ii) (no allotment may increase because members are excluded).'),
  snap_federal_allotment_with_disqualified_counted: money('The federal benefit the household would receive with its members disqualified for work rules, an intentional Program violation or a drug felony counted as members: the cap on snap_federal_allotment (7 CFR 273.11(c)(1)(ii)). Computed for any household; it caps only one with such members.'),
  snap_categorically_eligible: flag('Eligible without the income and resource tests, through TANF/SSI receipt or broad-based categorical eligibility (7 CFR 273.2(j)); never while a listed member is disqualified for an intentional Program violation or a drug felony (7 CFR 273.2(j)(2)(vii)).'),
  snap_resources_immaterial: flag('The household is categorically eligible by TANF/SSI receipt or by a BBCE with no asset test, so its resources cannot change the outcome (7 CFR 273.2(j)(2)); false where a BBCE asset limit or the federal resource test applies, and countable_resources not given is then listed in assumptions.'),
  snap_vehicles_immaterial: flag('The household is categorically eligible by TANF/SSI receipt or by a BBCE whose asset test (if any) does not count vehicles, so its vehicles cannot change the outcome (7 CFR 273.2(j)(2), 273.8(f)); when false, the vehicle facts not given are listed in assumptions.'),
  snap_gross_income_limit: money('The gross income limit: 130% of the poverty guideline for the household size, monthly, rounded up (7 U.S.C. 2014(c)(2)); a State BBCE limit is tested separately.'),
  snap_net_income_limit: money('The net income limit: 100% of the poverty guideline for the household size, monthly, rounded up (7 U.S.C. 2014(c)(1)).'),
  snap_household_size: { description: 'The household size the calculation used: the larger of household_size and the number of people listed (7 U.S.C. 2012(m)), less the listed people excluded as ineligible students, ineligible non-citizens, disqualified members or ABAWDs past the time limit (7 CFR 273.1(b)(7), 273.11(c)); at least 1.', period: 'month', unit: 'count' },
  snap_head_of_household_fact_immaterial: flag('No listed person is disqualified for work rules, or the household is not categorically eligible anyway, so whether the head of household is disqualified for work rules does not matter (7 CFR 273.2(j)(2)(vii)(C)); when false and head_of_household_work_rule_disqualified was not given, it is listed in assumptions.'),
  snap_member_expense_shares_immaterial: flag('No listed person is an ineligible student or an excluded member whose expenses are prorated, so who pays the shelter, dependent care and child support costs does not matter (7 CFR 273.11(c)(2)(iii), (d)); when false, the per-person expense facts that were not given are listed in assumptions.'),
};

/** The entries for `names`, in that order; throws naming every name without an entry so none ships undocumented. */
export function docsFor(table, names, what) {
  const missing = names.filter((n) => !Object.hasOwn(table, n));
  if (missing.length > 0) throw new Error(`scripts/lib/snap-input-docs.mjs: no ${what} entry for ${missing.join(', ')}`);
  return Object.fromEntries(names.map((n) => [n, table[n]]));
}
