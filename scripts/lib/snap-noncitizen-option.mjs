/**
 * Each State's choice under 7 CFR 273.11(c)(3)(i) for an ineligible non-citizen outside the categories 273.11(c)(3)
 * excepts (lawful permanent residents, asylees, refugees, parolees, persons whose deportation or removal is withheld,
 * aged, blind or disabled persons admitted under INA 245A, special agricultural workers; citizenship_status
 * `undocumented_or_temporary`): count all but the person's pro rata share of
 * the income and deductible expenses (pro_rata, the federal hook's default), all of them (count_all), or all of
 * the income for the gross income test and all but the share for the net income test and the allotment
 * (count_all_for_gross_test). The generator binds a checked choice to the federal hook
 * us:regulations/7-cfr/273/11/c#snap_ineligible_noncitizen_income_option in a State module `noncitizen-income`;
 * a State without a checked choice keeps the hook's default and docs/coverage.md says it is not verified.
 * Every entry cites the State's own rule or manual, as read.
 */
import { setsRelation } from './rule-text.mjs';

const HOOK = 'us:regulations/7-cfr/273/11/c#snap_ineligible_noncitizen_income_option';

/** code -> { option, citation, url, reading } for States whose own text was read. */
export const NONCITIZEN_OPTIONS = {
  me: {
    option: 'count_all',
    citation: '10-144 C.M.R. ch. 301 (Maine SNAP Rules), FS 444-4 (Disqualified Members), A',
    url: 'https://regulations.justia.com/states/maine/10/144/chapter-301/fs-400-s/400/section-144-301-400-fs-444-4',
    reading: 'A member ineligible because of alien status, other than the statuses listed as exceptions (treated as prorated under B), is a "disqualified member (count all)": 100% of the income and assets count and the entire household\'s deductions apply.',
  },
  hi: {
    option: 'count_all_for_gross_test',
    citation: 'Haw. Code R. 17-663-82.2 (Ineligible aliens), (a)(1)-(5)',
    url: 'https://casetext.com/regulation/hawaii-administrative-rules/title-17-department-of-human-services/department-of-human-services/chapter-663-special-supplemental-nutrition-assistance-program-household/subchapter-7-treatment-of-income-and-resources-of-nonhousehold-members/section-17-663-822-ineligible-aliens',
    reading: 'All of the ineligible aliens\' income is counted for the gross income test; a pro rata share of it, and of the shelter, child support and dependent care expenses they pay, counts for the remaining members. The rule does not separate the categories 273.11(c)(3) excepts; this package applies it to undocumented_or_temporary only, as 273.11(c)(3)(i) allows.',
  },
  sd: {
    option: 'pro_rata',
    citation: 'S.D. Admin. R. 67:13:03:10.02 (ineligible alien present in household)',
    url: 'https://casetext.com/regulation/south-dakota-administrative-rules/title-67-department-of-social-services/article-6713-supplemental-nutrition-assistance-program/chapter-671303-budgeting/section-6713031002-considerations-made-when-ineligible-alien-is-present-in-household',
    reading: 'All of the alien\'s income except a pro rata share for the alien counts; the child support, shelter and dependent care expenses the alien pays are counted the same way.',
  },
  ms: {
    option: 'pro_rata',
    citation: '18 Miss. Code R. 14-22.8 (Ineligible Non-Citizens), A-C',
    url: 'https://casetext.com/regulation/mississippi-administrative-code/title-18-human-services/part-14-supplemental-nutrition-assistance-program-snap-policy-manual/chapter-22-households-with-excluded-members/rule-18-14-228-ineligible-non-citizens',
    reading: 'A pro rata share of the ineligible non-citizen\'s income counts; the child support, shelter and dependent care expenses paid by or billed to the non-citizen are divided evenly and all but the non-citizen\'s share counts; the SUA is not prorated.',
  },
  mo: {
    option: 'pro_rata',
    citation: 'Missouri DSS, Food Stamp Manual 1115.070.00',
    url: 'https://dssmanuals.mo.gov/food-stamps/1115-000-00/1115-070-00',
    reading: 'For a member ineligible due to immigration status, a pro rata share of the income counts and the shelter and dependent care expenses the member pays are divided among all members; utility standards are not prorated.',
  },
  ok: {
    option: 'pro_rata',
    citation: 'Okla. Admin. Code 340:50-7-29(d); OKDHS SNAP handbook, Income and Deductions Prorated',
    url: 'https://oklahoma.gov/okdhs/library/afshandbook/snap-income/specialhh-disqhh-proinc.html',
    reading: 'The income of an ineligible alien and the expenses the alien is billed for or pays, except the utility allowance and the homeless shelter deduction, are prorated.',
  },
  il: {
    option: 'pro_rata',
    citation: 'Illinois DHS, Cash, SNAP and Medical Manual, PM 05-03-03 (WAG 05-03-03)',
    url: 'https://www.dhs.state.il.us/page.aspx?item=13607',
    reading: 'An excluded ineligible non-citizen\'s income is divided by the total unit size and multiplied by the number of eligible members.',
  },
  pa: {
    option: 'pro_rata',
    citation: 'Pennsylvania DHS, SNAP Handbook, 555 Appendix A (Deeming Income and Resources of Ineligible Persons)',
    url: 'http://services.dpw.state.pa.us/oimpolicymanuals/snap/555_Deeming_Income_and_Resources/555_Appendix_A.htm',
    reading: 'For non-citizens income is prorated among all members, as are the shelter, child care and child support expenses the person pays; resources count in full; the full SUA is counted.',
    // 7 CFR 273.11(c)(3)(i) as Pennsylvania reads it for a member who is also an ineligible student.
    student: {
      citation: 'Pennsylvania DHS, SNAP Handbook 555.3 (updated April 8, 2026)',
      url: 'http://services.dpw.state.pa.us/oimpolicymanuals/snap/555_Deeming_Income_and_Resources/555.3_Ineligible_Students,_Noncitizens,_Social_Security_Number_Disqualifications,_and_Able-Bodied_Adults_without_Dependents_(ABAWDs).htm',
      reading: '"A prorated share of an ineligible noncitizen\'s income must be deemed available to eligible household members, even if the ineligible noncitizen is an ineligible student, whether or not it is actually received." The handbook does not say how the expenses or resources of such a member count; the package applies the non-citizen treatment (expenses prorated, resources in full) as for any ineligible non-citizen',
    },
  },
  va: {
    option: 'count_all',
    citation: '22VAC40-601-70 (Income calculation method of ineligible aliens), final text',
    url: 'https://www.townhall.virginia.gov/L/ViewXML.cfm?textid=8651',
    reading: 'The income and resources of an ineligible alien count in their entirety and the alien\'s deductible expenses continue to apply to the remaining members; the section does not apply to the aliens 7 CFR 273.11(c)(3) lists as (A) through (G). Read in the final text on the Virginia Regulatory Town Hall (proposed in 30 Va. Reg. 6, 2013-11-18, citing 273.11(c)(3)(i)); the current Administrative Code text was not read.',
  },
  ca: {
    option: 'pro_rata',
    citation: 'Cal. DSS Manual of Policies and Procedures (MPP) 63-503.442(b), (c), as given in the Santa Clara County CalFresh Handbook (Ineligible Non-citizen, Ineligible ABAWD and SSN Excluded Members)',
    url: 'https://stgenssa.sccgov.org/debs/program_handbooks/calfresh/assets/CalFresh/ExcludedNHMembers/InelgblNoncitizn.htm',
    reading: 'The nonexempt income of an ineligible non-citizen is prorated and counted to the CalFresh household; shelter and dependent care expenses the person pays are prorated; the SUA is not. (The handbook divides by the eligible members plus the IPV/work-sanctioned members plus that one excluded group, keeping the three prorated groups apart; the packages divide by everyone listed.)',
  },
  wa: {
    option: 'pro_rata',
    citation: 'WAC 388-450-0140(3)',
    url: 'http://www.dshs.wa.gov/Manuals/wac/388-450-0140.shtml',
    reading: 'For a member ineligible due to alien status the income is prorated among all members with the ineligible member\'s share excluded, and the member\'s allowable expenses are divided evenly among all members, except the SUA.',
  },
  ma: {
    option: 'count_all',
    citation: '106 CMR 365.520(A)(2), (3) (Disqualified Nonhousehold Members)',
    url: 'https://regulations.justia.com/states/massachusetts/106-cmr/title-106-cmr-365-000/section-365-520',
    reading: 'For a nonhousehold member disqualified due to an undetermined noncitizen status, nonimmigrant noncitizen status or Not Legally Residing noncitizen status, "the countable income ... shall continue to count in its entirety for the remaining household members" and the member\'s deductible expenses "shall continue to be deductible" ((A)(2), (3)); the member is left out of the household size ((A)(4)). Read in the text as current through Mass. Register 1531 (2024-09-27)',
  },
  ks: {
    option: 'pro_rata',
    citation: 'Kansas DCF, Kansas Economic and Employment Services Manual (KEESM) 6520',
    url: 'https://content.dcf.ks.gov/EES/KEESM/Robo10-24/keesm6500.htm',
    reading: 'The 20% earned income deduction applies to the prorated income of excluded members; the shelter, dependent care and child support expenses they pay are divided evenly and all but their share counts; the SUA is not prorated.',
  },
};

/** States whose choice was seen only in secondary material: reported, not bound. */
const FNS_OPTIONS_16 = 'FNS, SNAP State Options Report, 16th edition';
const SECONDARY = {
  co: 'a third-party review quotes 10 CCR 2506-1 4.411.1,B,2,c as prorating; the State text was not read',
  az: `${FNS_OPTIONS_16}, lists Arizona as counting all of such a member's income; the State's own rule was not read (2026-11-28)`,
  gu: `${FNS_OPTIONS_16}, lists Guam as counting all of such a member's income; the territory's own rule was not read (2026-11-28)`,
  id: `${FNS_OPTIONS_16}, lists Idaho as counting all of such a member's income; IDAPA 16.03.04 was not read on this point (2026-11-28)`,
  in: `${FNS_OPTIONS_16}, lists Indiana as counting all of such a member's income; the DFR Program Policy Manual was not read on this point (2026-11-28)`,
  tn: `${FNS_OPTIONS_16}, lists Tennessee as counting all of such a member's income; the State's own rule was not read (2026-11-28)`,
  ut: `${FNS_OPTIONS_16}, lists Utah as counting all of such a member's income; the State's own rule was not read (2026-11-28)`,
  ar: `${FNS_OPTIONS_16}, lists Arkansas as counting all of such a member's income for the gross income test only; the State's own rule was not read (2026-11-28)`,
  ky: `${FNS_OPTIONS_16}, lists Kentucky as counting all of such a member's income for the gross income test only; the State's own rule was not read (2026-11-28)`,
  nc: `${FNS_OPTIONS_16}, lists North Carolina as counting all of such a member's income for the gross income test only; the State's own rule was not read (2026-11-28)`,
};

export const noncitizenOption = (code) => NONCITIZEN_OPTIONS[code];

const STUDENT_HOOK = 'us:statutes/7/2012/m#snap_noncitizen_share_counted_for_ineligible_student';

/** The parameter and binding for a State that counts the share of a non-citizen who is also an ineligible student. */
function studentRules(code, st, student, moduleId) {
  if (!student) return '';
  const name = `${code}_snap_noncitizen_share_counted_for_ineligible_student`;
  const relation = setsRelation(`${code}_snap_sets_noncitizen_share_counted_for_ineligible_student`,
    `7 CFR 273.11(c)(3)(i) (State agency reading); ${st.agency}`, STUDENT_HOOK, `${moduleId}#${name}`);
  return `
  - name: ${name}
    kind: parameter
    dtype: Boolean
    source: 7 CFR 273.11(c)(3)(i); ${student.citation}
    source_url: ${student.url}
    description: >-
      A member who is both an ineligible student and an ineligible non-citizen is excluded as the non-citizen: ${student.reading}.
    versions:
      - effective_from: '2023-10-01'  # FY2024
        formula: 'true'
${relation.slice(1)}`;
}

/** The State module binding the choice to the federal hook. */
export function noncitizenModule(code, st, choice, moduleId) {
  const relation = setsRelation(`${code}_snap_sets_ineligible_noncitizen_income_option`,
    `7 CFR 273.11(c)(3)(i) (State agency discretion); ${st.agency}`, HOOK, `${moduleId}#${code}_snap_ineligible_noncitizen_income_option`);
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP treatment of an ineligible non-citizen's income and deductible expenses under 7 CFR
    273.11(c)(3)(i), for a non-citizen outside the categories 273.11(c)(3) excepts (citizenship_status
    undocumented_or_temporary): ${choice.option}. ${choice.citation}: ${choice.reading}${choice.student ? ` A member who is both an ineligible student and an ineligible non-citizen counts as the non-citizen (${choice.student.citation}).` : ''}
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/noncitizen-income
imports:
  - us:regulations/7-cfr/273/11/c${choice.student ? '\n  - us:statutes/7/2012/m' : ''}
rules:
  - name: ${code}_snap_ineligible_noncitizen_income_option
    kind: parameter
    dtype: Text
    source: 7 CFR 273.11(c)(3)(i); ${choice.citation}
    source_url: ${choice.url}
    description: pro_rata, count_all or count_all_for_gross_test (us:regulations/7-cfr/273/11/c#snap_ineligible_noncitizen_income_option).
    versions:
      - effective_from: '2023-10-01'  # FY2024
        formula: '"${choice.option}"'
${relation.slice(1)}${studentRules(code, st, choice.student, moduleId)}
`;
}

export function noncitizenTests(code, choice, moduleId) {
  const student = choice.student ? { [STUDENT_HOOK]: true } : {};
  return [{ name: 'choice_bound_to_the_federal_hook', period: '2026-01', input: {},
    output: { [HOOK]: choice.option, [`${moduleId}#${code}_snap_ineligible_noncitizen_income_option`]: choice.option, ...student } }];
}

const round2 = (x) => Math.round(x * 100) / 100;

/**
 * A mixed-status household worked by hand for every State (issue #12 item 2): a citizen parent earning $2,000 and
 * a child live with an undocumented adult who earns $600 and pays the whole $900 rent. The adult is excluded
 * (size 2). Under pro_rata both the earnings and the rent are divided among the 3 people and the 2 eligible
 * shares count (600 x 2/3 = 400; 900 x 2/3 = 600); under count_all they count in full; under
 * count_all_for_gross_test the gross income test also sees the adult's own share (600 x 1/3 = 200).
 */
export function mixedStatusHousehold(code, base) {
  const option = NONCITIZEN_OPTIONS[code]?.option ?? 'pro_rata';
  const full = option === 'count_all';
  const earned = full ? 2600 : 2000 + round2((600 * 2) / 3);
  const shelter = full ? 900 : round2((900 * 2) / 3);
  const grossTestExtra = option === 'count_all_for_gross_test' ? round2(600 / 3) : 0;
  const how = full
    ? 'counted in full (count_all): earnings 2000 + 600 = 2600, rent 900'
    : `pro rata: earnings 2000 + 600 x 2/3 = ${earned}, rent 900 x 2/3 = ${shelter}${grossTestExtra ? `; the gross income test also counts the adult's share 600 x 1/3 = ${grossTestExtra}` : ''}`;
  return {
    name: 'mixed_status_household',
    label: `a citizen parent ($2,000 earnings) and child with an undocumented adult who earns $600 and pays the $900 rent, heating/cooling costs; the adult is excluded (size 2) and the adult's income and rent are ${how} (7 CFR 273.11(c)(3)(i), State choice ${option}); facts given per person`,
    people: [
      { id: 'parent', age: 34, is_disabled: false, earned_income: 2000, unearned_income: 0, medical_costs: 0 },
      { id: 'child', age: 9, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0 },
      { id: 'other_adult', age: 40, is_disabled: false, earned_income: 600, unearned_income: 0, medical_costs: 0, citizenship_status: 'undocumented_or_temporary', shelter_costs: 900 },
    ],
    householdShelter: 0,
    h: { ...base, size: 2, earned, shelter, grossTestExtra, utilityType: 'heating_cooling' },
  };
}

/** The docs/coverage.md paragraph: each checked State's choice and the rest. */
export function noncitizenCoverageNote(codes) {
  const checked = codes.filter((c) => NONCITIZEN_OPTIONS[c]);
  const list = checked.map((c) => `us-${c} ${NONCITIZEN_OPTIONS[c].option} (${NONCITIZEN_OPTIONS[c].citation})`).join('; ');
  const secondary = Object.entries(SECONDARY).map(([c, why]) => `us-${c}: ${why}`).join('; ');
  return [
    'Excluded members (7 CFR 273.11(c), (d)): an ineligible student\'s income, expenses and resources do not count; a member disqualified for work rules counts in full (income, the expenses they pay, resources); an ABAWD past the time limit and an ineligible non-citizen count pro rata (income and the shelter, dependent care and child support they pay, divided among everyone with the excluded members\' shares left out; the utility allowance is not prorated) with resources in full. Person facts `shelter_costs`, `dependent_care_costs`, `child_support_paid` and `countable_resources` say who pays or holds what. Rules: `us:regulations/7-cfr/273/11/c`.',
    '',
    'Categorical eligibility barred (7 CFR 273.2(j)(2)(vii)): under no circumstances is a household categorically eligible (by TANF/SSI receipt or BBCE) while a listed member is disqualified for an intentional Program violation (`ipv_disqualified`, (vii)(A)) or ineligible for a drug felony (`drug_felony_disqualified`, (vii)(D)); it then meets the gross income, net income and resource tests (viii). Rules: `us:regulations/7-cfr/273/2/j#snap_categorical_eligibility_barred`, `#snap_person_bars_categorical_eligibility`. This is federal law, so it applies in every package, Florida included (Florida\'s own ESS Program Policy Manual text on BBCE and disqualified members was not found here). (vii)(C), the head of the household disqualified for the work requirements of 7 CFR 273.7, bars it too: the head is the person 7 CFR 273.1(d) names (an adult parent of children the household selects, otherwise the principal wage earner of the two months before the violation; text read as the Delaware Social Services Manual 9014 restates it), which the packages cannot work out, so the caller states it with the household fact `head_of_household_work_rule_disqualified` (default false, read only when a listed person is `work_rule_disqualified`, and listed in assumptions when the household is categorically eligible; rule `#snap_head_of_household_bars_categorical_eligibility`). Another member\'s work-rule disqualification does not bar it (Tennessee DHS Food Stamp Policy Manual 3.2). Not modelled: the monthly-reporting and workfare bars ((vii)(A), (B)).',
    '',
    `Ineligible non-citizens outside the categories 7 CFR 273.11(c)(3) excepts (citizenship_status \`undocumented_or_temporary\`): the State counts all, all but a pro rata share, or all for the gross income test only (273.11(c)(3)(i)). Checked against the State's own text: ${list}. Every other package keeps the federal hook's default, pro_rata, not verified${secondary ? ` (${secondary})` : ''}. A member who is both an ineligible student and an ineligible non-citizen is excluded as the student (nothing counted; the regulations do not rank the two, docs/snap-package-contract.md section 8), except where the State counts the non-citizen's share: ${checked.filter((c) => NONCITIZEN_OPTIONS[c].student).map((c) => `us-${c} (${NONCITIZEN_OPTIONS[c].student.citation})`).join('; ')}. Non-citizens in the categories (c)(3) excepts (\`ineligible_noncitizen\`, \`refugee_or_asylee\`) count pro rata in every package. Disqualifications as person facts: \`ipv_disqualified\` (7 CFR 273.16) and \`drug_felony_disqualified\` (21 U.S.C. 862a as the State applies it; each State's opt-out or conditions are not encoded, the caller states the outcome. This is deliberate: 862a(a) disqualifies a person convicted of a felony involving the possession, use or distribution of a controlled substance for conduct after 1996-08-22, and 862a(d)(1) lets each State, by its own law, exempt any or all such persons or limit the period. Whether a person is disqualified therefore turns on the conviction (the offense, its date) and, under a State's modified ban, on conditions the State agency verifies from records, none of which are household facts a calculation can check; a per-State table of opt-outs would still need those findings for every modified-ban State and would go stale with each State law change, and no State's current law on this was read here. So the fact records the agency's finding, like \`ipv_disqualified\` (7 CFR 273.16), and is not declared material (no assumption is reported when it is left out)) count in full under 273.11(c)(1); \`ssn_noncompliant\` (7 CFR 273.6(c)) counts pro rata under 273.11(c)(2). No allotment may increase because members are excluded (7 CFR 273.11(c)(1)(ii), closing sentence: "The State agency shall ensure that no household's coupon allotment is increased as a result of the exclusion of one or more household members"). The packages cap the federal allotment of a household with members disqualified under (c)(1) (work rules, IPV, drug felony) at the allotment it would receive with them counted as members: \`us:regulations/7-cfr/273/11/c/1/ii\` computes that household's net income and eligibility (standard deduction, maximum allotment, income limits and the State's utility allowance at the larger size; its elderly/disabled status for the income tests, the shelter cap and the energy-assistance SUA; categorical eligibility without the disqualified members' bars; the larger pro rata shares below; the disqualified members' own income and expenses count in full either way), and \`us:statutes/7/2017/a#snap_federal_allotment\` is the lower of \`#snap_federal_allotment_before_exclusion_cap\` and \`#snap_federal_allotment_with_disqualified_counted\` (both are package outputs). In a household without members counted pro rata, counting such a member cannot make an eligible household ineligible, because the member's income and resources count either way while the size-based income limits and deductions, the elderly/disabled status (gross test exemption, uncapped shelter, higher resource limit) and categorical eligibility (the IPV and drug-felony bars of 273.2(j)(2)(vii) end) can only widen. Where the cap binds: the larger household's size is 3 or more, so it has no minimum benefit, while the household as sized (1 or 2 people) receives the minimum ($24 in FY2026, or a State minimum on top) although counting the member gives less; everywhere else leaving a member out already lowers or keeps the allotment (smaller maximum allotment and standard deduction, possibly a smaller utility allowance, loss of elderly/disabled status). A property test over 1,000 random households in nine packages checks that the allotment never exceeds the allotment with the member counted, that the comparison equals the federal allotment of that household computed directly, and that the cap binds in some of them (tests/adapters/runtime-compiled/exclusion-no-increase.test.ts). In a household that also has members counted pro rata (ineligible non-citizens, SSN, ABAWDs), counting the disqualified members also counts more of the pro rata shares (the eligible members' shares of the pro rata income, shelter, dependent care and child support grow from (people - excluded) to (people - excluded + disqualified) of people, rounded to the cent as the household's own); the comparison recomputes income and deductions with them (115 such households in the property test, each equal to the direct computation). That larger income can make the larger household ineligible (over a gross or net limit, or a BBCE limit) where the household as sized is eligible; the comparison then is 0 and so is the allotment (\`us:regulations/7-cfr/273/11/c/1/ii#snap_eligible_with_disqualified_counted\`, which computes the larger household's eligibility in full: income limits at its size, its elderly/disabled status, categorical eligibility without the disqualified members' bars, New York's BBCE tiers; hand-worked case \`exclusion_cap_when_counting_ends_eligibility\`). Medical expenses: a disqualified (c)(1) member's own medical costs still count toward the medical deduction when that member is elderly or disabled (273.11(c)(1): the entire household's medical deduction continues to apply; Tennessee DHS Food Stamp Policy Manual 23.14, Missouri FSM 1115.071.00 and Pennsylvania SNAP Handbook 555.2 read it so), although the member does not make the household elderly/disabled for the income tests or the shelter cap. The medical costs of an elderly or disabled member count in full whoever pays them: 273.11(c)(2)(iii) prorates only the child support, shelter and dependent care an excluded member pays (Kansas KEESM 6520 also prorates medical expenses; not encoded). Not modelled: medical costs paid by someone outside the household (an ineligible student included), of which only what the household pays is deductible (Missouri FSM 1115.075.00 for non-household members; the federal paragraph was not read here); give those costs reduced by the outside payment.`,
  ].join('\n');
}
