/**
 * The household vocabulary beyond SNAP's (docs/household.md): facts a later program added, written once here so
 * every package that reads one describes it in the same words, and the names reserved for programs not yet
 * bundled. The SNAP packages' own names keep their descriptions in scripts/lib/snap-input-docs.mjs and
 * scripts/lib/snap-person-facts.mjs; a later program that reads one of them copies those words (the Lifeline
 * generator copies them from each State's SNAP compose spec).
 *
 * Entry: { description, period, unit, values? }  (as snap-input-docs.mjs: period `month`, `year` or `none`)
 * A name set by the service from whether another was given (compose-spec extension `given_flags`) says so.
 */

const flag = (description) => ({ description, period: 'month', unit: 'boolean' });

/** Household-level facts read by the Lifeline packages (the first program after SNAP). */
export const LIFELINE_HOUSEHOLD_FACTS = {
  receives_snap: flag('The household receives SNAP benefits in the month (a qualifying program for Lifeline, 47 CFR 54.409(a)(2), and the link of school meals and WIC to SNAP). Not given: the package reads the SNAP eligibility that the State\'s SNAP rules compute from the same household and says so in assumptions; where SNAP does not operate (Puerto Rico, American Samoa, the Northern Mariana Islands), not received.'),
  receives_snap_given: flag('Set by the service, not by the caller: true when receives_snap was given, false when it was left out (then SNAP receipt is inferred from the SNAP certification computed for the household (snap_certified)).'),
  receives_medicaid: flag('A member of the household (the applicant, a dependant or anyone sharing income and expenses) receives Medicaid (47 CFR 54.409(a)(2)). Not given: the package reads the Medicaid eligibility that the State\'s Medicaid rules compute for the people listed (from 2025-02) and says so in assumptions; in the territories, not received.'),
  receives_medicaid_given: flag('Set by the service, not by the caller: true when receives_medicaid was given, false when it was left out (then Medicaid receipt is inferred from the Medicaid eligibility computed for the people listed).'),
  receives_ssi: flag('A member of the household receives Supplemental Security Income (SSI) (47 CFR 54.409(a)(2)).'),
  receives_federal_public_housing_assistance: flag('The household or a member receives Federal Public Housing Assistance: public housing, a Housing Choice Voucher (Section 8) or project-based rental assistance (47 CFR 54.409(a)(2); 54.400(j)).'),
  receives_veterans_pension: flag('A member of the household receives the Veterans Pension or the Survivors Pension benefit (47 CFR 54.409(a)(2)).'),
  tribal_land: { description: 'The household lives on Tribal lands (47 CFR 54.400(e): a federally recognized tribe\'s reservation, pueblo or colony, former reservations in Oklahoma, Alaska Native regions, Indian allotments, Hawaiian Home Lands, or land the FCC designates; USAC publishes a map).', period: 'none', unit: 'boolean' },
  receives_bia_general_assistance: flag('A member of the household receives Bureau of Indian Affairs general assistance (47 CFR 54.409(b); a qualifying program only on Tribal lands).'),
  receives_tribal_tanf: flag('A member of the household receives Tribally administered Temporary Assistance for Needy Families (47 CFR 54.409(b); a qualifying program only on Tribal lands).'),
  receives_head_start_income_qualified: flag('A member of the household is enrolled in Head Start and the household meets Head Start\'s income standard (47 CFR 54.409(b): only such households qualify; a qualifying program only on Tribal lands).'),
  receives_fdpir: flag('The household receives the Food Distribution Program on Indian Reservations (47 CFR 54.409(b); a qualifying program only on Tribal lands).'),
  lifeline_service_type: { description: 'The Lifeline service the household takes: broadband (broadband internet, or a bundle meeting the broadband minimum service standards, $9.25, 47 CFR 54.403(a)(1)) or voice_only (standalone voice, or voice with broadband below the standards, $5.25 since December 1, 2020, 54.403(a)(2)(iii)).', period: 'month', unit: 'text', values: ['broadband', 'voice_only'] },
  phone_cost: { description: 'Monthly price of the household\'s telephone service before any Lifeline discount; with broadband_cost, caps the Lifeline benefit (the support reduces the price of the service, 47 CFR 54.403(b)). Not given (nor broadband_cost): the benefit is the full support amount.', period: 'month', unit: 'USD per month' },
  phone_cost_given: flag('Set by the service, not by the caller: true when phone_cost was given.'),
  broadband_cost: { description: 'Monthly price of the household\'s broadband internet service before any Lifeline discount; with phone_cost, caps the Lifeline benefit (47 CFR 54.403(b)).', period: 'month', unit: 'USD per month' },
  broadband_cost_given: flag('Set by the service, not by the caller: true when broadband_cost was given.'),
};

/** Facts read by the WIC packages (7 CFR 246.7); a person's Medicaid receipt is its own fact, apart from the household's. */
export const WIC_HOUSEHOLD_FACTS = {
  receives_tanf: flag('A member of the household receives TANF (State-administered Temporary Assistance for Needy Families) in the month. For WIC every member of such a family is income-eligible (7 CFR 246.7(d)(2)(vi)); for school meals every child of the household in school eats free (42 U.S.C. 1758(b)(12)(A)). Not given: not received.'),
};

export const WIC_PERSON_FACTS = {
  is_pregnant: flag('The person is pregnant in the month (a WIC category, 7 CFR 246.2, 246.7(c)(1)). Not given: not pregnant.'),
  expected_children_count: { description: 'For a pregnant person, the number of children she expects (embryos or fetuses in utero); WIC adds them to her family size for the income test (7 CFR 246.7(d)). Not given: one.', period: 'month', unit: 'count' },
  is_breastfeeding: flag('The person is breastfeeding her infant in the month (a WIC category up to one year postpartum, 7 CFR 246.2). Not given: not breastfeeding.'),
  months_postpartum: { description: 'Whole months since the person\'s pregnancy ended: postpartum women are a WIC category under six months, breastfeeding women under twelve (7 CFR 246.2). Not given: the person is not postpartum (and, if breastfeeding, is taken to be within the year).', period: 'month', unit: 'count' },
  months_postpartum_given: flag('Set by the service, not by the caller: true when months_postpartum was given for the person.'),
  nutritional_risk: flag('A competent professional has found the person at nutritional risk, a WIC requirement (7 CFR 246.7(e)). Not given: assumed true and listed in assumptions, so an eligible result rests on it.'),
  receives_medicaid: flag('The person receives Medicaid in the month. It makes the person income-eligible for WIC, and a pregnant woman\'s or an infant\'s makes every member of the family income-eligible (7 CFR 246.7(d)(2)(vi)). Not given: the package reads the person\'s Medicaid eligibility that the State\'s Medicaid rules compute (from 2025-02, in the States and DC) and says so in assumptions; in the territories, not received.'),
  receives_medicaid_given: flag('Set by the service, not by the caller: true when receives_medicaid was given for the person (then it is read as given; otherwise the person\'s Medicaid eligibility computed stands in for it).'),
};

/** Person facts first read by the federal tax credit packages (EITC, CTC; docs/tax-credits.md). */
export const TAX_PERSON_FACTS = {
  relationship_to_head: { description: 'The person\'s relationship to the head of the household (the person who would file the household\'s tax return, or who rents or owns the home): head (one person), spouse (the head\'s husband or wife), child (the head\'s or the spouse\'s son, daughter, stepchild, or foster child placed by an agency or court, or a descendant of one such as a grandchild), other_relative (any other relative of the head or spouse by blood, marriage or adoption: parent, brother, sister, niece, nephew, aunt, uncle, in-law) or non_relative.', period: 'none', unit: 'text', values: ['head', 'spouse', 'child', 'other_relative', 'non_relative'] },
  has_valid_ssn: { description: 'The person has a Social Security number valid for employment, issued by the due date of the tax return (26 U.S.C. 24(h)(7), 32(m)); an ITIN or an SSN marked not valid for employment does not count.', period: 'year', unit: 'boolean' },
  is_full_time_student: { description: 'The person is a full-time student during some part of each of five calendar months of the tax year (26 U.S.C. 152(f)(2)): a child of 19 to 23 can then still be a qualifying child.', period: 'year', unit: 'boolean' },
  is_permanently_and_totally_disabled: { description: 'The person cannot engage in any substantial gainful activity because of a physical or mental impairment expected to last at least 12 months or to result in death (26 U.S.C. 22(e)(3)): such a child is a qualifying child at any age (152(c)(3)(B)).', period: 'year', unit: 'boolean' },
  lived_with_filer_over_half_year: { description: 'The person (other than the filers) lived in the household, in the United States, with the filers for more than half of the tax year (26 U.S.C. 152(c)(1)(B), 32(c)(3)(C)); temporary absences for school, illness or the like count as time lived there.', period: 'year', unit: 'boolean' },
  investment_income: { description: 'The person\'s investment income in the month: taxable and tax-exempt interest, dividends, net rents and royalties, capital gain net income and net passive income (26 U.S.C. 32(i)(2)); in adjusted gross income, and tested against the EITC investment income limit.', period: 'month', unit: 'USD per month' },
  other_taxable_income: { description: 'The person\'s other income in the month that is in federal adjusted gross income and is neither earnings nor investment income: unemployment compensation, the taxable part of pensions, annuities and Social Security benefits (26 U.S.C. 61, 85, 86); not SSI, TANF or child support received.', period: 'month', unit: 'USD per month' },
};

/** Household facts first read by the federal tax credit packages. */
export const TAX_HOUSEHOLD_FACTS = {
  filing_status: { description: 'The filing status of the tax return of the household\'s head: single, joint (married filing jointly), separate (married filing separately) or head_of_household (26 U.S.C. 1(a)-(d), 2(b), 6013). Not given: joint with a listed spouse, else head_of_household with a qualifying child, else single, and the answer\'s assumptions say so.', period: 'year', unit: 'text', values: ['single', 'joint', 'separate', 'head_of_household'] },
  filing_status_given: { description: 'Set by the service, not by the caller: true when filing_status was given, false when it was left out (then the filing status is derived from the people listed).', period: 'year', unit: 'boolean' },
};

/**
 * Facts the school meals packages read (42 U.S.C. 1758(b); 7 CFR 245), beyond SNAP's and Lifeline's. Person facts
 * are the child's own; a later program that reads one (Head Start, WIC) uses these words.
 */
export const SCHOOL_MEALS_FACTS = {
  household: {
    receives_tanf: WIC_HOUSEHOLD_FACTS.receives_tanf,
  },
  person: {
    is_in_school: flag('The person is enrolled in an elementary or secondary school (or a Head Start program) that takes part in the National School Lunch or School Breakfast Program (7 CFR 245.2). Not given: a school-age person is taken as not in school, and the answer says so in assumptions.'),
    is_homeless: flag('The person is a homeless child or youth (McKinney-Vento Homeless Assistance Act, 42 U.S.C. 11434a(2)), which makes the child free for school meals (42 U.S.C. 1758(b)(12)(A)). A person fact, apart from the SNAP household fact of the same name.'),
    is_runaway: flag('The person is a runaway served by a program under the Runaway and Homeless Youth Act (42 U.S.C. 1758(b)(12)(A)); free for school meals.'),
    is_migrant: flag('The person is a migratory child (Elementary and Secondary Education Act sec. 1309, 20 U.S.C. 6399; 42 U.S.C. 1758(b)(12)(A)); free for school meals.'),
    is_in_foster_care: flag('The person is a foster child placed by a State child welfare agency or a court (42 U.S.C. 1758(b)(12)(A)); free for school meals.'),
    is_enrolled_in_head_start: flag('The person is enrolled in a Head Start program (NSLA sec. 9(b)(12)(A)(iii), 42 U.S.C. 1758(b)(12)(A)(iii), as amended by Pub. L. 110-134: any child enrolled, FNS memo SP23-2008); free for school meals.'),
  },
};

/** Person facts first read by the Head Start packages (45 CFR 1302.12; docs/head-start-coverage.md). */
export const HEAD_START_PERSON_FACTS = {
  unemployment_compensation: { description: 'Unemployment compensation the person receives in the month. Head Start counts it as income (45 CFR 1305.2, income); also give it in unearned_income for the programs that count all unearned income (SNAP, Lifeline).', period: 'month', unit: 'USD per month' },
  pension_income: { description: 'Pension or annuity payments the person receives in the month. Head Start counts them as income (45 CFR 1305.2, income); also give them in unearned_income for the programs that count all unearned income (SNAP, Lifeline).', period: 'month', unit: 'USD per month' },
};

/** Household facts first read by the Head Start packages (45 CFR 1302.12(i)(1)(ii); docs/head-start-coverage.md). */
export const HEAD_START_HOUSEHOLD_FACTS = {
  housing_costs: { description: 'The family\'s housing costs in the month as 45 CFR 1305.2 counts them for Head Start\'s housing-cost adjustment: rent or mortgage payments, homeowner\'s or renter\'s insurance, utilities (electricity, gas, water, sewer, trash), interest and taxes on the home. Not SNAP\'s shelter_costs, which leave utilities to the utility allowances.', period: 'month', unit: 'USD per month' },
};

/**
 * Names reserved for the programs of issue #27 not yet bundled (school meals, WIC, Head Start) and for the later
 * screening call. No package reads them yet; docs/household.md lists them apart, and the check refuses a reserved
 * name that a package reads (its package docs then become the source).
 */
export const RESERVED_FACTS = {
  person: {
  },
  household: {
    state: { description: 'The two-letter code of the State or territory where the household lives; in POST /v1/calculate the jurisdiction field selects the State package instead.', period: 'none', unit: 'text', for: 'the screening call of a later issue (one household, every program)' },
  },
};
