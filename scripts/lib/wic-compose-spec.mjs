/**
 * The compose spec of one WIC package (rules/programs/us-xx/wic/2026.yaml), for scripts/generate-wic-rules.mjs.
 * Keys after scope are Tenet package extensions (docs/snap-package-contract.md section 3, docs/household.md);
 * `person_outputs` lists the Person rules whose value each listed person gets.
 */
import YAML from 'yaml';
import { HOUSEHOLD_INPUT_DOCS, PERSON_INPUT_DOCS } from './snap-input-docs.mjs';
import { LIFELINE_HOUSEHOLD_FACTS, WIC_HOUSEHOLD_FACTS, WIC_PERSON_FACTS } from './household-vocabulary.mjs';
import { F, WIC_PERIOD } from './wic-federal-module.mjs';
import { wicGuidelineYear, wicLimits } from './wic-reference.mjs';
import { areaParameterId } from './guideline-area.mjs';
import { snapFiscalYears, snapLinkOutputDocs, snapLinkOutputs, snapMaterialFor, snapReceiptMaterial, snapScreeningLink } from './snap-link.mjs';
import { medicaidReceiptMaterial, medicaidScreeningLink } from './medicaid-link.mjs';

const MEMBERS = 'us:statutes/7/2012/m#relation.member_of_snap_household';
const id = (name) => `${F}#input.${name}`;

const HOUSEHOLD = { household_size: 'Integer', earned_income: 'Money', unearned_income: 'Money', receives_snap: 'Boolean', receives_snap_given: 'Boolean', receives_tanf: 'Boolean' };
const PERSON = { age: null, earned_income: 'Money', unearned_income: 'Money', self_employment_income: 'Money', self_employment_costs: 'Money',
  is_pregnant: 'Boolean', expected_children_count: 'Integer', is_breastfeeding: 'Boolean', months_postpartum: 'Integer', months_postpartum_given: 'Boolean',
  receives_medicaid: 'Boolean', receives_medicaid_given: 'Boolean', nutritional_risk: 'Boolean' };
const HOUSEHOLD_DEFAULTS = { household_size: 1, earned_income: 0, unearned_income: 0, receives_snap: false, receives_snap_given: false, receives_tanf: false };
const PERSON_DEFAULTS = { age: 30, earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, is_pregnant: false,
  expected_children_count: 1, is_breastfeeding: false, months_postpartum: 0, months_postpartum_given: false, receives_medicaid: false, receives_medicaid_given: false, nutritional_risk: true };

export const PERSON_OUTPUTS = ['wic_eligible', 'wic_category', 'wic_categorically_eligible', 'wic_income_eligible', 'wic_adjunctively_income_eligible', 'wic_family_size', 'wic_monthly_income_limit', 'wic_medicaid_eligibility_computed'];

const flag = (description) => ({ description, period: 'month', unit: 'boolean' });
export const OUTPUT_DOCS = {
  wic_eligible_people: { description: 'How many listed people are eligible for WIC in the month: each in a category, income-eligible (by the guidelines or adjunctively) and at nutritional risk (7 CFR 246.7(c)); each person\'s own result is under person_outputs.', period: 'month', unit: 'count' },
  wic_household_has_eligible_member: flag('At least one listed person is eligible for WIC in the month (7 CFR 246.7(c)).'),
  wic_categorically_eligible_people: { description: 'How many listed people are in a WIC category: pregnant, breastfeeding, postpartum, infant or child (7 CFR 246.2, 246.7(c)(1)).', period: 'month', unit: 'count' },
  wic_household_monthly_income: { description: 'The family\'s gross monthly income: household-level income facts plus each listed person\'s earned and unearned income and net self-employment income (a loss as 0) (7 CFR 246.7(d)(2)).', period: 'month', unit: 'USD per month' },
  wic_household_size: { description: 'The family size before any expected children: the larger of household_size and the number of people listed (7 CFR 246.2, family).', period: 'month', unit: 'count' },
  wic_household_monthly_income_limit: { description: 'The monthly figure of the WIC income eligibility guidelines for the household size (185% of the HHS poverty guideline, annual rounded up, divided by 12 and rounded up; above 8 people, the amount for each additional member) (7 CFR 246.7(d)(1)). A pregnant member\'s own limit, counting the children she expects, is her wic_monthly_income_limit.', period: 'month', unit: 'USD per month' },
  wic_household_annual_income_limit: { description: 'The annual figure of the WIC income eligibility guidelines for the household size (7 CFR 246.7(d)(1)).', period: 'year', unit: 'USD' },
  wic_household_income_eligible: flag('The family\'s monthly income is at or below the monthly guideline for the household size (7 CFR 246.7(d)(1)).'),
  wic_family_adjunctively_eligible: flag('Every member is income-eligible through the family: it receives SNAP or TANF, or a pregnant woman or infant in it receives Medicaid (7 CFR 246.7(d)(2)(vi)).'),
  wic_receives_snap: flag('SNAP receipt as WIC reads it: receives_snap when given; otherwise the SNAP certification computed for the household (snap_certified) where a State SNAP package is linked (7 CFR 246.7(d)(2)(vi)).'),
  wic_snap_eligibility_computed: flag('The household\'s SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State\'s SNAP rules compute it, computed only when it stands in for SNAP receipt not given and can change the result; false when not needed, and where no SNAP package is linked.'),
  wic_program_receipt_immaterial: flag('Nobody listed is in a WIC category, or the family\'s income passes for its size, so receipt of SNAP, TANF or Medicaid cannot change the result; when false, those receipts not given are listed in assumptions.'),
  wic_snap_receipt_immaterial: flag('SNAP receipt was given, or a member receives TANF, or program receipt cannot change the result; when false and receives_snap was not given, it is listed in assumptions.'),
  wic_medicaid_receipt_immaterial: flag('Program receipt cannot change the result, a member receives TANF, or SNAP receipt is stated, so nobody\'s Medicaid receipt nor the Medicaid facts can change it; when false, a person\'s receives_medicaid not given is listed in assumptions as inferred from the person\'s wic_medicaid_eligibility_computed.'),
  wic_medicaid_eligibility_used: flag('For someone listed, Medicaid receipt was not given and the Medicaid eligibility the State\'s Medicaid rules compute for the person stood in for it: eligible (each person\'s value is the person output wic_medicaid_eligibility_computed).'),
  wic_program_links_immaterial: flag('Neither the SNAP link nor the Medicaid link can change the result, so a person fact both read (citizenship_status) cannot either.'),
  wic_nutritional_risk_immaterial: flag('No listed person is in a category and income-eligible, so nutritional risk cannot change the result; when false, nutritional_risk not given is listed in assumptions (assumed true: the eligible result rests on it).'),
  wic_postpartum_facts_immaterial: flag('Every listed person is pregnant or under 5, so whether someone is breastfeeding or postpartum cannot change a category; when false, is_breastfeeding and months_postpartum not given are listed in assumptions for the people 5 or older.'),
  wic_expected_children_immaterial: flag('No pregnant member depends on her family size counting the children she expects (none is pregnant, or each is adjunctively income-eligible); when false, expected_children_count not given is listed in assumptions.'),
};
const OUTPUTS = Object.keys(OUTPUT_DOCS);
const DEFAULT_OUTPUTS = ['wic_eligible_people', 'wic_household_has_eligible_member', 'wic_categorically_eligible_people', 'wic_household_monthly_income', 'wic_household_monthly_income_limit', 'wic_household_income_eligible', 'wic_family_adjunctively_eligible'];

const RECEIPT = 'a family that receives SNAP or TANF, or whose pregnant woman or infant receives Medicaid, and a person who receives Medicaid, are income-eligible for WIC (7 CFR 246.7(d)(2)(vi))';
const WOMAN = 'pregnant, breastfeeding (up to a year postpartum) and postpartum (up to six months) women are WIC categories (7 CFR 246.2, 246.7(c)(1)); not given, the person is read as none of them; under 5 a person is an infant or a child anyway';
function material() {
  return {
    household: {
      receives_snap: { unless_output: 'wic_snap_receipt_immaterial', reason: `${RECEIPT}; not given, SNAP receipt is read as not received` },
      receives_tanf: { unless_output: 'wic_program_receipt_immaterial', reason: RECEIPT },
    },
    person: {
      age: { reason: 'age decides the infant (under 1) and child (1 to the fifth birthday) categories (7 CFR 246.2)' },
      is_pregnant: { ages: [5, 150], reason: WOMAN },
      is_breastfeeding: { ages: [5, 150], unless_output: 'wic_postpartum_facts_immaterial', reason: WOMAN },
      months_postpartum: { ages: [5, 150], unless_output: 'wic_postpartum_facts_immaterial', reason: `${WOMAN}; the 0 shown is not read when months_postpartum is not given (months_postpartum_given is false)` },
      receives_medicaid: { unless_output: 'wic_program_receipt_immaterial', reason: RECEIPT },
      nutritional_risk: { unless_output: 'wic_nutritional_risk_immaterial', reason: 'a person is eligible only if a competent professional finds a nutritional risk (7 CFR 246.7(e)); not given, the person is assumed at risk, so an eligible result rests on that assumption' },
      expected_children_count: { ages: [5, 150], unless_output: 'wic_expected_children_immaterial', reason: 'a pregnant woman\'s family size counts the children she expects (7 CFR 246.7(d)); not given, one child is assumed' },
    },
  };
}

/** The assembly's outputs of the Medicaid link where a State Medicaid package is linked (scripts/generate-wic-rules.mjs). */
const MEDICAID_LINK_DOCS = {
  wic_medicaid_no_pregnant_member: flag('Medicaid receipt was given or not needed, or nobody listed is pregnant, so the children a pregnant woman expects cannot change her Medicaid eligibility.'),
  wic_expected_children_facts_immaterial: flag('No pregnant member depends on the children she expects, for WIC (wic_expected_children_immaterial) nor for the Medicaid eligibility standing in for her receipt (wic_medicaid_no_pregnant_member); when false, expected_children_count not given is listed in assumptions.'),
};
const MEDICAID_LINK_OUTPUTS = Object.keys(MEDICAID_LINK_DOCS);

/** The links a screen reports (docs/screening.md): SNAP's and Medicaid's, where each is linked. */
function screeningLinks(snapSpec, medicaidSpec) {
  const links = [...(snapSpec ? snapScreeningLink(WIC_LINK).links : []), ...(medicaidSpec ? [medicaidScreeningLink('wic_medicaid_eligibility_used')] : [])];
  return links.length ? { links } : {};
}

/** The prefix of WIC's SNAP link outputs (scripts/lib/snap-link.mjs). */
export const WIC_LINK = 'wic';

/** WIC's own material facts over SNAP's: a fact both read (age) keeps WIC's reason, which always applies. */
function materialWithSnap(snapSpec, medicaidSpec) {
  const own = material();
  if (medicaidSpec) {
    own.person.receives_medicaid = medicaidReceiptMaterial('wic_medicaid_receipt_immaterial', 'wic_medicaid_eligibility_computed', RECEIPT);
    // A pregnant woman's expected children count in her Medicaid family size too (42 CFR 435.603(b)).
    own.person.expected_children_count = { ...own.person.expected_children_count, unless_output: 'wic_expected_children_facts_immaterial',
      reason: `${own.person.expected_children_count.reason}; and in her Medicaid family size (42 CFR 435.603(b)) when her Medicaid eligibility stands in for receipt not given` };
  }
  if (!snapSpec) return own;
  own.household.receives_snap = snapReceiptMaterial(WIC_LINK, RECEIPT);
  const snapPerson = snapMaterialFor(snapSpec.material_inputs.person, WIC_LINK);
  // citizenship_status: SNAP's and Medicaid's, so it matters unless neither link computes.
  if (medicaidSpec && snapPerson.citizenship_status) {
    snapPerson.citizenship_status = { ...snapPerson.citizenship_status, unless_output: 'wic_program_links_immaterial',
      reason: `${snapPerson.citizenship_status.reason}; and for Medicaid, whose eligibility stands in for a person's Medicaid receipt not given, ${medicaidSpec.material_inputs.person.citizenship_status.reason}` };
  }
  return {
    household: { ...snapMaterialFor(snapSpec.material_inputs.household, WIC_LINK), ...own.household },
    person: { ...snapPerson, ...own.person },
  };
}

/** Unverified figures of every package, and the territories' table. */
function unverified(j, data, medicaidSpec) {
  const out = [...(medicaidSpec?.unverified_parameters ?? [])];
  for (const y of data.income_guideline_years) if (!y.verified) out.push({ parameter: `${F}#wic_guideline_year`, effective_from: y.from, reason: `WIC guideline year ${y.year} from ${y.from} not verified: ${y.reason}.` });
  if (!data.state_table_read[j.code]) out.push({ parameter: `${F}#wic_income_limit_rate`, reason: `${j.name}: the State agency's use of the federal 185% table was not read on its own pages (a State may set its guidelines from 100% to 185% of the poverty guidelines, 7 CFR 246.7(d)(1); FNS publishes 185%, and the State pages read all use it: docs/wic-coverage.md).` });
  if (j.territory) out.push({ parameter: areaParameterId(j.code), reason: `${j.name}: the 48-State table is used for WIC, ${data.territory_table.reason}.` });
  return out;
}

const pick = (table, names) => Object.fromEntries(names.map((n) => [n, table[n]]));
const stripValues = (table) => Object.fromEntries(Object.entries(table).map(([k, { values, ...d }]) => (void values, [k, d])));

export function wicComposeSpec(j, { data, guidelines, snapSpec, medicaidSpec }) {
  const year = wicGuidelineYear(data, WIC_PERIOD);
  const two = wicLimits(guidelines, j.area, year, 2);
  const title = `${j.name[0].toUpperCase()}${j.name.slice(1)} WIC (USDA FNS; the State WIC agency)`;
  const links = snapSpec ? snapLinkOutputs(snapSpec, WIC_LINK) : [];
  const ownHousehold = Object.fromEntries(Object.keys(HOUSEHOLD).map((k) => [k, id(k)]));
  const ownPerson = Object.fromEntries(Object.keys(PERSON).map((k) => [k, id(k)]));
  const typed = Object.fromEntries(Object.entries({ ...HOUSEHOLD, ...PERSON }).filter(([, t]) => t));
  const spec = {
    program: `us-${j.code}/wic`,
    period: WIC_PERIOD,
    outputs: [...OUTPUTS, ...links, ...(medicaidSpec ? MEDICAID_LINK_OUTPUTS : [])],
    scope: { federal: ['regulations/7-cfr/246/7'], state: ['policies/wic/eligibility'] },
    jurisdiction: `us-${j.code}`,
    program_id: 'wic',
    title,
    default_period: WIC_PERIOD,
    default_outputs: DEFAULT_OUTPUTS,
    household_entity: 'Household',
    household_aliases: { ...(snapSpec?.household_aliases ?? {}), ...ownHousehold },
    input_types: { ...(snapSpec?.input_types ?? {}), ...typed },
    ...(snapSpec ? { input_values: snapSpec.input_values } : {}),
    input_limits: { ...(snapSpec?.input_limits ?? {}), household_size: { minimum: 1, maximum: 100 }, age: { minimum: 0, maximum: 150 }, expected_children_count: { minimum: 1, maximum: 10 }, months_postpartum: { minimum: 0, maximum: 600 } },
    material_inputs: materialWithSnap(snapSpec, medicaidSpec),
    given_flags: { household: { receives_snap_given: 'receives_snap' }, person: { months_postpartum_given: 'months_postpartum', receives_medicaid_given: 'receives_medicaid' } },
    input_defaults: { ...(snapSpec?.input_defaults ?? {}), ...HOUSEHOLD_DEFAULTS },
    person_entity: 'Person',
    person_relation: MEMBERS,
    person_aliases: { ...(snapSpec?.person_aliases ?? {}), ...ownPerson },
    person_input_defaults: { ...(snapSpec?.person_input_defaults ?? {}), ...PERSON_DEFAULTS },
    person_outputs: PERSON_OUTPUTS,
    // How a screen reads a WIC answer (docs/screening.md): eligibility per person, no dollar amount encoded
    // (docs/wic-coverage.md says why); the SNAP link used when computed SNAP eligibility stood in for receipt.
    screening: { eligible: 'wic_household_has_eligible_member', amount_period: 'month', kind: 'near_cash', recipient: 'person', person_eligible: 'wic_eligible',
      ...screeningLinks(snapSpec, medicaidSpec) },
    input_docs: { ...(snapSpec?.input_docs ?? pick(HOUSEHOLD_INPUT_DOCS, ['household_size', 'earned_income', 'unearned_income'])), ...stripValues(pick(LIFELINE_HOUSEHOLD_FACTS, ['receives_snap', 'receives_snap_given'])), ...stripValues(WIC_HOUSEHOLD_FACTS) },
    person_input_docs: { ...(snapSpec?.person_input_docs ?? pick(PERSON_INPUT_DOCS, ['age', 'earned_income', 'unearned_income', 'self_employment_income', 'self_employment_costs'])), ...stripValues(WIC_PERSON_FACTS) },
    ...(snapSpec ? snapFiscalYears(snapSpec) : {}),
    unverified_parameters: [...(snapSpec?.unverified_parameters ?? []), ...unverified(j, data, medicaidSpec)],
    sample_household: { period: WIC_PERIOD, facts: { receives_snap: false, receives_tanf: false },
      people: { parent: { age: 30, earned_income: 3000, is_pregnant: false, is_breastfeeding: false }, child: { age: 3, nutritional_risk: true, receives_medicaid: false } } },
    sample_expected_outputs: { wic_eligible_people: 3000 <= two.monthly ? 1 : 0, wic_household_has_eligible_member: 3000 <= two.monthly, wic_categorically_eligible_people: 1,
      wic_household_monthly_income: 3000, wic_household_monthly_income_limit: two.monthly, wic_household_income_eligible: 3000 <= two.monthly, wic_family_adjunctively_eligible: false },
    output_docs: { ...OUTPUT_DOCS, ...(snapSpec ? snapLinkOutputDocs(snapSpec, WIC_LINK) : {}), ...(medicaidSpec ? MEDICAID_LINK_DOCS : {}) },
  };
  return `# ${title}: package generated by scripts/generate-wic-rules.mjs from scripts/data/wic.json${snapSpec ? ' and the State SNAP package' : ''}.\n` +
    `# Keys after scope are Tenet package extensions; docs/snap-package-contract.md (section 3) and docs/household.md describe them.\n` + YAML.stringify(spec, { lineWidth: 120 });
}
