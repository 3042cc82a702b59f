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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/wic.json'), 'utf8'));
const guidelines = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/lifeline.json'), 'utf8')).poverty_guidelines;
const snapData = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/snap-state-figures.json'), 'utf8'));
const CHECK = process.argv.includes('--check');
const files = new GeneratedFiles(root, CHECK);


// ---------- jurisdictions: every State agency's (the SNAP packages' 53, plus the territories without SNAP)

const jurisdictions = programJurisdictions(snapData, Object.entries(data.territories));

// ---------- per-jurisdiction assembly: the federal rules and the guideline table that applies

const assemblyId = (j) => `us-${j.code}:policies/wic/eligibility`;
const SNAP_LAW = { citation: '7 CFR 246.7(d)(2)(vi)', counts: 'SNAP', url: 'https://www.ecfr.gov/current/title-7/section-246.7', from: '2023-10-01' };

function assemblyModule(j, snapSpec) {
  const id = assemblyId(j);
  const rules = j.snap ? snapLinkRules({ j, snapSpec, prefix: WIC_LINK, hookModule: F, assemblyId: id, law: SNAP_LAW }) : [];
  const why = j.territory
    ? `The WIC income eligibility guidelines apply one table to the 48 contiguous States, the District of Columbia, Guam and the territories (7 CFR 246.7(d)(1); ${data.territory_table.reason})`
    : `The WIC income eligibility guidelines give ${AREA_TEXT[j.area]} its own table (7 CFR 246.7(d)(1))`;
  return `format: rulespec/v1
module:
  summary: >-
    WIC in ${j.name}: the federal eligibility rules (7 CFR 246.7) with the income guideline table that applies here
    (${AREA_TEXT[j.area]}${j.territory ? ', as the WIC guidelines apply it to the territories' : ''}). Residency in the
    State is what the jurisdiction stands for (7 CFR 246.7(c)(1)).${areaSummary(j, why)} ${snapLinkSummary(j)} The companion test works households by hand.
  source_verification:
    corpus_citation_path: us-${j.code}/policy/wic/eligibility
imports:
${[F, ...programGuidelineArea(j, 'WIC'), ...(j.snap ? [snapAssemblyId(j)] : [])].map((i) => `  - ${i}`).join('\n')}
rules:${rules.length ? rules.join('\n') : ' []'}
`;
}

const MEMBERS = 'us:statutes/7/2012/m#relation.member_of_snap_household';
const input = (name) => `${F}#input.${name}`;

/** A member as the federal rules read it, with neutral values for what the case does not set. */
function member(id, over = {}) {
  const v = { age: 30, earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, is_pregnant: false,
    expected_children_count: 1, is_breastfeeding: false, months_postpartum: 0, months_postpartum_given: false, receives_medicaid: false,
    nutritional_risk: true, ...over };
  return { id, ...Object.fromEntries(Object.entries(v).map(([k, x]) => [input(k), x])) };
}
function household(members, over = {}) {
  const v = { household_size: 1, earned_income: 0, unearned_income: 0, receives_snap: false, receives_snap_given: true, receives_tanf: false, ...over };
  return { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [input(k), x])), [MEMBERS]: members };
}

function assemblyTests(j) {
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
  return tests;
}

// ---------- main

const { module: federal, tests: federalTests } = wicFederalModule({ data, guidelines, household, member });
files.write('rules/us/regulations/7-cfr/246/7.yaml', federal);
files.write('rules/us/regulations/7-cfr/246/7.test.yaml', yamlList(federalTests));
for (const j of jurisdictions) {
  const snapSpec = j.snap ? readSnapSpec(root, j.code) : null;
  files.write(`rules/${assemblyId(j).replace(':', '/')}.yaml`, assemblyModule(j, snapSpec));
  files.write(`rules/${assemblyId(j).replace(':', '/')}.test.yaml`, yamlList(assemblyTests(j)));
  files.write(`rules/programs/us-${j.code}/wic/2026.yaml`, wicComposeSpec(j, { data, guidelines, snapSpec }));
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
