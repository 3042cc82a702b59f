#!/usr/bin/env node
// Generates the Medicaid and CHIP MAGI eligibility packages (issue #28, item 4) for the 50 States and DC: the federal
// modules (rules/us/regulations/42-cfr/435/603 MAGI household and income, 42-cfr/435/magi-groups the coverage groups
// and the immigrant rules, 42-cfr/457/310 CHIP), one State module per State binding its income standards
// (rules/us-xx/policies/medicaid/eligibility), their companion tests, the compose specs
// (rules/programs/us-xx/medicaid/2026.yaml) and docs/medicaid-coverage.md, from scripts/data/medicaid.json and the
// poverty guidelines of scripts/data/lifeline.json (the shared module us:statutes/42/9902/2).
// Usage: node scripts/generate-medicaid-rules.mjs [--check]
//   --check writes nothing and exits 1 when a generated file differs from (or is missing on) disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { GeneratedFiles, yamlList } from './lib/generated-files.mjs';
import { HOUSEHOLD_INPUT_DOCS, PERSON_INPUT_DOCS } from './lib/snap-input-docs.mjs';
import { setsRelation } from './lib/rule-text.mjs';
import { PERSON_FACT_DOCS, PERSON_FACT_VALUES } from './lib/snap-person-facts.mjs';
import { WIC_PERSON_FACTS } from './lib/household-vocabulary.mjs';
import { federalModules, CATEGORIES, FED, MEMBERS, HOUSEHOLD_OUTPUTS, DEFAULT_OUTPUTS, PERSON_OUTPUTS, OUTPUT_DOCS } from './lib/medicaid-federal-rules.mjs';
import { medicaidReference } from './lib/medicaid-reference.mjs';
import { personModule } from './lib/medicaid-person-rules.mjs';
import { coveragePage } from './lib/medicaid-coverage-doc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/medicaid.json'), 'utf8'));
const guidelines = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/lifeline.json'), 'utf8')).poverty_guidelines;
const files = new GeneratedFiles(root, process.argv.includes('--check'));
const PERIOD = '2026-03';

const CMS_TABLE = 'CMS, "Medicaid, Children\'s Health Insurance Program, & Basic Health Program Eligibility Levels" (state decisions as of December 1, 2023)';
const CMS_URL = 'https://www.medicaid.gov/medicaid/national-medicaid-chip-program-information/medicaid-childrens-health-insurance-program-basic-health-program-eligibility-levels/index.html';
const CMS_FILE = 'CMS, State Profiles data file "dec-2023-medicaid-income-eligibility888-updated.json" (the same table, state decisions as of December 1, 2023; published December 2024; read as transcribed in the public repository caroline-howard/medicaid-enrollment-policy-dashboard)';
const CMS_FILE_URL = 'https://www.medicaid.gov/sites/default/files/2024-12/dec-2023-medicaid-income-eligibility888-updated.json';
/** Where a State's row of the CMS table was read (scripts/data/medicaid.json limits_source): the page, or CMS's data file of it. */
const CMS_SOURCES = {
  cms_2023_12_01: { cite: CMS_TABLE, url: CMS_URL, label: 'CMS table' },
  cms_2023_12_01_json: { cite: CMS_FILE, url: CMS_FILE_URL, label: 'CMS file' },
};
/** A dated change without its own basis is from this compilation (a secondary source, so declared unverified). */
const SECONDARY = 'from a secondary compilation of the State standards as of January 2025 (KFF State Health Facts, as cited by PolicyEngine)';
const AREA = { ak: 'alaska', hi: 'hawaii' };
/** Person facts first read by the group rules (an input's id is the module that reads it); the others by 42 CFR 435.603's. */
const READ_BY_GROUPS = new Set(['age', 'citizenship_status']);

for (const [file, text] of federalModules(guidelines)) files.write(file, text);
files.write('rules/us/regulations/42-cfr/435/911.yaml', personModule());
files.write('rules/us/regulations/42-cfr/435/603.test.yaml', yamlList(magiTests()));

for (const [code, st] of Object.entries(data.states)) {
  files.write(`rules/us-${code}/policies/medicaid/eligibility.yaml`, stateModule(code, st));
  files.write(`rules/us-${code}/policies/medicaid/eligibility.test.yaml`, yamlList(stateTests(code, st)));
  files.write(`rules/programs/us-${code}/medicaid/2026.yaml`, composeSpec(code, st));
}
files.write('docs/medicaid-coverage.md', coveragePage(data, { CMS_TABLE, CMS_URL, CMS_FILE, CMS_FILE_URL, CMS_SOURCES }));

if (files.stale.length > 0) {
  console.error(`stale generated files (run node scripts/generate-medicaid-rules.mjs):\n  ${files.stale.join('\n  ')}`);
  process.exit(1);
}
console.log(`${Object.keys(data.states).length} Medicaid packages up to date`);

/** The CMS source a State's row was read from; every State's standards must come from one (a primary source). */
function cmsSource(code, st) {
  const source = CMS_SOURCES[st.limits_source];
  if (!source) throw new Error(`us-${code}: limits_source ${st.limits_source} is not a CMS source (${Object.keys(CMS_SOURCES).join(', ')})`);
  return source;
}

/**
 * The State's own publication that states a category's figure (scripts/data/medicaid.json state_sources), or null.
 * The generator stops when a State's figure differs from the one encoded: a difference must be resolved in the data.
 */
function stateSource(code, st, category) {
  const found = (st.state_sources ?? []).find((s) => category in s.figures);
  if (found && found.figures[category] !== st.limits[category]) throw new Error(`us-${code} ${category}: the State's publication gives ${found.figures[category]}%, the data ${st.limits[category]}%`);
  return found ?? null;
}

/** The limit versions of one category: the CMS table's figure from its date, then any dated change. */
function versions(st, category) {
  const list = [{ from: '2023-12-01', percent: st.limits[category] }];
  for (const c of st.changes ?? []) if (c.category === category) list.push({ from: c.effective_from, percent: c.percent });
  return list;
}

function stateModule(code, st) {
  const cms = cmsSource(code, st);
  const rules = [];
  const area = AREA[code];
  if (area) rules.push(param(`${code}_medicaid_poverty_guideline_area`, 'Text', `"${area}"`, '42 U.S.C. 9902(2) (HHS publishes separate guidelines for Alaska and Hawaii)', 'https://aspe.hhs.gov/topics/poverty-economic-mobility/poverty-guidelines'),
    sets(code, `${FED.MAGI}#medicaid_poverty_guideline_area`, `us-${code}:policies/medicaid/eligibility#${code}_medicaid_poverty_guideline_area`));
  for (const category of Object.keys(CATEGORIES)) {
    const covered = st.limits[category] !== null || (st.changes ?? []).some((c) => c.category === category);
    if (!covered) continue;
    const name = `${code}_medicaid_${category}_income_standard`;
    const vs = versions(st, category).map((v) => `      - effective_from: '${v.from}'\n        formula: '${v.percent}'`).join('\n');
    const own = stateSource(code, st, category);
    // A figure the State's own publication states is cited to it first; CMS's table (as read) agrees.
    const cite = own ? `${own.citation}; ${cms.cite}, which agrees` : cms.cite;
    rules.push(`
  - name: ${name}
    kind: parameter
    dtype: Decimal
    source: ${CATEGORIES[category].cite}; ${st.name}'s income standard, percent of the poverty guideline before the 5-point disregard; ${cite}
    source_url: ${own ? own.url : cms.url}
    versions:
${vs}`);
    rules.push(sets(code, CATEGORIES[category].hook, `us-${code}:policies/medicaid/eligibility#${name}`));
    if (CATEGORIES[category].coveredHook) {
      rules.push(param(`${code}_medicaid_${category}_covered`, 'Text', '"yes"', `${CATEGORIES[category].cite}; ${cms.cite}`, cms.url, st.expansion_date && category === 'expansion_adult' ? st.expansion_date : '2014-01-01'),
        sets(code, CATEGORIES[category].coveredHook, `us-${code}:policies/medicaid/eligibility#${code}_medicaid_${category}_covered`));
    }
  }
  if (st.infant_age_limit !== undefined) {
    const own = st.infant_age_source;
    if (!own) throw new Error(`us-${code}: infant_age_limit needs infant_age_source (the State's publication)`);
    rules.push(param(`${code}_medicaid_infant_age_limit`, 'Integer', String(st.infant_age_limit), `42 CFR 435.118 (the State plan's infant standard); ${own.citation}`, own.url, '2023-12-01'),
      sets(code, `${FED.GROUPS}#medicaid_infant_age_limit`, `us-${code}:policies/medicaid/eligibility#${code}_medicaid_infant_age_limit`));
  }
  if (st.chip_child_min_age !== 0) {
    rules.push(param(`${code}_chip_child_minimum_age`, 'Integer', String(st.chip_child_min_age), `42 CFR 457.310 (the State plan's ages); ${cms.cite}: separate CHIP from age 1 up to 19`, cms.url),
      sets(code, `${FED.CHIPSTD}#chip_child_minimum_age`, `us-${code}:policies/medicaid/eligibility#${code}_chip_child_minimum_age`));
  }
  return `format: rulespec/v1
module:
  summary: >-
    Medicaid and CHIP in ${st.name}: the State's MAGI income standards for each coverage group, as percentages of the
    HHS poverty guideline before the 5-point disregard (42 CFR 435.603(d)(4)), bound to the federal hooks. Figures from ${cms.cite}. ${st.expansion_date ? `Adult group (42 CFR 435.119) covered from ${st.expansion_date}.` : 'No adult group (the State has not expanded Medicaid under 42 U.S.C. 1396a(a)(10)(A)(i)(VIII)).'}
  source_verification:
    corpus_citation_path: us-${code}/policy/medicaid/eligibility
imports:
  - ${FED.PERSON}
rules:${rules.join('\n')}
`;
}

function param(name, dtype, formula, source, url, from = '2014-01-01') {
  return `
  - name: ${name}
    kind: parameter
    dtype: ${dtype}
    source: ${source}
    source_url: ${url}
    versions:
      - effective_from: '${from}'
        formula: '${formula.replace(/'/g, "''")}'`;
}

function sets(code, hookId, valueId) {
  const source = '42 CFR 435.10 (the State plan specifies the groups covered and their income standards); 42 CFR 457.50 (the CHIP State plan)';
  return setsRelation(`${code}_sets_${hookId.split('#')[1]}`, source, hookId, valueId);
}

function stateTests(code, st) {
  const g = guidelines['2026'][AREA[code] ?? '48_states_dc'];
  const tests = [];
  const ref = (people, facts = {}) => medicaidReference({ state: st, guideline: g, people, facts, period: PERIOD });
  // A parent earning exactly at the parent/caretaker standard plus the disregard, with a child of 4.
  const size3 = g[0] + 2 * g[1];
  for (const [name, people] of [
    ['family_of_three_at_2000', { parent: { age: 34, earned_income: 2000 }, child_1: { age: 4 }, child_2: { age: 9 } }],
    ['single_adult_at_1500', { adult: { age: 40, earned_income: 1500 } }],
    ['pregnant_adult_at_2500', { mother: { age: 28, earned_income: 2500, is_pregnant: true, expected_children_count: 1 } }],
    // Where the infant standard reaches older children: a 1-year-old whose family's income is between the 1-5 limit
    // and the infant limit is eligible as an infant.
    ...(st.infant_age_limit === undefined ? [] : [['one_year_old_between_the_child_and_infant_limits', oneYearOldBetweenLimits(st, g)]]),
  ]) {
    const r = ref(people);
    tests.push({ name: `${code}_${name}`, description: `Worked by scripts/lib/medicaid-reference.mjs: ${r.notes}${Object.keys(people).length === 3 ? ` (2026 guideline for 3: ${size3})` : ''}.`, period: PERIOD,
      input: testInput(people), output: { [`${FED.PERSON}#medicaid_eligible_count`]: r.medicaid_eligible_count, [`${FED.PERSON}#chip_eligible_count`]: r.chip_eligible_count } });
  }
  return tests;
}

/** A parent and a 1-year-old (household of 2) whose monthly earnings put them halfway between the State's 1-5 and infant limits. */
function oneYearOldBetweenLimits(st, g) {
  const size2 = g[0] + g[1];
  const limit = (percent) => (size2 * (percent + 5)) / 100;
  const monthly = Math.floor((limit(st.limits.child_1_5) + limit(st.limits.infant)) / 2 / 12);
  return { parent: { age: 30, earned_income: monthly }, child: { age: 1 } };
}

/** Companion tests of the MAGI module (42 CFR 435.603), worked by hand in each description. */
function magiTests() {
  const id = (name) => `${FED.MAGI}#${name}`;
  const [g24, g25, g26] = [guidelines['2024']['48_states_dc'], guidelines['2025']['48_states_dc'], guidelines['2026']['48_states_dc']];
  return [
    { name: 'january_2025_reads_the_2024_guidelines', description: `Four people given as household_size, January 2025 (read at its first day): the 2025 notice applies from January 15, 2025 (90 FR 5917), so the 2024 guidelines (89 FR 2961) are still the federal poverty level (42 CFR 435.4): ${g24[0]} + 3 x ${g24[1]} = ${g24[0] + 3 * g24[1]}.`, period: '2025-01',
      input: { ...testInput({}), [`${FED.MAGI}#input.household_size`]: 4 }, output: { [id('medicaid_poverty_guideline_year')]: 2024, [id('medicaid_poverty_guideline')]: g24[0] + 3 * g24[1] } },
    { name: 'income_of_three_people_2026', description: `Wages 1,000, unearned 500, self-employment 300 less 400 costs (a loss of 100 reduces income, as in AGI): 1,400 a month, 16,800 a year; guideline for 3 in 2026: ${g26[0]} + 2 x ${g26[1]} = ${g26[0] + 2 * g26[1]}.`, period: '2026-03',
      input: testInput({ a: { earned_income: 1000, self_employment_income: 300, self_employment_costs: 400 }, b: { unearned_income: 500 }, c: { age: 8 } }),
      output: { [id('medicaid_household_size')]: 3, [id('medicaid_household_monthly_income')]: 1400, [id('medicaid_household_annual_income')]: 16800, [id('medicaid_poverty_guideline')]: g26[0] + 2 * g26[1] } },
    { name: 'household_size_alone_2025', description: `Four people given as household_size, no one listed: guideline for 4 in 2025: ${g25[0]} + 3 x ${g25[1]} = ${g25[0] + 3 * g25[1]}; the 2025 guidelines from January 15, 2025.`, period: '2025-06',
      input: { ...testInput({}), [`${FED.MAGI}#input.household_size`]: 4 }, output: { [id('medicaid_household_size')]: 4, [id('medicaid_poverty_guideline')]: g25[0] + 3 * g25[1] } },
    { name: 'pregnant_woman_expecting_twins', description: `A pregnant woman expecting two and one other person: household 2, her family size 2 + 2 = 4 (42 CFR 435.603(b)); guideline for 4 in 2026: ${g26[0]} + 3 x ${g26[1]} = ${g26[0] + 3 * g26[1]}.`, period: '2026-03',
      input: testInput({ mother: { is_pregnant: true, expected_children_count: 2 }, partner: {} }),
      output: { [id('medicaid_household_size')]: 2, [id('medicaid_pregnancy_family_size')]: 4, [id('medicaid_pregnancy_poverty_guideline')]: g26[0] + 3 * g26[1], [id('medicaid_no_pregnant_member')]: 'not_holds' } },
    { name: 'self_employment_loss_floors_at_zero', description: 'Self-employment receipts 100, costs 500, nothing else: a loss of 400, household income 0 (not negative).', period: '2026-03',
      input: testInput({ a: { self_employment_income: 100, self_employment_costs: 500 } }), output: { [id('medicaid_household_monthly_income')]: 0, [id('medicaid_no_pregnant_member')]: 'holds' } },
  ];
}

function testInput(people) {
  const rows = Object.entries(people).map(([id, p]) => {
    const row = { id };
    for (const [k, v] of Object.entries({ age: 30, earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, citizenship_status: 'citizen', is_pregnant: false, expected_children_count: 1, ...p })) row[`${FED.MAGI}#input.${k}`] = v;
    return row;
  });
  return { [`${FED.MAGI}#input.household_size`]: 1, [`${FED.MAGI}#input.earned_income`]: 0, [`${FED.MAGI}#input.unearned_income`]: 0, [MEMBERS]: rows };
}

function composeSpec(code, st) {
  const sample = { period: PERIOD, people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 4 }, child_2: { age: 9 } } };
  const expected = medicaidReference({ state: st, guideline: guidelines['2026'][AREA[code] ?? '48_states_dc'], people: sample.people, facts: {}, period: PERIOD });
  const householdIds = { household_size: `${FED.MAGI}#input.household_size`, earned_income: `${FED.MAGI}#input.earned_income`, unearned_income: `${FED.MAGI}#input.unearned_income` };
  const personFacts = ['age', 'earned_income', 'unearned_income', 'self_employment_income', 'self_employment_costs', 'citizenship_status', 'is_pregnant', 'expected_children_count'];
  const personDocs = { ...PERSON_INPUT_DOCS, ...PERSON_FACT_DOCS, ...Object.fromEntries(Object.entries(WIC_PERSON_FACTS).map(([k, v]) => [k, { description: v.description, period: v.period, unit: v.unit }])) };
  const outputs = [...HOUSEHOLD_OUTPUTS];
  const unverified = [];
  for (const c of st.changes ?? []) unverified.push({ parameter: `us-${code}:policies/medicaid/eligibility#${code}_medicaid_${c.category}_income_standard`, effective_from: c.effective_from, reason: `${st.name}'s ${CATEGORIES[c.category].label} standard ${c.percent}% from ${c.effective_from}, ${c.basis ?? SECONDARY}; the CMS table of December 1, 2023 predates it.` });
  // The rows after Maine were read in a third party's transcription of CMS's data file, not from CMS itself: a
  // secondary copy, so each figure is declared (it agrees with CMS's page on 18 of the 20 States both give), unless
  // the State's own publication states it.
  if (st.limits_source === 'cms_2023_12_01_json') {
    for (const category of Object.keys(CATEGORIES)) {
      if (st.limits[category] === null || st.limits[category] === undefined) continue;
      if (stateSource(code, st, category)) continue; // the State's own publication states it (cited on the rule)
      unverified.push({ parameter: `us-${code}:policies/medicaid/eligibility#${code}_medicaid_${category}_income_standard`, effective_from: '2023-12-01', reason: `${st.name}'s standard for ${CATEGORIES[category].label}, ${st.limits[category]}%, is CMS's figure (state decisions as of December 1, 2023) as transcribed from CMS's data file (${CMS_FILE_URL}) in the public repository caroline-howard/medicaid-enrollment-policy-dashboard; neither CMS's file nor its page row for this State was read here, and the transcription differs from CMS's page on 2 of the 20 States both give (Alaska's and Florida's parent standards).` });
    }
  }
  if (st.expansion_date) unverified.push({ parameter: `us-${code}:policies/medicaid/eligibility#${code}_medicaid_expansion_adult_covered`, reason: `${st.name}'s adult-group start date ${st.expansion_date} is from secondary summaries of the States' expansion dates; the CMS table shows only that the group is covered.` });
  unverified.push({ parameter: `${FED.GROUPS}#medicaid_humanitarian_noncitizens_eligible`, effective_from: '2026-10-01', reason: 'The date refugees, asylees and the other humanitarian qualified aliens stop being eligible, October 1, 2026, was read in H.R. 4384 (119th Congress), which quotes 42 U.S.C. 1396b(v)(5) as added by Pub. L. 119-21 sec. 71109(a) and proposes to move it to July 4, 2025; the enacted text itself was not read.' });
  unverified.push({ parameter: `${FED.GROUPS}#medicaid_community_engagement_in_force`, effective_from: '2027-01-01', reason: 'The date the community engagement requirement of Pub. L. 119-21 sec. 71119 applies at the latest (the first quarter beginning after December 31, 2026) is from summaries of the Act; its text and any State\'s earlier start were not read.' });
  unverified.push({ parameter: `${FED.MAGI}#medicaid_poverty_guideline_year`, reason: 'Medicaid uses each year\'s HHS guidelines from the date of the HHS notice here (2025 from January 15, 2025, 90 FR 5917; before it the 2024 guidelines, so January 2025, read at its first day, uses 2024\'s), as 42 CFR 435.4 defines the federal poverty level; the date this State switches to each year\'s guidelines (a State may use a later date of its own, often April 1) was not read, and neither was CMS\'s yearly guidance on it.' });
  const spec = {
    program: `us-${code}/medicaid`, period: PERIOD, outputs, scope: { federal: ['regulations/42-cfr/435/911'], state: ['policies/medicaid/eligibility'] },
    jurisdiction: `us-${code}`, program_id: 'medicaid', title: `${st.name} Medicaid and CHIP (MAGI eligibility)`, default_period: PERIOD,
    default_outputs: DEFAULT_OUTPUTS, person_outputs: PERSON_OUTPUTS,
    // How a screen reads Medicaid and CHIP (docs/screening.md): coverage, per person, no dollar amount.
    screening: { eligible: ['medicaid_any_eligible', 'chip_any_eligible'], amount_period: 'month', kind: 'coverage', recipient: 'person', person_eligible: ['medicaid_person_eligible', 'chip_person_eligible'] }, household_entity: 'Household', household_aliases: householdIds,
    input_types: { household_size: 'Integer', earned_income: 'Money', unearned_income: 'Money', age: 'Integer', self_employment_income: 'Money', self_employment_costs: 'Money', citizenship_status: 'Text', is_pregnant: 'Boolean', expected_children_count: 'Integer' },
    input_values: { citizenship_status: PERSON_FACT_VALUES.citizenship_status },
    input_limits: { household_size: { minimum: 1, maximum: 100 }, age: { minimum: 0, maximum: 150 }, expected_children_count: { minimum: 1, maximum: 10 } },
    material_inputs: { person: {
      age: { reason: 'age decides the coverage group (infants under 1, children 1-5 and 6-18: 42 CFR 435.118; the adult group 19-64: 435.119) and so the income standard' },
      citizenship_status: { reason: 'a non-citizen is eligible only as a qualified alien past or exempt from the five-year bar (8 U.S.C. 1611, 1613, 1641)' },
      is_pregnant: { ages: [10, 55], reason: 'pregnant people have their own coverage group and standard (42 CFR 435.116) and count the children expected in their family size (435.603(b))' },
      expected_children_count: { unless_output: 'medicaid_no_pregnant_member', reason: 'a pregnant person is counted as herself plus the children she expects (42 CFR 435.603(b)); one is assumed' },
    } },
    input_defaults: { household_size: 1, earned_income: 0, unearned_income: 0 },
    person_entity: 'Person', person_relation: MEMBERS,
    person_aliases: Object.fromEntries(personFacts.map((k) => [k, `${READ_BY_GROUPS.has(k) ? FED.GROUPS : FED.MAGI}#input.${k}`])),
    person_input_defaults: { age: 30, earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, citizenship_status: 'citizen', is_pregnant: false, expected_children_count: 1 },
    output_aliases: { is_medicaid_eligible: 'medicaid_any_eligible', is_chip_eligible: 'chip_any_eligible' },
    input_docs: { household_size: HOUSEHOLD_INPUT_DOCS.household_size, earned_income: HOUSEHOLD_INPUT_DOCS.earned_income, unearned_income: HOUSEHOLD_INPUT_DOCS.unearned_income },
    person_input_docs: Object.fromEntries(personFacts.map((k) => [k, personDocs[k]])),
    output_docs: OUTPUT_DOCS,
    unverified_parameters: unverified,
    sample_household: sample,
    sample_expected_outputs: Object.fromEntries(DEFAULT_OUTPUTS.map((o) => [o, expected[o]])),
  };
  return `# ${st.name} Medicaid and CHIP (MAGI eligibility): package generated by scripts/generate-medicaid-rules.mjs from scripts/data/medicaid.json.\n# Keys after scope are Tenet package extensions; docs/snap-package-contract.md (section 3) and docs/medicaid-coverage.md describe them.\n${YAML.stringify(spec, { lineWidth: 120 })}`;
}
