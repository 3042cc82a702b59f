#!/usr/bin/env node
// Generates the HHS poverty guidelines module (rules/us/statutes/42/9902/2), the federal Lifeline modules
// (rules/us/regulations/47-cfr/54/400, 409, 403), one Lifeline assembly per jurisdiction
// (rules/us-xx/policies/lifeline/benefit-calculation), their companion tests, the compose specs
// (rules/programs/us-xx/lifeline/2026.yaml) and docs/lifeline-coverage.md, from scripts/data/lifeline.json and, for
// the SNAP link, the State SNAP packages (scripts/data/snap-state-figures.json and their compose specs, which
// scripts/generate-snap-state-rules.mjs writes). Expected values in tests come from scripts/lib/lifeline-reference.mjs
// and scripts/lib/snap-reference.mjs, which are independent of the rule engine.
// Usage: node scripts/generate-lifeline-rules.mjs [--check]
//   --check writes nothing and exits 1 when a generated file differs from (or is missing on) disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { GeneratedFiles, yamlList } from './lib/generated-files.mjs';
import { computeLifeline, guideline, guidelineYear } from './lib/lifeline-reference.mjs';
import { computeSnap } from './lib/snap-reference.mjs';
import { LIFELINE_HOUSEHOLD_FACTS } from './lib/household-vocabulary.mjs';
import { HOUSEHOLD_INPUT_DOCS, PERSON_INPUT_DOCS } from './lib/snap-input-docs.mjs';
import { AREA_TEXT, ASPE, G, areaModule, areaSummary, areaModuleId, areaParameterId, guidelineArea, programGuidelineArea } from './lib/guideline-area.mjs';
import { programJurisdictions } from './lib/program-jurisdictions.mjs';
import { readSnapSpec, snapAssemblyId, snapFiscalYears, snapLinkOutputDocs, snapLinkOutputs, snapLinkRules, snapLinkSummary,
  snapMaterialFor, snapReceiptMaterial, snapScreeningLink } from './lib/snap-link.mjs';
import { MEDICAID_PERSON_MODULE, medicaidLinkRules, medicaidLinkSummary, medicaidMaterialFor, medicaidPersonInputs, medicaidReceiptMaterial,
  medicaidScreeningLink, medicaidStateModule, medicaidUnlessOutputs, medicaidWrappedRules, readMedicaidSpec } from './lib/medicaid-link.mjs';
import { medicaidReference } from './lib/medicaid-reference.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/lifeline.json'), 'utf8'));
const snapData = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/snap-state-figures.json'), 'utf8'));
const medicaidData = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/medicaid.json'), 'utf8'));
const CHECK = process.argv.includes('--check');
const files = new GeneratedFiles(root, CHECK);
const write = (rel, text) => files.write(rel, text);
const stale = files.stale;

const L400 = 'us:regulations/47-cfr/54/400';
const L409 = 'us:regulations/47-cfr/54/409';
const L403 = 'us:regulations/47-cfr/54/403';
const MEMBERS = 'us:statutes/7/2012/m#relation.member_of_snap_household';
const CFR = (s) => `https://www.law.cornell.edu/cfr/text/47/${s}`;
const AREAS = ['48_states_dc', 'alaska', 'hawaii'];
const YEARS = Object.keys(data.poverty_guidelines).map(Number).sort();
const LAST_YEAR = YEARS.at(-1);
const PERIOD = '2026-03'; // the first month of the 2026 guidelines for Lifeline (USAC switched on 2026-02-25)


const money = (n) => `$${Number(n).toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(Number(n)) ? 0 : 2 })}`;

// ---------- jurisdictions

const jurisdictions = programJurisdictions(snapData, Object.entries(data.territories));

// ---------- the HHS poverty guidelines (42 U.S.C. 9902(2))

function guidelinesModule() {
  const rules = [];
  rules.push(`
  - name: hhs_poverty_guideline_area
    kind: parameter
    dtype: Text
    source: 42 U.S.C. 9902(2); HHS poverty guidelines (one table for the 48 contiguous States and the District of Columbia, one for Alaska, one for Hawaii; the guidelines do not cover the territories, whose programs' administrators decide what applies there)
    source_url: ${ASPE}
    description: >-
      Hook. The guideline table that applies where the household lives: 48_states_dc, alaska or hawaii. One module
      per jurisdiction binds it with sets (us-xx:policies/poverty-guidelines/area: Alaska, Hawaii, and the
      territories, whose programs all apply the 48-State table), imported by every program's assembly there;
      everywhere else it is the 48-State table.
    versions:
      - effective_from: '${data.poverty_guidelines[YEARS[0]].effective}'
        formula: '"48_states_dc"'`);
  for (const year of YEARS) {
    const g = data.poverty_guidelines[year];
    const cite = `HHS, Annual Update of the HHS Poverty Guidelines, ${g.notice} (${g.published}${g.fr_doc ? `; FR Doc. ${g.fr_doc}` : ''})`;
    for (const [part, idx, what] of [['first_person', 0, 'for a household of one'], ['each_additional_person', 1, 'added for each person after the first']]) {
      for (const area of AREAS) {
        rules.push(`
  - name: hhs_poverty_guideline_${year}_${part}_${area}
    kind: parameter
    dtype: Money
    unit: USD
    source: 42 U.S.C. 9902(2); ${cite}, ${AREA_TEXT[area]}, annual amount ${what}
    source_url: ${g.url}
    versions:
      - effective_from: '${g.effective}'  # ${g.effective_basis}
        formula: '${g[area][idx]}'`);
      }
      rules.push(`
  - name: hhs_poverty_guideline_${year}_${part}
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 42 U.S.C. 9902(2); ${cite}, annual amount ${what} in the table that applies (hhs_poverty_guideline_area)
    source_url: ${g.url}
    versions:
      - effective_from: '${g.effective}'
        formula: >-
          if hhs_poverty_guideline_area == "alaska": hhs_poverty_guideline_${year}_${part}_alaska
          elif hhs_poverty_guideline_area == "hawaii": hhs_poverty_guideline_${year}_${part}_hawaii
          else: hhs_poverty_guideline_${year}_${part}_48_states_dc`);
    }
  }
  return `format: rulespec/v1
module:
  summary: >-
    The HHS poverty guidelines (42 U.S.C. 9902(2)), shared by every program that tests income against them: for each
    calendar year ${YEARS.join(', ')}, the annual amount for a household of one and the amount added for each
    additional person, in the three tables HHS publishes (the 48 contiguous States and DC, Alaska, Hawaii), each
    cited to its Federal Register notice and dated from the notice's effective date. A program does not read these
    dates: it states the date from which it uses each year's guidelines (Lifeline: USAC's switch dates, in
    us:regulations/47-cfr/54/409; school meals and WIC: July 1; SNAP keeps its own table, us:statutes/7/2014/c, on
    October 1) and picks that year's rule here. The guideline for n people is first + (n - 1) x each additional.
  source_verification:
    corpus_citation_path: us/statute/42/9902
rules:${rules.join('\n')}
`;
}

function guidelinesTests() {
  const tests = [];
  for (const year of YEARS) {
    const g = data.poverty_guidelines[year];
    const month = g.effective.slice(0, 7) === `${year}-01` ? `${year}-02` : g.effective.slice(0, 7);
    const output = {};
    for (const area of AREAS) for (const [part, idx] of [['first_person', 0], ['each_additional_person', 1]]) output[`${G}#hhs_poverty_guideline_${year}_${part}_${area}`] = g[area][idx];
    output[`${G}#hhs_poverty_guideline_${year}_first_person`] = g['48_states_dc'][0];
    output[`${G}#hhs_poverty_guideline_${year}_each_additional_person`] = g['48_states_dc'][1];
    tests.push({ name: `guidelines_${year}_as_published`, description: `${g.notice}: 48 States and DC ${g['48_states_dc'].join(' + ')}; Alaska ${g.alaska.join(' + ')}; Hawaii ${g.hawaii.join(' + ')} (first person + each additional person); the derived rules give the 48-State table where no jurisdiction binds the area.`,
      period: month, input: {}, output });
  }
  return tests;
}

// ---------- federal Lifeline modules

const HOUSEHOLD_IDS = {
  household_size: `${L400}#input.household_size`,
  earned_income: `${L400}#input.earned_income`,
  unearned_income: `${L400}#input.unearned_income`,
};
const PERSON_IDS = {
  earned_income: `${L400}#input.earned_income`,
  unearned_income: `${L400}#input.unearned_income`,
  self_employment_income: `${L400}#input.self_employment_income`,
  self_employment_costs: `${L400}#input.self_employment_costs`,
};
const LIFELINE_IDS = {
  receives_snap: `${L409}#input.receives_snap`,
  receives_snap_given: `${L409}#input.receives_snap_given`,
  receives_medicaid: `${L409}#input.receives_medicaid`,
  receives_medicaid_given: `${L409}#input.receives_medicaid_given`,
  receives_ssi: `${L409}#input.receives_ssi`,
  receives_federal_public_housing_assistance: `${L409}#input.receives_federal_public_housing_assistance`,
  receives_veterans_pension: `${L409}#input.receives_veterans_pension`,
  tribal_land: `${L409}#input.tribal_land`,
  receives_bia_general_assistance: `${L409}#input.receives_bia_general_assistance`,
  receives_tribal_tanf: `${L409}#input.receives_tribal_tanf`,
  receives_head_start_income_qualified: `${L409}#input.receives_head_start_income_qualified`,
  receives_fdpir: `${L409}#input.receives_fdpir`,
  lifeline_service_type: `${L403}#input.lifeline_service_type`,
  phone_cost: `${L403}#input.phone_cost`,
  phone_cost_given: `${L403}#input.phone_cost_given`,
  broadband_cost: `${L403}#input.broadband_cost`,
  broadband_cost_given: `${L403}#input.broadband_cost_given`,
};
const LIFELINE_TYPES = Object.fromEntries(Object.keys(LIFELINE_IDS).map((k) => [k, k === 'lifeline_service_type' ? 'Text' : k.endsWith('_cost') ? 'Money' : 'Boolean']));
const LIFELINE_DEFAULTS = Object.fromEntries(Object.keys(LIFELINE_IDS).map((k) => [k, k === 'lifeline_service_type' ? 'broadband' : k.endsWith('_cost') ? 0 : false]));
const GIVEN_FLAGS = { receives_snap_given: 'receives_snap', receives_medicaid_given: 'receives_medicaid', phone_cost_given: 'phone_cost', broadband_cost_given: 'broadband_cost' };

function module400() {
  return `format: rulespec/v1
module:
  summary: >-
    Lifeline definitions (47 CFR 54.400). A household (h) is everyone who lives together at the same address as one
    economic unit, sharing income and expenses; the packages count the people listed (the membership relation the
    SNAP packages also use) or household_size, whichever is larger. Income (f) is all income actually received by all
    members: wages before deductions, benefits, pensions, support and the like; net self-employment earnings count and
    a self-employment loss counts as 0 (the rule lists no offset of losses). The income facts are monthly (the
    household vocabulary, docs/household.md); Lifeline compares annual income, so the monthly total is multiplied by
    12 (USAC accepts three consecutive months of pay statements as proof of annual income).
  source_verification:
    corpus_citation_path: us/regulation/47-cfr/54.400
imports:
  - us:statutes/7/2012/m
rules:
  - name: lifeline_person_monthly_income
    kind: derived
    entity: Person
    dtype: Money
    period: Month
    unit: USD
    source: 47 CFR 54.400(f) (income is all income actually received by all members of a household)
    source_url: ${CFR('54.400')}
    versions:
      - effective_from: '2012-06-01'
        formula: earned_income + unearned_income + max(self_employment_income - self_employment_costs, 0)

  - name: lifeline_household_monthly_income
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 47 CFR 54.400(f), (h)
    source_url: ${CFR('54.400')}
    description: Household-level income facts plus each listed member's income.
    versions:
      - effective_from: '2012-06-01'
        formula: earned_income + unearned_income + sum(member_of_snap_household.lifeline_person_monthly_income)

  - name: lifeline_household_annual_income
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 47 CFR 54.400(f); 54.409(a)(1) (annual household income against the annual guideline); the monthly facts times 12
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: lifeline_household_monthly_income * 12

  - name: lifeline_household_size
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    unit: count
    source: 47 CFR 54.400(h) (household); 54.409(a)(1) (the guideline for a household of that size)
    source_url: ${CFR('54.400')}
    versions:
      - effective_from: '2012-06-01'
        formula: max(household_size, len(member_of_snap_household))
`;
}

function module409() {
  const switches = data.lifeline_guideline_switch.map((s) => `      - effective_from: '${s.from}'  # ${s.verified ? s.source : `not verified: ${s.reason}`}\n        formula: '${s.year}'`).join('\n');
  const pick = (part) => `match lifeline_poverty_guideline_year:\n${YEARS.map((y) => `            ${y} => hhs_poverty_guideline_${y}_${part}`).join('\n')}`;
  return `format: rulespec/v1
module:
  summary: >-
    Who qualifies for Lifeline (47 CFR 54.409). (a)(1): household income at or below 135% of the Federal Poverty
    Guidelines for a household of that size; (a)(2): the consumer, a dependant or the household receives Medicaid,
    SNAP, SSI, Federal Public Housing Assistance or the Veterans and Survivors Pension; (b): on Tribal lands also
    Bureau of Indian Affairs general assistance, Tribally administered TANF, Head Start (households meeting its income
    standard) or the Food Distribution Program on Indian Reservations. The guidelines are the shared module
    us:statutes/42/9902/2; Lifeline takes up each year's guidelines on the date USAC updates the National Verifier
    (lifeline_poverty_guideline_year). SNAP receipt is a fact the caller states (receives_snap); when it is not given,
    the State's SNAP certification (snap_certified) computed from the same household stands in for it (lifeline_state_snap_eligibility,
    a hook the jurisdiction's assembly binds to the State SNAP package's snap_certified: eligible, and not a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)). Medicaid receipt likewise
    (receives_medicaid): not given, the Medicaid eligibility the State's Medicaid package computes for the people
    listed stands in for it (lifeline_state_medicaid_eligibility, bound to medicaid_any_eligible), computed first, so
    SNAP is computed only for a household that does not qualify through Medicaid. The other receipts are facts the
    caller states (default: not received). One benefit per household: every value here is the household's.
  source_verification:
    corpus_citation_path: us/regulation/47-cfr/54.409
imports:
  - ${L400}
  - ${G}
rules:
  - name: lifeline_poverty_guideline_year
    kind: parameter
    dtype: Integer
    source: 47 CFR 54.409(a)(1) (the Federal Poverty Guidelines); USAC Lifeline announcements of the date its forms and systems take up each year's guidelines
    source_url: https://www.usac.org/lifeline/resources/announcements/announcements-archive
    description: >-
      The calendar year of the HHS poverty guidelines Lifeline uses: ${data.lifeline_guideline_switch.map((s) => `${s.year} from ${s.from}`).join(', ')}.
    versions:
${switches}

  - name: lifeline_poverty_guideline_first_person
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 47 CFR 54.409(a)(1); 42 U.S.C. 9902(2) (the guideline year Lifeline uses)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2023-01-19'
        formula: >-
          ${pick('first_person')}

  - name: lifeline_poverty_guideline_each_additional_person
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 47 CFR 54.409(a)(1); 42 U.S.C. 9902(2) (the guideline year Lifeline uses)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2023-01-19'
        formula: >-
          ${pick('each_additional_person')}

  - name: lifeline_poverty_guideline
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 47 CFR 54.409(a)(1) ("for a household of that size"); 42 U.S.C. 9902(2)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2023-01-19'
        formula: lifeline_poverty_guideline_first_person + (max(lifeline_household_size, 1) - 1) * lifeline_poverty_guideline_each_additional_person

  - name: lifeline_income_limit_rate
    kind: parameter
    dtype: Rate
    source: 47 CFR 54.409(a)(1) ("at or below 135% of the Federal Poverty Guidelines")
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: '1.35'

  - name: lifeline_income_limit
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 47 CFR 54.409(a)(1)
    source_url: ${CFR('54.409')}
    description: >-
      135% of the guideline, not rounded (USAC's published chart shows whole dollars, rounding a half dollar up, e.g.
      $21,128 for one person in 2025 against 15,650 x 1.35 = 21,127.50).
    versions:
      - effective_from: '2012-06-01'
        formula: lifeline_poverty_guideline * lifeline_income_limit_rate

  - name: lifeline_income_eligible
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(1)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: lifeline_household_annual_income <= lifeline_income_limit

  - name: lifeline_state_snap_eligibility
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (SNAP); the State SNAP package bound by the jurisdiction's assembly
    source_url: ${CFR('54.409')}
    description: >-
      Hook. The household's SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State's SNAP rules compute it from the same facts, read in place
      of SNAP receipt when receives_snap is not given. Default (no SNAP package in the closure, as where SNAP does not
      operate): not eligible.
    versions:
      - effective_from: '2012-06-01'
        formula: 'false'

  - name: lifeline_snap_eligibility_computed
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (SNAP); the State SNAP package bound by the jurisdiction's assembly
    source_url: ${CFR('54.409')}
    description: >-
      The SNAP certification (snap_certified) that stands in for SNAP receipt, computed only when it can change the result (receipt not
      given and the household not qualifying otherwise); false when it is not needed, so SNAP is not computed then.
    versions:
      - effective_from: '2012-06-01'
        formula: not lifeline_snap_receipt_immaterial and lifeline_state_snap_eligibility

  - name: lifeline_receives_snap
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (the consumer, a dependant or the household receives SNAP)
    source_url: ${CFR('54.409')}
    description: Stated receipt when receives_snap is given; otherwise the SNAP certification computed for the household (snap_certified).
    versions:
      - effective_from: '2012-06-01'
        formula: (receives_snap_given and receives_snap) or (not receives_snap_given and lifeline_state_snap_eligibility)

  - name: lifeline_state_medicaid_eligibility
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (Medicaid); the State Medicaid package bound by the jurisdiction's assembly
    source_url: ${CFR('54.409')}
    description: >-
      Hook. Whether anyone listed is eligible for Medicaid as the State's Medicaid rules compute it from the same
      facts, read in place of Medicaid receipt when receives_medicaid is not given. Default (no Medicaid package in
      the closure, as in the territories): not eligible.
    versions:
      - effective_from: '2012-06-01'
        formula: 'false'

  - name: lifeline_qualifies_through_other_listed_program
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (SSI, Federal Public Housing Assistance, Veterans and Survivors Pension)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: receives_ssi or receives_federal_public_housing_assistance or receives_veterans_pension

  - name: lifeline_eligible_without_program_links
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(1), (a)(2), (b) (qualifying without SNAP or Medicaid)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: >-
          lifeline_income_eligible or lifeline_qualifies_through_other_listed_program
            or lifeline_qualifies_through_tribal_program

  - name: lifeline_medicaid_receipt_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409 (Medicaid receipt decides nothing when stated, when the household qualifies otherwise, or when it states that it receives SNAP)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: receives_medicaid_given or lifeline_eligible_without_program_links or (receives_snap_given and receives_snap)

  - name: lifeline_medicaid_eligibility_computed
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (Medicaid); the State Medicaid package bound by the jurisdiction's assembly
    source_url: ${CFR('54.409')}
    description: >-
      The Medicaid eligibility that stands in for Medicaid receipt, computed only when it can change the result
      (receipt not given and the household not qualifying otherwise); false when it is not needed.
    versions:
      - effective_from: '2012-06-01'
        formula: not lifeline_medicaid_receipt_immaterial and lifeline_state_medicaid_eligibility

  - name: lifeline_receives_medicaid
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (the consumer, a dependant or the household receives Medicaid)
    source_url: ${CFR('54.409')}
    description: Stated receipt when receives_medicaid is given; otherwise the Medicaid eligibility computed for the people listed.
    versions:
      - effective_from: '2012-06-01'
        formula: (receives_medicaid_given and receives_medicaid) or (not receives_medicaid_given and lifeline_medicaid_eligibility_computed)

  - name: lifeline_qualifies_through_listed_program
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (Medicaid, SSI, Federal Public Housing Assistance, Veterans and Survivors Pension)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: lifeline_receives_medicaid or lifeline_qualifies_through_other_listed_program

  - name: lifeline_program_links_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(2) (a fact both SNAP and Medicaid read matters only when one of them stands in for receipt)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: lifeline_snap_receipt_immaterial and lifeline_medicaid_receipt_immaterial

  - name: lifeline_qualifies_through_tribal_program
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(b) (residents of Tribal lands also qualify through Tribal-specific federal assistance programs)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: >-
          tribal_land and (receives_bia_general_assistance or receives_tribal_tanf
            or receives_head_start_income_qualified or receives_fdpir)

  - name: lifeline_eligible_without_snap
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(a)(1), (a)(2), (b)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: >-
          lifeline_income_eligible or lifeline_qualifies_through_listed_program
            or lifeline_qualifies_through_tribal_program

  - name: lifeline_eligible
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409 (a qualifying low-income consumer); one Lifeline benefit per household (47 CFR 54.409(c); 54.405(c))
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: lifeline_eligible_without_snap or lifeline_receives_snap

  - name: lifeline_snap_receipt_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409 (SNAP receipt decides nothing when stated, or when the household qualifies otherwise)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: receives_snap_given or lifeline_eligible_without_snap

  - name: lifeline_tribal_land_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.403(a)(3), 54.409(b) (Tribal lands matter for an eligible household's amount, or for one that states a Tribal program)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: >-
          not lifeline_eligible and not (receives_bia_general_assistance or receives_tribal_tanf
            or receives_head_start_income_qualified or receives_fdpir)

  - name: lifeline_tribal_programs_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.409(b) (Tribal programs qualify only residents of Tribal lands)
    source_url: ${CFR('54.409')}
    versions:
      - effective_from: '2012-06-01'
        formula: not tribal_land or lifeline_eligible
`;
}

function module403() {
  const voice = data.amounts.voice_only.versions.map(([d, v]) => `      - effective_from: '${d}'\n        formula: '${v}'`).join('\n');
  return `format: rulespec/v1
module:
  summary: >-
    The Lifeline support amount (47 CFR 54.403): $9.25 a month for service meeting the broadband minimum service
    standards (a)(1); $5.25 for standalone voice or voice with broadband below the standards since December 1, 2020
    ((a)(2)(iii); the elimination (a)(2)(iv) scheduled for December 1, 2021 has been paused by yearly Wireline
    Competition Bureau waivers); up to $25 more for an eligible resident of Tribal lands (a)(3). One benefit per
    household. The support reduces the price of the service (54.403(b)), so when the household's telephone or
    broadband price is given the benefit is at most that price; otherwise it is the full support amount. State
    supplements (California, Oregon, Texas, Kansas...) are not encoded.
  source_verification:
    corpus_citation_path: us/regulation/47-cfr/54.403
imports:
  - ${L409}
rules:
  - name: lifeline_basic_support_amount
    kind: parameter
    dtype: Money
    unit: USD
    source: ${data.amounts.basic.source}
    source_url: ${data.amounts.basic.url}
    versions:
      - effective_from: '${data.amounts.basic.from}'
        formula: '${data.amounts.basic.value}'

  - name: lifeline_voice_only_support_amount
    kind: parameter
    dtype: Money
    unit: USD
    source: ${data.amounts.voice_only.source}
    source_url: ${data.amounts.voice_only.url}
    versions:
${voice}

  - name: lifeline_tribal_support_amount
    kind: parameter
    dtype: Money
    unit: USD
    source: ${data.amounts.tribal.source}
    source_url: ${data.amounts.tribal.url}
    versions:
      - effective_from: '${data.amounts.tribal.from}'
        formula: '${data.amounts.tribal.value}'

  - name: lifeline_support_amount
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 47 CFR 54.403(a)(1)-(3)
    source_url: ${CFR('54.403')}
    description: The monthly federal support for an eligible household's one Lifeline service; 0 when not eligible.
    versions:
      - effective_from: '2012-06-01'
        formula: >-
          if lifeline_eligible:
            (if lifeline_service_type == "voice_only": lifeline_voice_only_support_amount else: lifeline_basic_support_amount)
              + (if tribal_land: lifeline_tribal_support_amount else: 0)
          else: 0

  - name: lifeline_benefit
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 47 CFR 54.403(a), (b) (the support reduces the price of the Lifeline service)
    source_url: ${CFR('54.403')}
    versions:
      - effective_from: '2012-06-01'
        formula: >-
          if phone_cost_given or broadband_cost_given: min(lifeline_support_amount, phone_cost + broadband_cost)
          else: lifeline_support_amount

  - name: lifeline_amount_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 47 CFR 54.403(a) (the service type and Tribal lands change the amount of an eligible household only)
    source_url: ${CFR('54.403')}
    versions:
      - effective_from: '2012-06-01'
        formula: not lifeline_eligible
`;
}

// Inputs every Lifeline rule reads, with neutral values (overridden per case).
function lifelineInput(over = {}) {
  const v = { receives_snap: false, receives_snap_given: true, receives_medicaid: false, receives_medicaid_given: true, receives_ssi: false, receives_federal_public_housing_assistance: false,
    receives_veterans_pension: false, tribal_land: false, receives_bia_general_assistance: false, receives_tribal_tanf: false,
    receives_head_start_income_qualified: false, receives_fdpir: false, lifeline_service_type: 'broadband', phone_cost: 0, phone_cost_given: false,
    broadband_cost: 0, broadband_cost_given: false, ...over };
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [LIFELINE_IDS[k], x]));
}

function federalTests() {
  const p = PERIOD;
  const yr = guidelineYear(data, p);
  const two = computeLifeline(data, { period: p, area: '48_states_dc', size: 2, monthlyIncome: 1700 });
  const tests400 = [
    { name: 'members_income_and_household_facts_add_up', description: 'household earned 100 + unearned 50; member A: wages 1000 + self-employment 400 - 150 = 250 -> 1250; member B: benefits 300 + self-employment 100 - 200 (a loss, counted as 0) -> 300; monthly 100 + 50 + 1250 + 300 = 1700; annual 1700 x 12 = 20400; size max(1, 2 listed) = 2.',
      period: p,
      input: { [HOUSEHOLD_IDS.household_size]: 1, [HOUSEHOLD_IDS.earned_income]: 100, [HOUSEHOLD_IDS.unearned_income]: 50,
        [MEMBERS]: [
          { id: 'a', [PERSON_IDS.earned_income]: 1000, [PERSON_IDS.unearned_income]: 0, [PERSON_IDS.self_employment_income]: 400, [PERSON_IDS.self_employment_costs]: 150 },
          { id: 'b', [PERSON_IDS.earned_income]: 0, [PERSON_IDS.unearned_income]: 300, [PERSON_IDS.self_employment_income]: 100, [PERSON_IDS.self_employment_costs]: 200 },
        ] },
      output: { [`${L400}#lifeline_household_monthly_income`]: 1700, [`${L400}#lifeline_household_annual_income`]: 20400, [`${L400}#lifeline_household_size`]: 2 } },
  ];
  const hh = (size, income) => ({ [HOUSEHOLD_IDS.household_size]: size, [HOUSEHOLD_IDS.earned_income]: income, [HOUSEHOLD_IDS.unearned_income]: 0 });
  const tests409 = [];
  for (const s of data.lifeline_guideline_switch) {
    const month = s.from.endsWith('-01') ? s.from.slice(0, 7) : (() => { const [y, m] = s.from.split('-').map(Number); return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`; })();
    const g = guideline(data, '48_states_dc', s.year, 3);
    tests409.push({ name: `guideline_year_${s.year}_from_${s.from}`, description: `${s.verified ? s.source : `not verified: ${s.reason}`}. Three people: ${g.first} + 2 x ${g.add} = ${g.value}; 135% = ${g.value.times('1.35')}.`,
      period: month, input: hh(3, 0),
      output: { [`${L409}#lifeline_poverty_guideline_year`]: s.year, [`${L409}#lifeline_poverty_guideline`]: Number(g.value), [`${L409}#lifeline_income_limit`]: Number(g.value.times('1.35')) } });
  }
  tests409.push({ name: 'two_people_below_135_percent', description: two.steps.join('; '), period: p,
    input: { ...hh(2, 1700), ...lifelineInput() },
    output: { [`${L409}#lifeline_income_limit`]: two.limit, [`${L409}#lifeline_income_eligible`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds' } });
  const over = computeLifeline(data, { period: p, area: '48_states_dc', size: 1, monthlyIncome: 1800 });
  tests409.push({ name: 'one_person_above_135_percent_no_program', description: `${over.steps.join('; ')}.`, period: p,
    input: { ...hh(1, 1800), ...lifelineInput() },
    output: { [`${L409}#lifeline_income_eligible`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds', [`${L409}#lifeline_snap_receipt_immaterial`]: 'holds' } });
  tests409.push({ name: 'stated_snap_receipt_qualifies', description: `${over.steps[0]}; receives_snap given true (54.409(a)(2)).`, period: p,
    input: { ...hh(1, 1800), ...lifelineInput({ receives_snap: true }) },
    output: { [`${L409}#lifeline_receives_snap`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds' } });
  tests409.push({ name: 'snap_not_given_reads_the_hook_which_defaults_to_not_eligible', description: 'No SNAP package in this closure: lifeline_snap_eligibility_computed is false, so SNAP receipt not given reads as not received.', period: p,
    input: { ...hh(1, 1800), ...lifelineInput({ receives_snap_given: false }) },
    output: { [`${L409}#lifeline_snap_eligibility_computed`]: 'not_holds', [`${L409}#lifeline_receives_snap`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds', [`${L409}#lifeline_snap_receipt_immaterial`]: 'not_holds' } });
  tests409.push({ name: 'medicaid_not_given_reads_the_hook_which_defaults_to_not_eligible', description: `${over.steps[0]}; neither SNAP nor Medicaid receipt given, no Medicaid package in this closure: lifeline_medicaid_eligibility_computed is false, so Medicaid receipt not given reads as not received.`, period: p,
    input: { ...hh(1, 1800), ...lifelineInput({ receives_snap_given: false, receives_medicaid_given: false }) },
    output: { [`${L409}#lifeline_medicaid_receipt_immaterial`]: 'not_holds', [`${L409}#lifeline_medicaid_eligibility_computed`]: 'not_holds', [`${L409}#lifeline_receives_medicaid`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds', [`${L409}#lifeline_program_links_immaterial`]: 'not_holds' } });
  tests409.push({ name: 'stated_snap_receipt_makes_medicaid_immaterial', description: `${over.steps[0]}; receives_snap given true, receives_medicaid not given: the household qualifies through SNAP, so Medicaid is not computed.`, period: p,
    input: { ...hh(1, 1800), ...lifelineInput({ receives_snap: true, receives_medicaid_given: false }) },
    output: { [`${L409}#lifeline_medicaid_receipt_immaterial`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds' } });
  for (const prog of ['receives_medicaid', 'receives_ssi', 'receives_federal_public_housing_assistance', 'receives_veterans_pension']) {
    tests409.push({ name: `${prog}_qualifies`, description: `income above 135%; ${prog} (47 CFR 54.409(a)(2)).`, period: p,
      input: { ...hh(1, 1800), ...lifelineInput({ [prog]: true }) }, output: { [`${L409}#lifeline_qualifies_through_listed_program`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds' } });
  }
  for (const prog of ['receives_bia_general_assistance', 'receives_tribal_tanf', 'receives_head_start_income_qualified', 'receives_fdpir']) {
    tests409.push({ name: `${prog}_qualifies_on_tribal_lands`, description: `income above 135%; ${prog} on Tribal lands (47 CFR 54.409(b)).`, period: p,
      input: { ...hh(1, 1800), ...lifelineInput({ [prog]: true, tribal_land: true }) }, output: { [`${L409}#lifeline_qualifies_through_tribal_program`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds' } });
    tests409.push({ name: `${prog}_does_not_qualify_off_tribal_lands`, description: `income above 135%; ${prog} but not on Tribal lands: 54.409(b) does not apply.`, period: p,
      input: { ...hh(1, 1800), ...lifelineInput({ [prog]: true }) }, output: { [`${L409}#lifeline_qualifies_through_tribal_program`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds', [`${L409}#lifeline_tribal_land_immaterial`]: 'not_holds' } });
  }
  const tests403 = [];
  const cases = [
    ['basic_broadband', {}, {}],
    ['voice_only', { lifeline_service_type: 'voice_only' }, { voiceOnly: true }],
    ['tribal_lands', { tribal_land: true }, { tribal: true }],
    ['tribal_lands_voice_only', { tribal_land: true, lifeline_service_type: 'voice_only' }, { tribal: true, voiceOnly: true }],
    ['costs_below_support', { phone_cost: 3, phone_cost_given: true, broadband_cost: 5, broadband_cost_given: true }, { cost: 8 }],
    ['costs_above_support', { broadband_cost: 30, broadband_cost_given: true }, { cost: 30 }],
    ['tribal_costs_between', { tribal_land: true, phone_cost: 20, phone_cost_given: true }, { tribal: true, cost: 20 }],
  ];
  for (const [name, over, ref] of cases) {
    const r = computeLifeline(data, { period: p, area: '48_states_dc', size: 2, monthlyIncome: 1700, ...ref });
    tests403.push({ name, description: r.steps.join('; '), period: p, input: { ...hh(2, 1700), ...lifelineInput(over) },
      output: { [`${L403}#lifeline_support_amount`]: r.outputs.lifeline_support_amount, [`${L403}#lifeline_benefit`]: r.outputs.lifeline_benefit } });
  }
  const none = computeLifeline(data, { period: p, area: '48_states_dc', size: 1, monthlyIncome: 1800 });
  tests403.push({ name: 'not_eligible_gets_nothing', description: none.steps.join('; '), period: p, input: { ...hh(1, 1800), ...lifelineInput({ broadband_cost: 30, broadband_cost_given: true }) },
    output: { [`${L403}#lifeline_support_amount`]: 0, [`${L403}#lifeline_benefit`]: 0, [`${L403}#lifeline_amount_immaterial`]: 'holds' } });
  tests403.push({ name: 'voice_only_before_december_2020', description: '54.403(a)(2)(ii): $7.25 from 2019-12-01 to 2020-11-30 (the parameter as published; the packages compute from 2023-10).', period: '2020-06', input: {},
    output: { [`${L403}#lifeline_voice_only_support_amount`]: 7.25 } });
  void yr;
  return { tests400, tests409, tests403 };
}

// ---------- per-jurisdiction assembly

const assemblyId = (j) => `us-${j.code}:policies/lifeline/benefit-calculation`;
const LINK = 'lifeline';
const SNAP_LAW = { citation: '47 CFR 54.409(a)(2)', counts: 'SNAP', url: CFR('54.409'), from: '2023-10-01' };

const MEDICAID_LAW = { citation: '47 CFR 54.409(a)(2)', counts: 'Medicaid', url: CFR('54.409'), from: '2023-10-01' };

function assemblyModule(j, spec, medicaidSpec) {
  const id = assemblyId(j);
  const imports = [L403, ...programGuidelineArea(j, 'Lifeline')];
  const rules = [];
  if (j.snap) {
    imports.push(snapAssemblyId(j));
    rules.push(...snapLinkRules({ j, snapSpec: spec, prefix: LINK, hookModule: L409, assemblyId: id, law: SNAP_LAW }));
  }
  if (medicaidSpec) {
    imports.push(medicaidStateModule(j.code), MEDICAID_PERSON_MODULE);
    rules.push(...medicaidLinkRules({ code: j.code, name: j.name, prefix: LINK, entity: 'Household', medicaidOutput: 'medicaid_any_eligible', hookModule: L409, assemblyId: id, law: MEDICAID_LAW }),
      ...medicaidWrappedRules({ medicaidSpec, prefix: LINK, immaterial: 'lifeline_medicaid_receipt_immaterial', law: MEDICAID_LAW }));
  }
  const linkText = `${snapLinkSummary(j)} ${medicaidLinkSummary(j.name, medicaidSpec)}`;
  return `format: rulespec/v1
module:
  summary: >-
    Lifeline in ${j.name}: the federal rules (47 CFR 54.400-54.410) with the poverty guideline table that applies
    here (${AREA_TEXT[j.area] ?? j.area}).${areaSummary(j, j.territory ? `USAC applies the 48-State table in ${j.name} (${data.territory_area.reason})` : '')} ${linkText} The companion test works households by hand.
  source_verification:
    corpus_citation_path: us-${j.code}/policy/lifeline/benefit-calculation
imports:
${imports.map((i) => `  - ${i}`).join('\n')}
rules:${rules.length ? rules.join('\n') : ' []'}
`;
}

// The first case of the State's SNAP benefit-calculation test: every input a SNAP household needs in that State.
function snapTestInputs(j) {
  const rel = `rules/${snapAssemblyId(j).replace(':', '/')}.test.yaml`;
  const cases = YAML.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  return { ...cases[0].input };
}

function assemblyTests(j, spec, medicaidSpec) {
  const tests = [];
  const hh = (size, earned, unearned = 0) => ({ [HOUSEHOLD_IDS.household_size]: size, [HOUSEHOLD_IDS.earned_income]: earned, [HOUSEHOLD_IDS.unearned_income]: unearned });
  const lim = (size, period) => computeLifeline(data, { period, area: j.area, size, monthlyIncome: 0 }).limit;
  // 1. income-eligible: two people earning just under the limit, SNAP not given (not needed: the rule stops early).
  const monthly2 = Math.floor(lim(2, PERIOD) / 12 / 10) * 10;
  const r1 = computeLifeline(data, { period: PERIOD, area: j.area, size: 2, monthlyIncome: monthly2 });
  tests.push({ name: 'two_people_income_eligible_snap_not_needed', description: `${j.name}, two people earning ${money(monthly2)} a month, SNAP receipt not given: ${r1.steps.join('; ')}. Eligible by income, so SNAP is not computed (no SNAP facts are needed).`,
    period: PERIOD, input: { ...hh(2, monthly2), ...lifelineInput({ receives_snap_given: false }) },
    output: { [`${L409}#lifeline_poverty_guideline`]: r1.guideline, [`${L409}#lifeline_income_limit`]: r1.limit, [`${L409}#lifeline_income_eligible`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds',
      [`${L403}#lifeline_support_amount`]: 9.25, [`${L403}#lifeline_benefit`]: 9.25, [`${L409}#lifeline_snap_receipt_immaterial`]: 'holds',
      [`${L409}#lifeline_snap_eligibility_computed`]: 'not_holds' } });
  // 2. the month before the 2026 switch uses the 2025 guidelines.
  const before = '2026-02';
  const r2 = computeLifeline(data, { period: before, area: j.area, size: 2, monthlyIncome: monthly2 });
  tests.push({ name: 'same_household_before_the_2026_switch', description: `February 2026, before USAC took up the 2026 guidelines (2026-02-25): ${r2.steps.join('; ')}.`,
    period: before, input: { ...hh(2, monthly2), ...lifelineInput() },
    output: { [`${L409}#lifeline_poverty_guideline_year`]: r2.year, [`${L409}#lifeline_poverty_guideline`]: r2.guideline, [`${L409}#lifeline_income_limit`]: r2.limit,
      [`${L409}#lifeline_income_eligible`]: r2.outputs.lifeline_income_eligible ? 'holds' : 'not_holds' } });
  // 3. over 135%, nothing stated: not eligible (SNAP stated not received).
  const over1 = Math.ceil(lim(1, PERIOD) / 12 / 100) * 100 + 100;
  const r3 = computeLifeline(data, { period: PERIOD, area: j.area, size: 1, monthlyIncome: over1 });
  tests.push({ name: 'one_person_over_135_percent_snap_stated_not_received', description: `${r3.steps.join('; ')}; receives_snap given false: no assumption, no SNAP computed.`,
    period: PERIOD, input: { ...hh(1, over1), ...lifelineInput() },
    output: { [`${L409}#lifeline_income_eligible`]: 'not_holds', [`${L409}#lifeline_receives_snap`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds', [`${L403}#lifeline_benefit`]: 0 } });
  // 4. Tribal lands: FDPIR qualifies, $34.25.
  const r4 = computeLifeline(data, { period: PERIOD, area: j.area, size: 1, monthlyIncome: over1, tribal: true, tribalProgram: true });
  tests.push({ name: 'tribal_lands_fdpir_household_over_income', description: `A household on Tribal lands receiving FDPIR: ${r4.steps.join('; ')}.`,
    period: PERIOD, input: { ...hh(1, over1), ...lifelineInput({ tribal_land: true, receives_fdpir: true }) },
    output: { [`${L409}#lifeline_qualifies_through_tribal_program`]: 'holds', [`${L409}#lifeline_eligible`]: 'holds', [`${L403}#lifeline_support_amount`]: 34.25, [`${L403}#lifeline_benefit`]: 34.25 } });
  // 5. the SNAP link: an elderly person over 135% with large medical and rent costs, SNAP receipt not given.
  if (j.snap) {
    const annualOver = Math.ceil(lim(1, PERIOD) / 12 / 100) * 100 + 100;
    const h = { period: PERIOD, size: 1, earned: 0, unearned: annualOver, shelter: 900, utilityType: 'none', elderlyOrDisabled: true, dependentCare: 0,
      medical: 800, childSupport: 0, homeless: false, resources: 0, tanfOrSsi: false, member62: false, farmLoss: 0 };
    const snap = computeSnap(j.snap, h, () => 0);
    const r5 = computeLifeline(data, { period: PERIOD, area: j.area, size: 1, monthlyIncome: annualOver, snap: snap.outputs.snap_certified });
    const base = snapTestInputs(j);
    const ids = Object.keys(base);
    const set = (suffix, value) => { for (const k of ids) if (k.endsWith(`#input.${suffix}`)) base[k] = value; };
    for (const k of ids) if (k.includes('#relation.')) delete base[k];
    set('household_size', 1); set('has_elderly_or_disabled_member', true); set('earned_income', 0); set('unearned_income', annualOver);
    set('shelter_costs', 900); set('medical_costs', 800); set('utility_type', 'none'); set('child_support_paid', 0); set('dependent_care_costs', 0);
    set('countable_resources', 0); set('all_members_receive_tanf_or_ssi', false); set('is_homeless', false);
    const input = { ...base, ...hh(1, 0, annualOver), ...lifelineInput({ receives_snap_given: false }) };
    tests.push({ name: 'snap_link_elderly_person_over_135_percent', description: `An elderly person (household fact) with ${money(annualOver)} a month of Social Security, ${money(800)} medical costs and ${money(900)} rent, SNAP receipt not given. Lifeline income: ${r5.steps[0]}; ${r5.steps[1]}. SNAP (${j.name} package, worked independently): ${snap.steps.join('; ')}. Whether SNAP would certify the household stands in for receipt: ${r5.outputs.lifeline_eligible ? 'eligible through SNAP' : 'not eligible'} (the calculation lists receives_snap in assumptions as inferred).`,
      period: PERIOD, input,
      output: { [`${L409}#lifeline_income_eligible`]: 'not_holds', [`${L409}#lifeline_snap_eligibility_computed`]: snap.outputs.snap_certified ? 'holds' : 'not_holds',
        [`${L409}#lifeline_receives_snap`]: snap.outputs.snap_certified ? 'holds' : 'not_holds', [`${L409}#lifeline_eligible`]: r5.outputs.lifeline_eligible ? 'holds' : 'not_holds',
        [`${L409}#lifeline_snap_receipt_immaterial`]: 'not_holds', [`${L403}#lifeline_support_amount`]: r5.outputs.lifeline_support_amount } });
    tests.push({ name: 'snap_link_not_used_when_receipt_is_stated', description: 'The same person, receives_snap given false: stated receipt wins over computed eligibility, so SNAP is not computed and the household does not qualify.',
      period: PERIOD, input: { ...hh(1, 0, annualOver), ...lifelineInput({ receives_snap_given: true, receives_snap: false }) },
      output: { [`${L409}#lifeline_receives_snap`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds', [`${L409}#lifeline_snap_receipt_immaterial`]: 'holds' } });
  } else {
    tests.push({ name: 'no_snap_here_so_receipt_not_given_is_not_received', description: `${j.note}: lifeline_snap_eligibility_computed keeps its default (not eligible).`,
      period: PERIOD, input: { ...hh(1, over1), ...lifelineInput({ receives_snap_given: false }) },
      output: { [`${L409}#lifeline_snap_eligibility_computed`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds' } });
  }
  if (medicaidSpec) tests.push(...medicaidLinkTests(j, hh));
  void spec;
  return tests;
}

const MAGI = 'us:regulations/42-cfr/435/603';
const MAGI_GROUPS = 'us:regulations/42-cfr/435/magi-groups';

/** The Medicaid link: a parent and a child of 8 at 140% of the guideline, SNAP stated not received, Medicaid not given. */
function medicaidLinkTests(j, hh) {
  const g = data.poverty_guidelines['2026'][j.area];
  const monthly = Math.round((g[0] + g[1]) * 1.4 / 12);
  const people = { parent: { age: 34, earned_income: monthly }, child: { age: 8 } };
  const medicaid = medicaidReference({ state: medicaidData.states[j.code], guideline: g, people, facts: {}, period: PERIOD });
  const r = computeLifeline(data, { period: PERIOD, area: j.area, size: 2, monthlyIncome: monthly });
  const rows = Object.entries(people).map(([id, p]) => {
    const row = { id, [PERSON_IDS.earned_income]: p.earned_income ?? 0, [PERSON_IDS.unearned_income]: 0, [PERSON_IDS.self_employment_income]: 0, [PERSON_IDS.self_employment_costs]: 0 };
    for (const [k, v] of Object.entries({ earned_income: p.earned_income ?? 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, is_pregnant: false, expected_children_count: 1 })) row[`${MAGI}#input.${k}`] = v;
    row[`${MAGI_GROUPS}#input.age`] = p.age;
    row[`${MAGI_GROUPS}#input.citizenship_status`] = 'citizen';
    return row;
  });
  const input = { ...hh(1, 0), [`${MAGI}#input.household_size`]: 1, [`${MAGI}#input.earned_income`]: 0, [`${MAGI}#input.unearned_income`]: 0, [MEMBERS]: rows };
  const eligible = medicaid.medicaid_any_eligible;
  return [
    { name: 'medicaid_link_parent_and_child_at_140_percent', description: `${j.name}, a parent earning ${money(monthly)} a month (140% of the 2026 guideline for two, ${g[0] + g[1]}) and a child of 8; SNAP receipt stated false, Medicaid receipt not given. Lifeline: ${r.steps.join('; ')}. Medicaid (${j.name} package, worked by scripts/lib/medicaid-reference.mjs): ${medicaid.notes}. Medicaid eligibility stands in for receipt: ${eligible ? 'eligible through Medicaid' : 'nobody eligible for Medicaid (CHIP is not Medicaid), so not eligible'} (the calculation lists receives_medicaid in assumptions as inferred).`,
      period: PERIOD, input: { ...input, ...lifelineInput({ receives_medicaid_given: false }) },
      output: { [`${L409}#lifeline_income_eligible`]: 'not_holds', [`${L409}#lifeline_medicaid_receipt_immaterial`]: 'not_holds',
        [`${L409}#lifeline_medicaid_eligibility_computed`]: eligible ? 'holds' : 'not_holds', [`${L409}#lifeline_receives_medicaid`]: eligible ? 'holds' : 'not_holds',
        [`${L409}#lifeline_eligible`]: eligible ? 'holds' : 'not_holds' } },
    { name: 'medicaid_link_not_used_when_receipt_is_stated', description: 'The same household, receives_medicaid given false: stated receipt wins over computed eligibility, so Medicaid is not computed and the household does not qualify.',
      period: PERIOD, input: { ...input, ...lifelineInput({ receives_medicaid: false }) },
      output: { [`${L409}#lifeline_medicaid_receipt_immaterial`]: 'holds', [`${L409}#lifeline_medicaid_eligibility_computed`]: 'not_holds', [`${L409}#lifeline_eligible`]: 'not_holds' } },
  ];
}

// ---------- compose specs

const OUTPUT_DOCS = {
  lifeline_eligible: { description: 'The household qualifies for Lifeline: income at or below 135% of the poverty guideline, or a qualifying program (SNAP, Medicaid, SSI, Federal Public Housing Assistance, Veterans or Survivors Pension; on Tribal lands also BIA general assistance, Tribal TANF, income-qualified Head Start, FDPIR) (47 CFR 54.409).', period: 'month', unit: 'boolean' },
  lifeline_benefit: { description: 'The monthly Lifeline benefit for the household\'s one service: the support amount, at most the price of the service when phone_cost or broadband_cost is given (47 CFR 54.403).', period: 'month', unit: 'USD per month' },
  lifeline_support_amount: { description: 'The monthly federal Lifeline support for an eligible household: $9.25 (broadband), $5.25 (voice only), plus up to $25 on Tribal lands; 0 when not eligible (47 CFR 54.403(a)).', period: 'month', unit: 'USD per month' },
  lifeline_income_eligible: { description: 'Annual household income (the monthly income facts times 12) is at or below 135% of the poverty guideline for the household size (47 CFR 54.409(a)(1)).', period: 'month', unit: 'boolean' },
  lifeline_household_annual_income: { description: 'All income of the household\'s members, the monthly facts times 12 (47 CFR 54.400(f)).', period: 'year', unit: 'USD' },
  lifeline_income_limit: { description: '135% of the HHS poverty guideline for the household size, for the guideline year Lifeline uses in the month (47 CFR 54.409(a)(1)).', period: 'year', unit: 'USD' },
  lifeline_poverty_guideline: { description: 'The HHS poverty guideline (42 U.S.C. 9902(2)) for the household size and the jurisdiction\'s table, for the guideline year Lifeline uses in the month.', period: 'year', unit: 'USD' },
  lifeline_household_size: { description: 'The household size used: the larger of household_size and the number of people listed (47 CFR 54.400(h)).', period: 'month', unit: 'count' },
  lifeline_receives_snap: { description: 'SNAP receipt as Lifeline reads it: receives_snap when given, otherwise the SNAP certification computed for the household (snap_certified) (47 CFR 54.409(a)(2)).', period: 'month', unit: 'boolean' },
  lifeline_snap_eligibility_computed: { description: 'The household\'s SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State\'s SNAP rules compute it from the same facts, computed only when it stands in for SNAP receipt (receives_snap not given and the household not qualifying otherwise); false when not needed, and where SNAP does not operate.', period: 'month', unit: 'boolean' },
  lifeline_qualifies_through_listed_program: { description: 'A member receives Medicaid (as stated, or as computed where receives_medicaid is not given), SSI, Federal Public Housing Assistance or the Veterans or Survivors Pension (47 CFR 54.409(a)(2)).', period: 'month', unit: 'boolean' },
  lifeline_receives_medicaid: { description: 'Medicaid receipt as Lifeline reads it: receives_medicaid when given, otherwise whether anyone listed is eligible for Medicaid as the State\'s Medicaid rules compute it (47 CFR 54.409(a)(2)).', period: 'month', unit: 'boolean' },
  lifeline_medicaid_eligibility_computed: { description: 'Whether anyone listed is eligible for Medicaid (not CHIP) as the State\'s Medicaid package computes it, computed only when it stands in for Medicaid receipt (receives_medicaid not given, SNAP receipt not stated, the household not qualifying otherwise); false when not needed, before 2025-02 and in the territories.', period: 'month', unit: 'boolean' },
  lifeline_medicaid_receipt_immaterial: { description: 'Medicaid receipt was given, the household qualifies without SNAP or Medicaid, or it states that it receives SNAP, so neither receives_medicaid nor the Medicaid facts can change the result; when false and receives_medicaid was not given, it is listed in assumptions as inferred.', period: 'month', unit: 'boolean' },
  lifeline_program_links_immaterial: { description: 'Neither the SNAP link nor the Medicaid link can change the result, so a person fact both read (age, citizenship_status) cannot either.', period: 'month', unit: 'boolean' },
  lifeline_qualifies_through_tribal_program: { description: 'The household lives on Tribal lands and a member receives BIA general assistance, Tribal TANF, income-qualified Head Start or FDPIR (47 CFR 54.409(b)).', period: 'month', unit: 'boolean' },
  lifeline_snap_receipt_immaterial: { description: 'SNAP receipt was given, or the household qualifies without SNAP, so neither receives_snap nor the SNAP facts can change the result; when false and receives_snap was not given, it is listed in assumptions as inferred.', period: 'month', unit: 'boolean' },
  lifeline_tribal_land_immaterial: { description: 'The household is not eligible and states no Tribal program, so whether it lives on Tribal lands cannot change the result.', period: 'month', unit: 'boolean' },
  lifeline_tribal_programs_immaterial: { description: 'The household is not on Tribal lands, or is eligible anyway, so the Tribal program facts cannot change the result.', period: 'month', unit: 'boolean' },
  lifeline_amount_immaterial: { description: 'The household is not eligible, so the service type cannot change the result.', period: 'month', unit: 'boolean' },
};
const OUTPUTS = Object.keys(OUTPUT_DOCS);
const DEFAULT_OUTPUTS = ['lifeline_eligible', 'lifeline_benefit', 'lifeline_support_amount', 'lifeline_income_eligible', 'lifeline_household_annual_income', 'lifeline_income_limit', 'lifeline_poverty_guideline'];

const LISTED_REASON = 'receipt by the applicant, a dependant or anyone in the household qualifies it for Lifeline (47 CFR 54.409(a)(2))';
const TRIBAL_PROGRAM_REASON = 'on Tribal lands, receipt by a member qualifies the household for Lifeline (47 CFR 54.409(b))';
function lifelineMaterial(j, medicaidSpec) {
  const m = {};
  if (j.snap) {
    m.receives_snap = snapReceiptMaterial(LINK, 'a household receiving SNAP qualifies for Lifeline (47 CFR 54.409(a)(2))');
  }
  for (const k of ['receives_medicaid', 'receives_ssi', 'receives_federal_public_housing_assistance', 'receives_veterans_pension']) m[k] = { unless_output: 'lifeline_eligible', reason: LISTED_REASON };
  if (medicaidSpec) m.receives_medicaid = medicaidReceiptMaterial('lifeline_medicaid_receipt_immaterial', 'lifeline_medicaid_eligibility_computed', LISTED_REASON);
  m.tribal_land = { unless_output: 'lifeline_tribal_land_immaterial', reason: 'an eligible household on Tribal lands gets up to $25 a month more (47 CFR 54.403(a)(3)), and there Tribal programs qualify it (54.409(b))' };
  for (const k of ['receives_bia_general_assistance', 'receives_tribal_tanf', 'receives_head_start_income_qualified', 'receives_fdpir']) m[k] = { unless_output: 'lifeline_tribal_programs_immaterial', reason: TRIBAL_PROGRAM_REASON };
  m.lifeline_service_type = { unless_output: 'lifeline_amount_immaterial', reason: 'standalone voice service gets $5.25 a month instead of $9.25 (47 CFR 54.403(a)(2)(iii))' };
  return m;
}

/**
 * The person facts the links read: SNAP's (material when the SNAP link computes) and Medicaid's (when the Medicaid
 * link does); a fact both read matters unless neither link computes (lifeline_program_links_immaterial).
 */
function linkPersonMaterial(j, snapSpec, medicaidSpec) {
  const snap = j.snap ? snapMaterialFor(snapSpec.material_inputs.person, LINK) : {};
  if (!medicaidSpec) return snap;
  const own = medicaidMaterialFor(medicaidSpec, 'lifeline_medicaid_receipt_immaterial', (u) => `${LINK}_${u}`, new Set());
  const out = { ...snap };
  for (const [fact, m] of Object.entries(own)) {
    const s = snap[fact];
    if (!s) { out[fact] = m; continue; }
    if (s.unless_output !== `${LINK}_snap_receipt_immaterial` || m.unless_output !== 'lifeline_medicaid_receipt_immaterial') throw new Error(`${j.code}: ${fact} is read by both links with its own conditions; merge them by hand`);
    out[fact] = { ...s, ...(m.ages && s.ages ? {} : { ages: undefined }), unless_output: 'lifeline_program_links_immaterial', reason: `${s.reason}; ${m.reason}` };
    if (out[fact].ages === undefined) delete out[fact].ages;
  }
  return out;
}

function lifelineUnverified(j, medicaidSpec) {
  const out = [...(medicaidSpec?.unverified_parameters ?? [])];
  for (const s of data.lifeline_guideline_switch) if (!s.verified) out.push({ parameter: `${L409}#lifeline_poverty_guideline_year`, effective_from: s.from, reason: `Lifeline guideline year from ${s.from} not verified: ${s.reason}.` });
  if (j.territory) out.push({ parameter: areaParameterId(j.code), reason: `${j.name}: the 48-State poverty guideline table is used for Lifeline, not verified on USAC's site: ${data.territory_area.reason}.` });
  return out;
}

function composeSpec(j, snapSpec, medicaidSpec) {
  const sample = { period: PERIOD, people: { parent: { earned_income: 1700 }, child: {} } };
  const r = computeLifeline(data, { period: PERIOD, area: j.area, size: 2, monthlyIncome: 1700 });
  const household = j.snap ? { ...snapSpec.household_aliases } : { ...HOUSEHOLD_IDS };
  const person = j.snap ? { ...snapSpec.person_aliases } : { ...PERSON_IDS };
  const lifelineAliases = { ...LIFELINE_IDS };
  const docs = (table, names) => Object.fromEntries(names.map((n) => [n, table[n]]));
  const snapHouseholdDocs = j.snap ? snapSpec.input_docs : docs(HOUSEHOLD_INPUT_DOCS, Object.keys(HOUSEHOLD_IDS));
  const snapPersonDocs = j.snap ? snapSpec.person_input_docs : docs(PERSON_INPUT_DOCS, Object.keys(PERSON_IDS));
  const lifelineDocs = Object.fromEntries(Object.keys(LIFELINE_IDS).map((k) => {
    const { values, ...d } = LIFELINE_HOUSEHOLD_FACTS[k];
    void values;
    return [k, d];
  }));
  const unlessOutputs = [...(j.snap ? snapLinkOutputs(snapSpec, LINK) : []), ...(medicaidSpec ? medicaidUnlessOutputs(medicaidSpec).map((u) => `${LINK}_${u}`) : [])];
  // Medicaid's person facts that SNAP does not read (is_pregnant, expected_children_count), so a caller can give them.
  const medicaidInputs = medicaidSpec ? medicaidPersonInputs(medicaidSpec, person) : { aliases: {}, types: {}, limits: {}, defaults: {}, docs: {} };
  const spec = {
    program: `us-${j.code}/lifeline`,
    period: PERIOD,
    outputs: [...OUTPUTS, ...unlessOutputs],
    scope: { federal: ['regulations/47-cfr/54/403'], state: ['policies/lifeline/benefit-calculation'] },
    jurisdiction: `us-${j.code}`,
    program_id: 'lifeline',
    title: `${j.name[0].toUpperCase()}${j.name.slice(1)} Lifeline (FCC; administered by USAC)`,
    default_period: PERIOD,
    default_outputs: DEFAULT_OUTPUTS,
    household_entity: 'Household',
    household_aliases: { ...household, ...lifelineAliases },
    input_types: { ...(j.snap ? snapSpec.input_types : { household_size: 'Integer', earned_income: 'Money', unearned_income: 'Money', self_employment_income: 'Money', self_employment_costs: 'Money' }), ...medicaidInputs.types, ...LIFELINE_TYPES },
    input_values: { ...(j.snap ? snapSpec.input_values : {}), ...(medicaidSpec && !j.snap ? medicaidSpec.input_values : {}), lifeline_service_type: LIFELINE_HOUSEHOLD_FACTS.lifeline_service_type.values },
    input_limits: { ...(j.snap ? snapSpec.input_limits : { household_size: { minimum: 1, maximum: 100 } }), ...medicaidInputs.limits },
    material_inputs: {
      household: { ...lifelineMaterial(j, medicaidSpec), ...(j.snap ? snapMaterialFor(snapSpec.material_inputs.household, LINK) : {}) },
      ...(j.snap || medicaidSpec ? { person: linkPersonMaterial(j, snapSpec, medicaidSpec) } : {}),
    },
    given_flags: { household: GIVEN_FLAGS },
    input_defaults: { ...(j.snap ? snapSpec.input_defaults : { household_size: 1, earned_income: 0, unearned_income: 0 }), ...LIFELINE_DEFAULTS },
    person_entity: 'Person',
    person_relation: MEMBERS,
    person_aliases: { ...person, ...medicaidInputs.aliases },
    person_input_defaults: { ...(j.snap ? snapSpec.person_input_defaults : { earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0 }), ...medicaidInputs.defaults },
    output_aliases: { lifeline: 'lifeline_benefit', is_lifeline_eligible: 'lifeline_eligible' },
    input_docs: { ...snapHouseholdDocs, ...lifelineDocs },
    person_input_docs: { ...snapPersonDocs, ...medicaidInputs.docs },
    ...(j.snap ? snapFiscalYears(snapSpec) : {}),
    unverified_parameters: [...(j.snap ? snapSpec.unverified_parameters ?? [] : []), ...lifelineUnverified(j, medicaidSpec)],
    sample_household: sample,
    sample_expected_outputs: { lifeline_eligible: true, lifeline_benefit: 9.25, lifeline_support_amount: 9.25, lifeline_income_eligible: true,
      lifeline_household_annual_income: 20400, lifeline_income_limit: r.limit, lifeline_poverty_guideline: r.guideline },
    // How a screen reads a Lifeline answer (docs/screening.md): income or any qualifying program suffices, so the
    // eligibility rule itself decides; the SNAP link is used when computed SNAP eligibility stood in for receipt.
    screening: { eligible: 'lifeline_eligible', amount: 'lifeline_benefit', amount_period: 'month', kind: 'near_cash', recipient: 'household',
      ...screeningLinks(j, medicaidSpec) },
    output_docs: { ...OUTPUT_DOCS, ...(j.snap ? snapLinkOutputDocs(snapSpec, LINK) : {}), ...(medicaidSpec ? medicaidWrappedDocs(medicaidSpec) : {}) },
  };
  return `# ${spec.title}: package generated by scripts/generate-lifeline-rules.mjs from scripts/data/lifeline.json${j.snap ? ' and the State SNAP package' : ''}.\n` +
    `# Keys after scope are Tenet package extensions; docs/snap-package-contract.md (section 3) and docs/household.md describe them.\n` + YAML.stringify(spec, { lineWidth: 120 });
}

/** The links a screen reports (docs/screening.md): SNAP's and Medicaid's, where each is computed. */
function screeningLinks(j, medicaidSpec) {
  const links = [...(j.snap ? snapScreeningLink(LINK).links : []), ...(medicaidSpec ? [medicaidScreeningLink('lifeline_medicaid_eligibility_computed')] : [])];
  return links.length ? { links } : {};
}

/** Output docs of the wrapped Medicaid moot tests, from Medicaid's own docs of the tests they wrap. */
function medicaidWrappedDocs(medicaidSpec) {
  return Object.fromEntries(medicaidUnlessOutputs(medicaidSpec).map((u) => [`${LINK}_${u}`,
    { description: `Medicaid receipt was given or not needed, or for the Medicaid eligibility that stands in for it: ${medicaidSpec.output_docs?.[u]?.description ?? u}`, period: 'month', unit: 'boolean' }]));
}

// ---------- docs/lifeline-coverage.md

function coverageDoc() {
  const lines = ['# Lifeline coverage: bundled rule packages', '',
    'Generated by `scripts/generate-lifeline-rules.mjs` from `scripts/data/lifeline.json`; do not edit by hand.', '',
    `${jurisdictions.length} packages (50 States, the District of Columbia, Puerto Rico, Guam, the U.S. Virgin Islands, American Samoa and the Northern Mariana Islands: Lifeline is available in every State, territory and commonwealth), program id \`lifeline\`, compose spec \`rules/programs/us-xx/lifeline/2026.yaml\`. Months from 2023-10 (the SNAP link needs the first month the SNAP packages encode).`, '',
    '## Rules', '',
    '| rule | module | source |', '|---|---|---|',
    '| HHS poverty guidelines by calendar year (48 States and DC, Alaska, Hawaii) | `us:statutes/42/9902/2` | 42 U.S.C. 9902(2); ' + YEARS.map((y) => `${y}: ${data.poverty_guidelines[y].notice}`).join('; ') + ' |',
    '| the table that applies, bound once per jurisdiction for every program there (Alaska, Hawaii, the five territories; elsewhere the 48-State table) | `us-xx:policies/poverty-guidelines/area` | 42 U.S.C. 9902(2) (`scripts/lib/guideline-area.mjs`) |',
    '| household, income (annual = monthly facts x 12) | `us:regulations/47-cfr/54/400` | 47 CFR 54.400(f), (h) |',
    '| 135% income test, qualifying programs, Tribal programs, the SNAP link, the guideline year | `us:regulations/47-cfr/54/409` | 47 CFR 54.409(a), (b); USAC announcements |',
    '| support amounts ($9.25, $5.25 voice only, +$25 Tribal lands), benefit capped by the service price | `us:regulations/47-cfr/54/403` | 47 CFR 54.403(a), (b) |', '',
    '## Guideline year', '',
    '| from | year | basis |', '|---|---|---|',
    ...data.lifeline_guideline_switch.map((s) => `| ${s.from} | ${s.year} | ${s.verified ? s.source : `not verified (warned): ${s.reason}`} |`), '',
    'PolicyEngine dates each year\'s guidelines from January 1 (docs/compatibility.md).', '',
    '## 135% of the guideline (annual), sizes 1-8 and each additional person', '',
  ];
  for (const y of YEARS) {
    lines.push(`| ${y} (${data.poverty_guidelines[y].notice}) | ${[1, 2, 3, 4, 5, 6, 7, 8].join(' | ')} | each additional |`, `|---|${'---|'.repeat(9)}`);
    for (const area of AREAS) {
      const lim = (n) => guideline(data, area, y, n).value.times('1.35');
      lines.push(`| ${AREA_TEXT[area]} | ${[1, 2, 3, 4, 5, 6, 7, 8].map((n) => lim(n).toFixed(2).replace(/\.00$/, '')).join(' | ')} | ${(data.poverty_guidelines[y][area][1] * 1.35).toFixed(2).replace(/\.00$/, '')} |`);
    }
    lines.push('');
  }
  lines.push('## Sources, and what was read', '',
    '- **HHS poverty guidelines**: the figures of `scripts/data/lifeline.json`, cited to their Federal Register notices. 2024-2026 are those of issue #27 and `../shared/oracle/program-reference-tables.md` (checked by `tests/rules/lifeline-packages.test.ts` when `../shared` is present); 2023-2026 equal the SNAP packages\' `us:statutes/7/2014/c` (the 2026 notice, 91 FR 1797, was read in its text for issue #24). The notices\' own effective-date statements were read only as the reference table reports them (2025: January 15; 2026: January 13); 2023 and 2024 are dated from publication.',
    '- **47 CFR 54.409(a)** (135%; Medicaid, SNAP, SSI, Federal Public Housing Assistance, Veterans and Survivors Pension): read on Cornell LII. **54.409(b)** (Tribal programs): its opening read there, the program list in earlier revisions and USAC\'s and State commissions\' eligibility pages (BIA general assistance, Tribally administered TANF, Head Start for income-qualifying households, FDPIR).',
    '- **47 CFR 54.403(a)** ($9.25; the voice-only schedule; up to $25 on Tribal lands): read in its October 2020 revision; the current amounts on USAC\'s Lifeline and Enhanced Tribal Benefit pages (2025-2026: up to $9.25, up to $34.25 on Tribal lands, no rural condition stated). The voice-only waivers: trade-press and blog reproductions of the Wireline Competition Bureau orders (2021, July 2025, July 2026).',
    '- **Guideline switch dates**: USAC\'s Lifeline announcements "Updated Lifeline Income Qualifications for 2025" (April 24, 2025) and "... for 2026" (February 25, 2026), read on usac.org; 2024 not found (declared unverified).',
    '- **One benefit per household**: 47 CFR 54.405(c) (materials must say the program is limited to one discount per household) and the one-per-household rule of the 2012 Lifeline Reform Order; every output is the household\'s.',
    '- **Territories**: Lifeline is available in every State, territory and commonwealth (FCC); the 48-State table for the territories is read only in a provider\'s reproduction of USAC\'s 2025 chart (declared unverified).',
    '');
  lines.push('## The Medicaid link', '',
    'Medicaid receipt not given (`receives_medicaid`) is read, in the 50 States and DC from 2025-02, from the State Medicaid package\'s `medicaid_any_eligible` for the people listed (docs/medicaid-coverage.md, "Links to other programs"), only when it can change the result: the household not eligible by income or another stated program and not stating SNAP receipt. The answer lists `receives_medicaid` in assumptions as inferred from `lifeline_medicaid_eligibility_computed`; Medicaid\'s person facts (age, citizenship_status, is_pregnant, expected_children_count) matter only then. Medicaid is computed before SNAP. Before 2025-02 and in the territories, receipt not given reads as not received.', '');
  lines.push('## Jurisdictions', '', '| package | guideline table | SNAP link | Medicaid link | State program (not encoded) |', '|---|---|---|---|---|');
  for (const j of jurisdictions) {
    const medicaid = readMedicaidSpec(root, j.code) ? 'State Medicaid package' : 'none';
    lines.push(`| us-${j.code} | ${j.area}${j.territory ? ' (not verified: USAC chart read in a reproduction)' : ''} | ${j.snap ? `${j.snap.agency} SNAP package` : `none: ${j.note}`} | ${medicaid} | ${data.state_programs[j.code] ?? '-'} |`);
  }
  lines.push('');
  return lines.join('\n');
}

// ---------- main

write('rules/us/statutes/42/9902/2.yaml', guidelinesModule());
write('rules/us/statutes/42/9902/2.test.yaml', yamlList(guidelinesTests()));
const { tests400, tests409, tests403 } = federalTests();
write('rules/us/regulations/47-cfr/54/400.yaml', module400());
write('rules/us/regulations/47-cfr/54/400.test.yaml', yamlList(tests400));
write('rules/us/regulations/47-cfr/54/409.yaml', module409());
write('rules/us/regulations/47-cfr/54/409.test.yaml', yamlList(tests409));
write('rules/us/regulations/47-cfr/54/403.yaml', module403());
write('rules/us/regulations/47-cfr/54/403.test.yaml', yamlList(tests403));
for (const j of jurisdictions.filter((x) => guidelineArea(x.code).bound)) {
  write(`rules/${areaModuleId(j.code).replace(':', '/')}.yaml`, areaModule(j, data.poverty_guidelines[YEARS[0]].effective));
}
for (const j of jurisdictions) {
  const snapSpec = j.snap ? readSnapSpec(root, j.code) : null;
  const medicaidSpec = readMedicaidSpec(root, j.code);
  write(`rules/us-${j.code}/policies/lifeline/benefit-calculation.yaml`, assemblyModule(j, snapSpec, medicaidSpec));
  write(`rules/us-${j.code}/policies/lifeline/benefit-calculation.test.yaml`, yamlList(assemblyTests(j, snapSpec, medicaidSpec)));
  write(`rules/programs/us-${j.code}/lifeline/2026.yaml`, composeSpec(j, snapSpec, medicaidSpec));
}
write('docs/lifeline-coverage.md', coverageDoc());
void LAST_YEAR;

if (CHECK) {
  if (stale.length) {
    console.error(`out of date (run node scripts/generate-lifeline-rules.mjs):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${jurisdictions.length} Lifeline packages up to date`);
} else {
  console.log(`generated ${jurisdictions.length} Lifeline packages`);
}
