#!/usr/bin/env node
// Generates the federal Head Start eligibility module (rules/us/regulations/45-cfr/1302/12), one assembly per
// jurisdiction (rules/us-xx/policies/head_start/eligibility), the compose specs
// (rules/programs/us-xx/head_start/2026.yaml) and docs/head-start-coverage.md, from scripts/data/head-start.json,
// the shared poverty guidelines (scripts/data/lifeline.json, module us:statutes/42/9902/2) and, for the SNAP link,
// the State SNAP packages' compose specs. Expected test values come from scripts/lib/head-start-reference.mjs.
// Usage: node scripts/generate-head-start-rules.mjs [--check]
//   --check writes nothing and exits 1 when a generated file differs from (or is missing on) disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { GeneratedFiles, yamlList } from './lib/generated-files.mjs';
import { computeHeadStart } from './lib/head-start-reference.mjs';
import { HEAD_START_HOUSEHOLD_FACTS, HEAD_START_PERSON_FACTS, LIFELINE_HOUSEHOLD_FACTS, SCHOOL_MEALS_FACTS, WIC_HOUSEHOLD_FACTS, WIC_PERSON_FACTS } from './lib/household-vocabulary.mjs';
import { HOUSEHOLD_INPUT_DOCS, PERSON_INPUT_DOCS } from './lib/snap-input-docs.mjs';
import { federalModule, OUTPUT_DOCS, PERSON_OUTPUTS, DEFAULT_OUTPUTS, HS, CFR } from './lib/head-start-federal.mjs';
import { AREA_TEXT, areaParameterId, areaSummary, programGuidelineArea } from './lib/guideline-area.mjs';
import { programJurisdictions } from './lib/program-jurisdictions.mjs';
import { setsRelation } from './lib/rule-text.mjs';
import { readSnapSpec, snapAssemblyId, snapFiscalYears, snapLinkOutputDocs, snapLinkOutputs, snapLinkRules, snapLinkSummary, snapMaterialFor,
  snapReceiptMaterial, snapScreeningLink } from './lib/snap-link.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hs = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/head-start.json'), 'utf8'));
const guidelines = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/lifeline.json'), 'utf8')).poverty_guidelines;
const snapData = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/snap-state-figures.json'), 'utf8'));
const files = new GeneratedFiles(root, process.argv.includes('--check'));

const PERIOD = '2026-03';

// ---------- jurisdictions: every SNAP State agency (50 States, DC, Guam, the Virgin Islands) and the territories without SNAP

const jurisdictions = programJurisdictions(snapData, Object.entries(hs.territories));

// ---------- input ids owned by the federal module

const input = (name) => `${HS}#input.${name}`;
const HOUSEHOLD_OWN = ['receives_snap', 'receives_snap_given', 'receives_tanf', 'receives_ssi', 'housing_costs'];
const PERSON_OWN = ['is_pregnant', 'is_homeless', 'is_in_foster_care', 'unemployment_compensation', 'pension_income'];
const BASE_HOUSEHOLD = ['household_size', 'earned_income'];
const BASE_PERSON = ['age', 'earned_income', 'self_employment_income', 'self_employment_costs'];
// receives_tanf and is_pregnant keep the words the WIC packages gave them, is_homeless and is_in_foster_care those of
// the school meals packages, which read them first (one name, one wording).
const HOUSEHOLD_DOCS = { ...LIFELINE_HOUSEHOLD_FACTS, ...HEAD_START_HOUSEHOLD_FACTS, receives_tanf: WIC_HOUSEHOLD_FACTS.receives_tanf };
const PERSON_DOCS = { ...HEAD_START_PERSON_FACTS, is_pregnant: WIC_PERSON_FACTS.is_pregnant,
  is_homeless: SCHOOL_MEALS_FACTS.person.is_homeless, is_in_foster_care: SCHOOL_MEALS_FACTS.person.is_in_foster_care };
const withoutValues = (d) => ({ description: d.description, period: d.period, unit: d.unit });

// ---------- per-jurisdiction assembly

const assemblyId = (j) => `us-${j.code}:policies/head_start/eligibility`;
const LINK = 'head_start';
const SNAP_LAW = { citation: 'ACF-IM-HS-22-03', counts: 'SNAP receipt is public assistance for 45 CFR 1302.12(c)(1)(ii)', url: CFR('1302.12'), from: '2023-10-01' };

/** The State's compulsory school age bound over the federal default (scripts/data/head-start.json school_age_by_state). */
const stateSchoolAge = (j) => hs.ages.school_age_by_state[j.code];
const schoolAgeOf = (j) => stateSchoolAge(j)?.value ?? hs.ages.school_age.value;
const schoolAgeId = (j) => `${assemblyId(j)}#${j.code}_head_start_school_age`;

function schoolAgeRules(j) {
  const law = stateSchoolAge(j);
  if (!law) return [];
  return [`
  - name: ${j.code}_head_start_school_age
    kind: parameter
    dtype: Integer
    unit: years
    source: 45 CFR 1302.12(b)(2)(ii) (no older than the age required to attend school); ${law.source}
    source_url: ${law.url}
    versions:
      - effective_from: '2024-10-21'
        formula: '${law.value}'
${setsRelation(`${j.code}_sets_head_start_school_age`, '45 CFR 1302.12(b)(2)(ii) (the age State law requires a child to attend school)', `${HS}#head_start_school_age`, schoolAgeId(j))}`];
}

function assemblyModule(j, spec) {
  const imports = [HS, ...programGuidelineArea(j, 'Head Start'), ...(j.snap ? [snapAssemblyId(j)] : [])];
  const link = j.snap ? snapLinkRules({ j, snapSpec: spec, prefix: LINK, hookModule: HS, assemblyId: assemblyId(j), law: SNAP_LAW }) : [];
  const rules = [...link, ...schoolAgeRules(j)];
  const linkText = snapLinkSummary(j);
  return `format: rulespec/v1
module:
  summary: >-
    Head Start and Early Head Start in ${j.name}: the federal eligibility rules (45 CFR 1302.12) with the poverty
    guideline table that applies here (${AREA_TEXT[j.area]}).${areaSummary(j, j.territory ? `The Office of Head Start's table for ${j.name}: ${hs.territory_area.reason} (not verified)` : '')} ${linkText}
  source_verification:
    corpus_citation_path: us-${j.code}/policy/head_start/eligibility
imports:
${imports.map((i) => `  - ${i}`).join('\n')}
rules:${rules.length ? rules.join('\n') : ' []'}
`;
}

// ---------- compose specs

const PA_REASON = 'a family receiving TANF or SSI (public assistance, 45 CFR 1305.2) qualifies for Head Start and Early Head Start whatever its income (45 CFR 1302.12(c)(1)(ii))';
function headStartMaterial(j) {
  const household = { receives_tanf: { unless_output: 'head_start_public_assistance_immaterial', reason: PA_REASON },
    receives_ssi: { unless_output: 'head_start_public_assistance_immaterial', reason: PA_REASON },
    housing_costs: { unless_output: 'head_start_housing_costs_immaterial', reason: 'a program may reduce the family\'s income by housing costs above 30% of it (45 CFR 1302.12(i)(1)(ii)); not given, taken as 0, so no adjustment is reported' } };
  if (j.snap) {
    household.receives_snap = snapReceiptMaterial(LINK, 'a family receiving SNAP qualifies for Head Start (public assistance as ACF-IM-HS-22-03 reads 45 CFR 1302.12(c)(1)(ii))');
  }
  const person = {
    age: { reason: 'age decides who is in Head Start Preschool\'s ages (3 to the age school attendance is required) and Early Head Start\'s (under 3) (45 CFR 1302.12(b))' },
    is_homeless: { ages: [0, schoolAgeOf(j) - 1], unless_output: 'head_start_child_categories_immaterial', reason: 'a homeless child is eligible whatever the family income (45 CFR 1302.12(c)(1)(iii))' },
    is_in_foster_care: { ages: [0, schoolAgeOf(j) - 1], unless_output: 'head_start_child_categories_immaterial', reason: 'a child in foster care is eligible whatever the family income (45 CFR 1302.12(c)(1)(iv))' },
    is_pregnant: { ages: [12, 55], unless_output: 'head_start_pregnancy_immaterial', reason: 'a pregnant woman in a family that qualifies is eligible for Early Head Start (45 CFR 1302.12(c)(1)); asked of people aged 12-55 only, to keep the list short' },
  };
  return { household, person };
}

function unverified(j) {
  const out = hs.guideline_switch.filter((s) => !s.verified).map((s) => ({ parameter: `${HS}#head_start_poverty_guideline_year`, effective_from: s.from, reason: `Head Start guideline year from ${s.from} not verified: ${s.reason}.` }));
  const law = stateSchoolAge(j);
  if (!law) out.push({ parameter: `${HS}#head_start_school_age`, reason: `The age school attendance is required is taken as ${hs.ages.school_age.value}: ${j.name}'s law is not bound. ${hs.ages.school_age.reason}.` });
  else if (!law.verified) out.push({ parameter: schoolAgeId(j), reason: `The age school attendance is required in ${j.name}, ${law.value}, is from ${law.source}, ${law.read}.` });
  if (j.territory) out.push({ parameter: areaParameterId(j.code), reason: `${j.name}: the 48-State poverty guideline table is used for Head Start: ${hs.territory_area.reason}.` });
  return out;
}

function sample(j) {
  const household = { period: PERIOD, people: { parent: { age: 30, earned_income: 1500 }, child: { age: 4 } }, facts: { receives_snap: false } };
  const r = computeHeadStart(hs, guidelines, { period: PERIOD, area: j.area, size: 2, monthlyIncome: 1500, children: [{ age: 4, categorical: false }] });
  return { household, expected: { ...r.outputs, head_start_income_eligible: r.incomeEligible, head_start_family_income: r.income, head_start_poverty_guideline: r.guideline } };
}

function aliases(j, snapSpec) {
  const household = j.snap ? { ...snapSpec.household_aliases } : Object.fromEntries(BASE_HOUSEHOLD.map((k) => [k, input(k)]));
  const person = j.snap ? { ...snapSpec.person_aliases } : Object.fromEntries(BASE_PERSON.map((k) => [k, input(k)]));
  for (const k of HOUSEHOLD_OWN) household[k] = input(k);
  for (const k of PERSON_OWN) person[k] = input(k);
  return { household, person };
}

function composeSpec(j, snapSpec) {
  const { household, person } = aliases(j, snapSpec);
  const own = headStartMaterial(j);
  const unlessOutputs = j.snap ? snapLinkOutputs(snapSpec, LINK) : [];
  const { household: sampleHousehold, expected } = sample(j);
  const types = { receives_snap: 'Boolean', receives_snap_given: 'Boolean', receives_tanf: 'Boolean', receives_ssi: 'Boolean', is_pregnant: 'Boolean', is_homeless: 'Boolean', is_in_foster_care: 'Boolean', unemployment_compensation: 'Money', pension_income: 'Money', housing_costs: 'Money' };
  const baseTypes = { household_size: 'Integer', earned_income: 'Money', self_employment_income: 'Money', self_employment_costs: 'Money' };
  const spec = {
    program: `us-${j.code}/head_start`,
    period: PERIOD,
    outputs: [...Object.keys(OUTPUT_DOCS), ...unlessOutputs],
    scope: { state: ['policies/head_start/eligibility'] },
    jurisdiction: `us-${j.code}`,
    program_id: 'head_start',
    title: `${j.name[0].toUpperCase()}${j.name.slice(1)} Head Start and Early Head Start (HHS, Office of Head Start)`,
    default_period: PERIOD,
    default_outputs: DEFAULT_OUTPUTS,
    person_outputs: PERSON_OUTPUTS,
    // How a screen reads Head Start (docs/screening.md): a free service; who is eligible, per person (either
    // program); the SNAP link where a SNAP package exists.
    screening: { eligible: ['head_start_eligible', 'early_head_start_eligible'], amount_period: 'month', kind: 'service', recipient: 'person',
      person_eligible: ['head_start_person_eligible', 'early_head_start_person_eligible'],
      ...(j.snap ? snapScreeningLink(LINK) : {}) },
    household_entity: 'Household',
    household_aliases: household,
    input_types: { ...(j.snap ? snapSpec.input_types : baseTypes), ...types },
    ...(j.snap ? { input_values: snapSpec.input_values } : {}),
    input_limits: j.snap ? snapSpec.input_limits : { household_size: { minimum: 1, maximum: 100 }, age: { minimum: 0, maximum: 150 } },
    material_inputs: {
      household: { ...own.household, ...(j.snap ? snapMaterialFor(snapSpec.material_inputs.household, LINK) : {}) },
      person: { ...(j.snap ? snapMaterialFor(snapSpec.material_inputs.person, LINK) : {}), ...own.person },
    },
    given_flags: { household: { receives_snap_given: 'receives_snap' } },
    input_defaults: { ...(j.snap ? snapSpec.input_defaults : { household_size: 1, earned_income: 0 }), receives_snap: false, receives_snap_given: false, receives_tanf: false, receives_ssi: false, housing_costs: 0 },
    person_entity: 'Person',
    person_relation: 'us:statutes/7/2012/m#relation.member_of_snap_household',
    person_aliases: person,
    person_input_defaults: { ...(j.snap ? snapSpec.person_input_defaults : { age: 30, earned_income: 0, self_employment_income: 0, self_employment_costs: 0 }),
      is_pregnant: false, is_homeless: false, is_in_foster_care: false, unemployment_compensation: 0, pension_income: 0 },
    output_aliases: { is_head_start_eligible: 'head_start_eligible', is_early_head_start_eligible: 'early_head_start_eligible' },
    input_docs: { ...(j.snap ? snapSpec.input_docs : Object.fromEntries(BASE_HOUSEHOLD.map((k) => [k, HOUSEHOLD_INPUT_DOCS[k]]))),
      ...Object.fromEntries(HOUSEHOLD_OWN.map((k) => [k, withoutValues(HOUSEHOLD_DOCS[k])])) },
    person_input_docs: { ...(j.snap ? snapSpec.person_input_docs : Object.fromEntries(BASE_PERSON.map((k) => [k, PERSON_INPUT_DOCS[k]]))),
      ...Object.fromEntries(PERSON_OWN.map((k) => [k, withoutValues(PERSON_DOCS[k])])) },
    ...(j.snap ? snapFiscalYears(snapSpec) : {}),
    unverified_parameters: [...(j.snap ? snapSpec.unverified_parameters ?? [] : []), ...unverified(j)],
    sample_household: sampleHousehold,
    sample_expected_outputs: Object.fromEntries(DEFAULT_OUTPUTS.map((k) => [k, expected[k]])),
    output_docs: { ...OUTPUT_DOCS, ...(j.snap ? snapLinkOutputDocs(snapSpec, LINK) : {}) },
  };
  return `# ${spec.title}: package generated by scripts/generate-head-start-rules.mjs from scripts/data/head-start.json${j.snap ? ' and the State SNAP package' : ''}.\n` +
    `# Keys after scope are Tenet package extensions; docs/snap-package-contract.md (section 3) and docs/household.md describe them.\n` + YAML.stringify(spec, { lineWidth: 120 });
}

// ---------- main

const { module: federal, tests: federalTests } = federalModule(hs, guidelines);
files.write('rules/us/regulations/45-cfr/1302/12.yaml', federal);
files.write('rules/us/regulations/45-cfr/1302/12.test.yaml', yamlList(federalTests));
for (const j of jurisdictions) {
  const snapSpec = j.snap ? readSnapSpec(root, j.code) : null;
  files.write(`rules/us-${j.code}/policies/head_start/eligibility.yaml`, assemblyModule(j, snapSpec));
  files.write(`rules/programs/us-${j.code}/head_start/2026.yaml`, composeSpec(j, snapSpec));
}
const { coverageDoc } = await import('./lib/head-start-coverage.mjs');
files.write('docs/head-start-coverage.md', coverageDoc(hs, guidelines, jurisdictions));

if (files.check) {
  if (files.stale.length) {
    console.error(`out of date (run node scripts/generate-head-start-rules.mjs):\n  ${files.stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${jurisdictions.length} Head Start packages up to date`);
} else {
  console.log(`generated ${jurisdictions.length} Head Start packages`);
}
