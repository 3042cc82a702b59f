#!/usr/bin/env node
// Generates the federal WIC eligibility module (rules/us/regulations/7-cfr/246/7), one WIC assembly per State
// agency's jurisdiction (rules/us-xx/policies/wic/eligibility), their companion tests, the compose specs
// (rules/programs/us-xx/wic/2026.yaml) and docs/wic-coverage.md, from scripts/data/wic.json and the HHS poverty
// guidelines of scripts/data/lifeline.json (the shared module us:statutes/42/9902/2, which the Lifeline generator
// writes). Expected values in tests come from scripts/lib/wic-reference.mjs, which is independent of the rule engine.
// Usage: node scripts/generate-wic-rules.mjs [--check]
//   --check writes nothing and exits 1 when a generated file differs from (or is missing on) disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GeneratedFiles, yamlList } from './lib/generated-files.mjs';
import { wicGuidelineYear, wicLimits } from './lib/wic-reference.mjs';
import { wicFederalModule, F, WIC_PERIOD } from './lib/wic-federal-module.mjs';
import { WIC_LINK, wicComposeSpec } from './lib/wic-compose-spec.mjs';
import { AREA_TEXT, areaSummary, programGuidelineArea } from './lib/guideline-area.mjs';
import { programJurisdictions } from './lib/program-jurisdictions.mjs';
import { readSnapSpec, snapAssemblyId, snapLinkRules, snapLinkSummary } from './lib/snap-link.mjs';
import { wicCoverageDoc } from './lib/wic-coverage-doc.mjs';
import { MEDICAID_PERSON_MODULE, medicaidLinkRules, medicaidLinkSummary, medicaidStateModule, medicaidWrappedRules, readMedicaidSpec } from './lib/medicaid-link.mjs';
import { medicaidReference } from './lib/medicaid-reference.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/wic.json'), 'utf8'));
const guidelines = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/lifeline.json'), 'utf8')).poverty_guidelines;
const snapData = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/snap-state-figures.json'), 'utf8'));
const medicaidData = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/medicaid.json'), 'utf8'));
const CHECK = process.argv.includes('--check');
const files = new GeneratedFiles(root, CHECK);


// ---------- jurisdictions: every State agency's (the SNAP packages' 53, plus the territories without SNAP)

const jurisdictions = programJurisdictions(snapData, Object.entries(data.territories));

// ---------- per-jurisdiction assembly: the federal rules and the guideline table that applies

const assemblyId = (j) => `us-${j.code}:policies/wic/eligibility`;
const SNAP_LAW = { citation: '7 CFR 246.7(d)(2)(vi)', counts: 'SNAP', url: 'https://www.ecfr.gov/current/title-7/section-246.7', from: '2023-10-01' };

const MEDICAID_LAW = { citation: '42 U.S.C. 1786(d)(2)(A)(ii)(II); 7 CFR 246.7(d)(2)(vi)', counts: 'an individual who receives Medicaid', url: 'https://www.ecfr.gov/current/title-7/section-246.7', from: '2023-10-01' };

/** The Medicaid link's rules: the person's Medicaid eligibility bound to WIC's hook, and the moot tests it wraps. */
function medicaidRules(j, id, medicaidSpec) {
  if (!medicaidSpec) return [];
  return [...medicaidLinkRules({ code: j.code, name: j.name, prefix: WIC_LINK, entity: 'Person', medicaidOutput: 'medicaid_person_eligible', hookModule: F, assemblyId: id, law: MEDICAID_LAW }),
    ...medicaidWrappedRules({ medicaidSpec, prefix: WIC_LINK, immaterial: 'wic_medicaid_receipt_immaterial', law: MEDICAID_LAW }), `
  - name: wic_expected_children_facts_immaterial
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 7 CFR 246.7(d) (WIC family size); 42 CFR 435.603(b) (Medicaid family size of a pregnant woman, when her Medicaid eligibility stands in for receipt)
    source_url: ${MEDICAID_LAW.url}
    versions:
      - effective_from: '${MEDICAID_LAW.from}'
        formula: wic_expected_children_immaterial and wic_medicaid_no_pregnant_member`];
}

function assemblyModule(j, snapSpec, medicaidSpec) {
  const id = assemblyId(j);
  const rules = [...(j.snap ? snapLinkRules({ j, snapSpec, prefix: WIC_LINK, hookModule: F, assemblyId: id, law: SNAP_LAW }) : []), ...medicaidRules(j, id, medicaidSpec)];
  const why = j.territory
    ? `The WIC income eligibility guidelines apply one table to the 48 contiguous States, the District of Columbia, Guam and the territories (7 CFR 246.7(d)(1); ${data.territory_table.reason})`
    : `The WIC income eligibility guidelines give ${AREA_TEXT[j.area]} its own table (7 CFR 246.7(d)(1))`;
  return `format: rulespec/v1
module:
  summary: >-
    WIC in ${j.name}: the federal eligibility rules (7 CFR 246.7) with the income guideline table that applies here
    (${AREA_TEXT[j.area]}${j.territory ? ', as the WIC guidelines apply it to the territories' : ''}). Residency in the
    State is what the jurisdiction stands for (7 CFR 246.7(c)(1)).${areaSummary(j, why)} ${snapLinkSummary(j)} ${medicaidLinkSummary(j.name, medicaidSpec)} The companion test works households by hand.
  source_verification:
    corpus_citation_path: us-${j.code}/policy/wic/eligibility
imports:
${[F, ...programGuidelineArea(j, 'WIC'), ...(j.snap ? [snapAssemblyId(j)] : []), ...(medicaidSpec ? [medicaidStateModule(j.code), MEDICAID_PERSON_MODULE] : [])].map((i) => `  - ${i}`).join('\n')}
rules:${rules.length ? rules.join('\n') : ' []'}
`;
}

const MEMBERS = 'us:statutes/7/2012/m#relation.member_of_snap_household';
const input = (name) => `${F}#input.${name}`;

/** A member as the federal rules read it, with neutral values for what the case does not set. */
function member(id, over = {}) {
  const v = { age: 30, earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, is_pregnant: false,
    expected_children_count: 1, is_breastfeeding: false, months_postpartum: 0, months_postpartum_given: false, receives_medicaid: false,
    receives_medicaid_given: true, nutritional_risk: true, ...over };
  return { id, ...Object.fromEntries(Object.entries(v).map(([k, x]) => [input(k), x])) };
}
function household(members, over = {}) {
  const v = { household_size: 1, earned_income: 0, unearned_income: 0, receives_snap: false, receives_snap_given: true, receives_tanf: false, ...over };
  return { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [input(k), x])), [MEMBERS]: members };
}

function assemblyTests(j, medicaidSpec) {
  const p = WIC_PERIOD;
  const year = wicGuidelineYear(data, p);
  const lim = (n) => wicLimits(guidelines, j.area, year, n);
  const two = lim(2);
  const tests = [];
  // A parent with an infant: income at the two-person monthly limit (at or below passes), then one dollar above.
  tests.push({ name: 'parent_and_infant_at_the_monthly_limit', period: p,
    description: `${year} guidelines (${j.area}): two people, monthly limit ceil(annual ${two.annual} / 12) = ${two.monthly}; income ${two.monthly} is at the limit, so the infant is eligible; the parent (30, not pregnant or postpartum) is in no category.`,
    input: household([member('parent', { earned_income: two.monthly }), member('infant', { age: 0 })]),
    output: { [`${F}#wic_household_monthly_income_limit`]: two.monthly, [`${F}#wic_eligible_people`]: 1, [`${F}#wic_categorically_eligible_people`]: 1 } });
  tests.push({ name: 'parent_and_infant_one_dollar_above', period: p,
    description: `Income ${two.monthly} + 1 = ${two.monthly + 1} is above the two-person limit ${two.monthly} and no program confers eligibility: nobody is eligible.`,
    input: household([member('parent', { earned_income: two.monthly + 1 }), member('infant', { age: 0 })]),
    output: { [`${F}#wic_eligible_people`]: 0, [`${F}#wic_household_income_eligible`]: 'not_holds' } });
  // A pregnant woman expecting twins: her family of one counts as three (7 CFR 246.7(d)).
  const three = lim(3);
  tests.push({ name: 'pregnant_woman_counts_expected_twins', period: p,
    description: `One person, pregnant with twins: her family size is 1 + 2 = 3, limit ${three.monthly}; income ${three.monthly} passes for her though it is above the one-person limit ${lim(1).monthly}.`,
    input: household([member('mother', { earned_income: three.monthly, is_pregnant: true, expected_children_count: 2 })]),
    output: { [`${F}#wic_household_monthly_income_limit`]: lim(1).monthly, [`${F}#wic_eligible_people`]: 1 } });
  if (medicaidSpec) tests.push(medicaidLinkTest(j, lim(2)));
  return tests;
}

const MAGI = 'us:regulations/42-cfr/435/603';
const MAGI_GROUPS = 'us:regulations/42-cfr/435/magi-groups';

/** The Medicaid link: a pregnant woman a dollar over her WIC limit, Medicaid receipt not given, SNAP stated false. */
function medicaidLinkTest(j, two) {
  const p = WIC_PERIOD;
  const g = guidelines[p.slice(0, 4)][j.area];
  const income = two.monthly + 1;
  const mother = { age: 28, earned_income: income, is_pregnant: true, expected_children_count: 1 };
  const medicaid = medicaidReference({ state: medicaidData.states[j.code], guideline: g, people: { mother }, facts: {}, period: p });
  const eligible = medicaid.medicaid_eligible_count > 0;
  const row = member('mother', { ...mother, receives_medicaid_given: false });
  for (const [k, v] of Object.entries({ earned_income: income, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, is_pregnant: true, expected_children_count: 1 })) row[`${MAGI}#input.${k}`] = v;
  row[`${MAGI_GROUPS}#input.age`] = 28;
  row[`${MAGI_GROUPS}#input.citizenship_status`] = 'citizen';
  const hh = { ...household([row]), [`${MAGI}#input.household_size`]: 1, [`${MAGI}#input.earned_income`]: 0, [`${MAGI}#input.unearned_income`]: 0 };
  return { name: 'medicaid_link_pregnant_woman_over_her_limit', period: p,
    description: `${j.name}: a pregnant woman earning ${income} a month, a dollar over her WIC limit (family of 2 with the child expected: ${two.monthly}); SNAP receipt stated false, Medicaid receipt not given. Medicaid (${j.name} package, worked by scripts/lib/medicaid-reference.mjs, ${p.slice(0, 4)} guideline ${g[0]} + ${g[1]} per person): ${medicaid.notes}. Her Medicaid eligibility stands in for receipt: ${eligible ? 'eligible for Medicaid, so adjunctively income-eligible for WIC (42 U.S.C. 1786(d)(2)(A)(ii)(II))' : 'not eligible for Medicaid, so not income-eligible for WIC'} (the calculation lists her receives_medicaid in assumptions as inferred).`,
    input: hh, output: { [`${F}#wic_household_income_eligible`]: 'not_holds', [`${F}#wic_medicaid_receipt_immaterial`]: 'not_holds', [`${F}#wic_medicaid_eligibility_used`]: eligible ? 'holds' : 'not_holds',
      [`${F}#wic_eligible_people`]: eligible ? 1 : 0 } };
}

// ---------- main

const { module: federal, tests: federalTests } = wicFederalModule({ data, guidelines, household, member });
files.write('rules/us/regulations/7-cfr/246/7.yaml', federal);
files.write('rules/us/regulations/7-cfr/246/7.test.yaml', yamlList(federalTests));
for (const j of jurisdictions) {
  const snapSpec = j.snap ? readSnapSpec(root, j.code) : null;
  const medicaidSpec = readMedicaidSpec(root, j.code);
  files.write(`rules/${assemblyId(j).replace(':', '/')}.yaml`, assemblyModule(j, snapSpec, medicaidSpec));
  files.write(`rules/${assemblyId(j).replace(':', '/')}.test.yaml`, yamlList(assemblyTests(j, medicaidSpec)));
  files.write(`rules/programs/us-${j.code}/wic/2026.yaml`, wicComposeSpec(j, { data, guidelines, snapSpec, medicaidSpec }));
}
files.write('docs/wic-coverage.md', wicCoverageDoc({ data, guidelines, jurisdictions }));

if (CHECK) {
  if (files.stale.length) {
    console.error(`out of date (run node scripts/generate-wic-rules.mjs):\n  ${files.stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${jurisdictions.length} WIC packages up to date`);
} else {
  console.log(`generated ${jurisdictions.length} WIC packages`);
}
