#!/usr/bin/env node
// Generates the free and reduced-price school meals packages (42 U.S.C. 1758(b); 7 CFR 245): the federal modules
// rules/us/regulations/7-cfr/245/3 (Income Eligibility Guidelines) and 245/6 (the determination), one assembly per
// jurisdiction (rules/us-xx/policies/school-meals/eligibility: the guideline table and the SNAP link), the compose
// specs (rules/programs/us-xx/school_meals/2026.yaml) and docs/school-meals-coverage.md, from
// scripts/data/school-meals.json, the shared poverty guidelines (scripts/data/lifeline.json) and, for the SNAP link,
// the State SNAP packages' compose specs. Expected sample values come from scripts/lib/school-meals-reference.mjs,
// which is independent of the rule engine.
// Usage: node scripts/generate-school-meals-rules.mjs [--check]
//   --check writes nothing and exits 1 when a generated file differs from (or is missing on) disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { GeneratedFiles } from './lib/generated-files.mjs';
import { householdTier, schoolYearEntry } from './lib/school-meals-reference.mjs';
import { DET, IEG, determinationModule, iegModule } from './lib/school-meals-federal.mjs';
import { SCHOOL_MEALS_DOCS, coverageDoc } from './lib/school-meals-docs.mjs';
import { LIFELINE_HOUSEHOLD_FACTS } from './lib/household-vocabulary.mjs';
import { HOUSEHOLD_INPUT_DOCS, PERSON_INPUT_DOCS } from './lib/snap-input-docs.mjs';
import { areaSummary, programGuidelineArea } from './lib/guideline-area.mjs';
import { programJurisdictions } from './lib/program-jurisdictions.mjs';
import { setsRelation } from './lib/rule-text.mjs';
import { readSnapSpec, snapAssemblyId, snapFiscalYears, snapLinkOutputDocs, snapLinkOutputs, snapLinkRules, snapLinkSummary, snapMaterialFor,
  snapReceiptMaterial, snapScreeningLink } from './lib/snap-link.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel) => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
const data = read('scripts/data/school-meals.json');
const guidelines = read('scripts/data/lifeline.json').poverty_guidelines;
const snapData = read('scripts/data/snap-state-figures.json');
const files = new GeneratedFiles(root, process.argv.includes('--check'));

const MEMBERS = 'us:statutes/7/2012/m#relation.member_of_snap_household';
const PERIOD = '2026-11'; // the 2026-27 school year, in force today
const FIRST_MONTH = '2024-07-01'; // the federal modules' first version (the 2024-25 school year)

// ---------- jurisdictions: the 50 States and DC (each has a SNAP package), Guam, the Virgin Islands, Puerto Rico

const jurisdictions = programJurisdictions(snapData, [['pr', data.territories.pr]]);

// ---------- per-jurisdiction assembly

const assemblyId = (j) => `us-${j.code}:policies/school-meals/eligibility`;
const LINK = 'school_meals';
const SNAP_LAW = { citation: '42 U.S.C. 1758(b)(12)(A)', counts: 'a member of a household receiving SNAP', url: 'https://www.law.cornell.edu/uscode/text/42/1758', from: FIRST_MONTH };

/** A State universal school meals law bound to the federal hook (scripts/data/school-meals.json universal_meals). */
function universalMealsRules(j) {
  const law = data.universal_meals[j.code];
  if (!law) return [];
  // The binding replaces the federal hook from the packages' first month, so a law starting later says false before it.
  const before = law.from > FIRST_MONTH ? `\n      - effective_from: '${FIRST_MONTH}'\n        formula: 'false'` : '';
  return [`
  - name: ${j.code}_school_meals_universal_free_meals
    kind: derived
    entity: Person
    dtype: Judgment
    period: Month
    source: ${law.source}
    source_url: ${law.url}
    versions:${before}
      - effective_from: '${law.from}'
        formula: 'true'
${setsRelation(`${j.code}_sets_school_meals_state_universal_free_meals`, law.source, `${DET}#school_meals_state_universal_free_meals`, `${assemblyId(j)}#${j.code}_school_meals_universal_free_meals`)}`];
}

function assemblyModule(j, spec) {
  const imports = [DET, ...programGuidelineArea(j, 'School meals'), ...(j.snap ? [snapAssemblyId(j)] : [])];
  const snapLink = j.snap ? snapLinkRules({ j, snapSpec: spec, prefix: LINK, hookModule: DET, assemblyId: assemblyId(j), law: SNAP_LAW }) : [];
  const rules = [...snapLink, ...universalMealsRules(j)];
  const link = snapLinkSummary(j);
  const table = j.area === '48_states_dc' ? 'the table of the 48 contiguous States, the District of Columbia, Guam and the territories' : `the ${j.name} table`;
  const basis = `It is the Income Eligibility Guidelines notices' table for ${j.name}`;
  return `format: rulespec/v1
module:
  summary: >-
    Free and reduced-price school meals in ${j.name}: the federal rules (42 U.S.C. 1758(b); 7 CFR 245) with
    ${table}.${areaSummary(j, basis)} ${link}
  source_verification:
    corpus_citation_path: us-${j.code}/policy/school-meals/eligibility
imports:
${imports.map((i) => `  - ${i}`).join('\n')}
rules:${rules.length ? rules.join('\n') : ' []'}
`;
}

// ---------- compose specs

const HOUSEHOLD_IDS = {
  household_size: 'us:statutes/7/2012/m#input.household_size',
  earned_income: `${IEG}#input.earned_income`,
  unearned_income: `${IEG}#input.unearned_income`,
};
const PERSON_IDS = { earned_income: `${IEG}#input.earned_income`, unearned_income: `${IEG}#input.unearned_income`,
  self_employment_income: `${IEG}#input.self_employment_income`, self_employment_costs: `${IEG}#input.self_employment_costs` };
const PROGRAM_HOUSEHOLD = ['receives_snap', 'receives_snap_given', 'receives_tanf', 'receives_fdpir'];
const PROGRAM_PERSON = ['is_in_school', 'is_homeless', 'is_runaway', 'is_migrant', 'is_in_foster_care', 'is_enrolled_in_head_start'];
const HOUSEHOLD_FACT_DOCS = { ...LIFELINE_HOUSEHOLD_FACTS, ...SCHOOL_MEALS_DOCS.household };

function programMaterial(j) {
  const child = 'a child in school of a household not free otherwise eats free by this status (42 U.S.C. 1758(b)(12)(A); 7 CFR 245.2)';
  const household = {
    receives_tanf: { unless_output: 'school_meals_household_receipts_immaterial', reason: 'a household receiving TANF makes its children in school free (42 U.S.C. 1758(b)(12)(A))' },
    receives_fdpir: { unless_output: 'school_meals_household_receipts_immaterial', reason: 'a household receiving FDPIR makes its children in school free (42 U.S.C. 1758(b)(12)(A))' },
  };
  if (j.snap) {
    household.receives_snap = snapReceiptMaterial(LINK, 'a household receiving SNAP makes its children in school free (42 U.S.C. 1758(b)(12)(A))');
  }
  // Ages narrow the assumptions to children where the package reads age (the SNAP link); Puerto Rico's package reads none.
  const ages = (range) => (j.snap ? { ages: range } : {});
  const person = { is_in_school: { ...ages([5, 18]), reason: 'only a child in a school taking part in the National School Lunch or School Breakfast Program is certified (7 CFR 245.2, 245.6); not given, a school-age child is taken as not in school' } };
  for (const k of PROGRAM_PERSON.slice(1)) person[k] = { ...ages([0, 21]), unless_output: 'school_meals_child_status_immaterial', reason: child };
  return { household, person };
}

function sample(j) {
  const y = schoolYearEntry(data, PERIOD);
  const [first, add] = guidelines[y.guideline_year][j.area];
  const r = householdTier({ first, add, size: 2, monthlyIncome: 2000, categorical: false });
  return {
    household: { period: PERIOD, people: { parent: { earned_income: 2000 }, child: { ...(j.snap ? { age: 9 } : {}), is_in_school: true } } },
    outputs: { school_meals_household_tier: r.tier, school_meals_free_children: r.tier === 'free' ? 1 : 0, school_meals_reduced_price_children: r.tier === 'reduced_price' ? 1 : 0,
      school_meals_paid_children: r.tier === 'paid' ? 1 : 0, school_meals_household_monthly_income: 2000, school_meals_free_income_limit: r.free.monthly,
      school_meals_reduced_price_income_limit: r.reduced.monthly, school_meals_poverty_guideline: r.guideline },
  };
}

function unverified(j, snapSpec) {
  const out = data.school_years.filter((y) => !y.verified).map((y) => ({ parameter: `${IEG}#school_meals_guideline_year`, effective_from: y.from,
    reason: `School meals guideline year from ${y.from} not verified: ${y.reason}.` }));
  return [...(snapSpec?.unverified_parameters ?? []), ...out];
}

function docsOf(table, names) {
  return Object.fromEntries(names.map((n) => {
    const { values, for: forWhom, ...d } = table[n];
    void values; void forWhom;
    return [n, d];
  }));
}

function composeSpec(j, snapSpec) {
  const s = sample(j);
  const unlessOutputs = j.snap ? snapLinkOutputs(snapSpec, LINK) : [];
  const material = programMaterial(j);
  const programHousehold = PROGRAM_HOUSEHOLD;
  const spec = {
    program: `us-${j.code}/school_meals`,
    period: PERIOD,
    outputs: [...Object.keys(SCHOOL_MEALS_DOCS.outputs), ...unlessOutputs],
    scope: { federal: ['regulations/7-cfr/245/6'], state: ['policies/school-meals/eligibility'] },
    jurisdiction: `us-${j.code}`,
    program_id: 'school_meals',
    title: `${j.name[0].toUpperCase()}${j.name.slice(1)} free and reduced-price school meals (NSLP/SBP)`,
    default_period: PERIOD,
    default_outputs: SCHOOL_MEALS_DOCS.defaultOutputs,
    person_outputs: SCHOOL_MEALS_DOCS.personOutputs,
    // How a screen reads school meals (docs/screening.md): a child in school free or at reduced price, per child;
    // no dollar amount (docs/school-meals-coverage.md says why); the SNAP link where a SNAP package exists.
    screening: { eligible: ['school_meals_free_children', 'school_meals_reduced_price_children'], amount_period: 'month', kind: 'near_cash', recipient: 'person',
      person_eligible: 'school_meal_tier', person_eligible_values: ['free', 'reduced_price'],
      ...(j.snap ? snapScreeningLink(LINK) : {}) },
    household_entity: 'Household',
    household_aliases: { ...(j.snap ? snapSpec.household_aliases : HOUSEHOLD_IDS), ...Object.fromEntries(programHousehold.map((k) => [k, `${DET}#input.${k}`])) },
    input_types: { ...(j.snap ? snapSpec.input_types : { household_size: 'Integer', earned_income: 'Money', unearned_income: 'Money', self_employment_income: 'Money', self_employment_costs: 'Money' }),
      ...Object.fromEntries([...programHousehold, ...PROGRAM_PERSON].map((k) => [k, 'Boolean'])) },
    ...(j.snap ? { input_values: snapSpec.input_values } : {}),
    input_limits: j.snap ? snapSpec.input_limits : { household_size: { minimum: 1, maximum: 100 } },
    material_inputs: {
      household: { ...material.household, ...(j.snap ? snapMaterialFor(snapSpec.material_inputs.household, LINK) : {}) },
      person: { ...material.person, ...(j.snap ? snapMaterialFor(snapSpec.material_inputs.person, LINK) : {}) },
    },
    given_flags: { household: { receives_snap_given: 'receives_snap' } },
    input_defaults: { ...(j.snap ? snapSpec.input_defaults : { household_size: 1, earned_income: 0, unearned_income: 0 }), ...Object.fromEntries(programHousehold.map((k) => [k, false])) },
    person_entity: 'Person',
    person_relation: MEMBERS,
    person_aliases: { ...(j.snap ? snapSpec.person_aliases : PERSON_IDS), ...Object.fromEntries(PROGRAM_PERSON.map((k) => [k, `${DET}#input.${k}`])) },
    person_input_defaults: { ...(j.snap ? snapSpec.person_input_defaults : { earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0 }),
      ...Object.fromEntries(PROGRAM_PERSON.map((k) => [k, false])) },
    output_aliases: { free_school_meal_children: 'school_meals_free_children' },
    input_docs: { ...(j.snap ? snapSpec.input_docs : docsOf(HOUSEHOLD_INPUT_DOCS, Object.keys(HOUSEHOLD_IDS))), ...docsOf(HOUSEHOLD_FACT_DOCS, programHousehold) },
    person_input_docs: { ...(j.snap ? snapSpec.person_input_docs : docsOf(PERSON_INPUT_DOCS, Object.keys(PERSON_IDS))), ...docsOf(SCHOOL_MEALS_DOCS.person, PROGRAM_PERSON) },
    ...(j.snap ? snapFiscalYears(snapSpec) : {}),
    unverified_parameters: unverified(j, snapSpec),
    sample_household: s.household,
    sample_expected_outputs: s.outputs,
    output_docs: { ...SCHOOL_MEALS_DOCS.outputs, ...(j.snap ? snapLinkOutputDocs(snapSpec, LINK) : {}) },
  };
  return `# ${spec.title}: package generated by scripts/generate-school-meals-rules.mjs from scripts/data/school-meals.json${j.snap ? ' and the State SNAP package' : ''}.\n` +
    `# Keys after scope are Tenet package extensions; docs/snap-package-contract.md (section 3) and docs/school-meals-coverage.md describe them.\n` + YAML.stringify(spec, { lineWidth: 120 });
}

// ---------- main

files.write('rules/us/regulations/7-cfr/245/3.yaml', iegModule(data));
files.write('rules/us/regulations/7-cfr/245/6.yaml', determinationModule());
for (const j of jurisdictions) {
  const snapSpec = j.snap ? readSnapSpec(root, j.code) : null;
  files.write(`rules/us-${j.code}/policies/school-meals/eligibility.yaml`, assemblyModule(j, snapSpec));
  files.write(`rules/programs/us-${j.code}/school_meals/2026.yaml`, composeSpec(j, snapSpec));
}
files.write('docs/school-meals-coverage.md', coverageDoc({ data, guidelines, jurisdictions }));

if (files.check) {
  if (files.stale.length) {
    console.error(`out of date (run node scripts/generate-school-meals-rules.mjs):\n  ${files.stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${jurisdictions.length} school meals packages up to date`);
} else {
  console.log(`generated ${jurisdictions.length} school meals packages`);
}
