#!/usr/bin/env node
// Generates the State SNAP packages under rules/us-xx/, their compose specs under rules/programs/,
// the parity cases under parity/snap/ and the coverage table in docs/coverage.md from the checked-in
// figures in scripts/data/snap-state-figures.json. Expected values in tests and parity cases come
// from scripts/lib/snap-reference.mjs, which is independent of the rule engine.
// Usage: node scripts/generate-snap-state-rules.mjs [--check]
//   --check writes nothing and exits 1 when a generated file differs from (or is missing on) disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { GeneratedFiles, yamlList } from './lib/generated-files.mjs';
import { setsRelation } from './lib/rule-text.mjs';
import { at, computeSnap } from './lib/snap-reference.mjs';
import { HEAD_OF_HOUSEHOLD_FACT_ALIASES, HEAD_OF_HOUSEHOLD_FACT_DEFAULTS, HEAD_OF_HOUSEHOLD_FACT_TYPES, MATERIAL_INPUTS, PERSON_FACT_ALIASES, PERSON_FACT_DEFAULTS, PERSON_FACT_TYPES, PERSON_FACT_VALUES, personFactRow } from './lib/snap-person-facts.mjs';
import { HOUSEHOLD_INPUT_DOCS, OUTPUT_DOCS, PERSON_INPUT_DOCS, docsFor } from './lib/snap-input-docs.mjs';
import { mixedStatusHousehold, noncitizenCoverageNote, noncitizenModule, noncitizenOption, noncitizenTests } from './lib/snap-noncitizen-option.mjs';
import { VEHICLE_FACT_ALIASES, VEHICLE_FACT_DEFAULTS, VEHICLE_FACT_DOCS, VEHICLE_FACT_TYPES, stateVehicleModule, stateVehicleRule, stateVehicleTests, vehicleCoverageNote, vehicleFactRow, vehicleMaterialInputs, VEHICLE_OUTPUTS, VEHICLE_OUTPUT_DOCS } from './lib/snap-vehicle-facts.mjs';
import { limitedSumExpected, limitedSumExpr, limitedSumRules, limitedSumText, limitedSumUnverified, readsUtilitiesPaid, UTILITY_PAID_DOCS, UTILITY_PAID_FACTS, utilitiesPaidImmaterialName, utilitiesPaidImmaterialRule, utilitiesPaidMaterialInputs, utilitiesPaidOutputDocs } from './lib/snap-single-utility.mjs';
import { limitedNotPublished, limitedNotPublishedExpr, limitedNotPublishedRule, limitedNotPublishedUnverified, SINGLE_UTILITY_KIND_VALUES, readsSingleUtilityKind, singleParamName, singleUtilityCoverage, singleUtilityExpected, singleUtilityExpr, singleUtilityRules, singleUtilityText, singleUtilityUnverified } from './lib/snap-single-utility.mjs';
import { FY2027_MEMO_URL, FY2027_START, addFy2027UtilityFigures, fy2027UtilityText } from './lib/snap-fy2027-utility.mjs';
import { CHILD_SUPPORT_COVERAGE_NOTE, SELF_EMPLOYMENT_COVERAGE_NOTE, childSupportBasisText, childSupportCheckCount, childSupportSources, childSupportSummary, childSupportTest, bbceTiers, unverifiedNote, utilityBasisText, unverifiedParameters, uncheckedFy26Parameters, utilityCheckText } from './lib/snap-state-law.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = JSON.parse(fs.readFileSync(path.join(root, 'scripts/data/snap-state-figures.json'), 'utf8'));
for (const st of Object.values(data.states)) addFy2027UtilityFigures(st);

const FY_DATES = [['2023-10-01', 'FY2024'], ['2024-10-01', 'FY2025'], ['2025-10-01', 'FY2026'], ['2026-10-01', 'FY2027']];
const SUA_URL = 'https://www.fns.usda.gov/snap/eligibility/deduction/standard-utility-allowances';
const SUA_FY25_URL = 'https://www.fns.usda.gov/sites/default/files/resource-files/2024-09-30-SUA-Table-FY25-508-Update.xlsx';
const BBCE_URL = 'https://www.fns.usda.gov/snap/broad-based-categorical-eligibility';
const OPTIONS_URL = 'https://www.fns.usda.gov/snap/waivers/state-options-report';

const F = {
  size: 'us:statutes/7/2012/m#input.household_size',
  members: 'us:statutes/7/2012/m#relation.member_of_snap_household',
  hasEd: 'us:statutes/7/2012/j#input.has_elderly_or_disabled_member',
  age: 'us:statutes/7/2012/j#input.age',
  disabled: 'us:statutes/7/2012/j#input.is_disabled',
  earned: 'us:statutes/7/2014/d#input.earned_income',
  unearned: 'us:statutes/7/2014/d#input.unearned_income',
  childSupport: 'us:statutes/7/2014/d#input.child_support_paid',
  dependentCare: 'us:statutes/7/2014/e/3#input.dependent_care_costs',
  medical: 'us:statutes/7/2014/e/5#input.medical_costs',
  shelter: 'us:regulations/7-cfr/273/9/d/6/ii#input.shelter_costs',
  homeless: 'us:regulations/7-cfr/273/10/e/1#input.is_homeless',
  resources: 'us:statutes/7/2014/g#input.countable_resources',
  tanfSsi: 'us:regulations/7-cfr/273/2/j#input.all_members_receive_tanf_or_ssi',
};
const OUT = {
  snap_allotment: 'us:statutes/7/2017/a#snap_allotment',
  snap_eligible: 'us:statutes/7/2014/a#snap_eligible',
  snap_gross_income: 'us:statutes/7/2014/d#snap_gross_income',
  snap_net_income: 'us:regulations/7-cfr/273/10/e/1#snap_net_income',
  snap_standard_deduction: 'us:statutes/7/2014/e/1#snap_standard_deduction',
  snap_excess_shelter_deduction: 'us:regulations/7-cfr/273/10/e/1#snap_excess_shelter_deduction',
  snap_maximum_allotment: 'us:statutes/7/2012/u#snap_maximum_allotment',
  snap_utility_allowance: 'us:regulations/7-cfr/273/9/d/6/iii#snap_utility_allowance',
};

// How a screen reads a SNAP answer (docs/screening.md): the household receives SNAP when it would be certified
// (snap_certified: eligible, and not a household of three or more whose allotment is $0, which 7 CFR
// 273.10(e)(2)(iii)(A) denies). The tests are those of 7 U.S.C. 2014(a) in the order snap_eligible reads them when
// the household is not categorically eligible, then that denial.
const SNAP_SCREENING = {
  eligible: 'snap_certified',
  amount: 'snap_allotment',
  amount_period: 'month',
  kind: 'near_cash',
  recipient: 'household',
  tests: ['snap_household_has_eligible_member', 'snap_passes_gross_income_test', 'snap_meets_net_income_standard', 'snap_meets_resource_limit', 'snap_certified'],
};

// ---------- small helpers

const q = (s) => JSON.stringify(s);
const lit = (v) => (typeof v === 'boolean' ? String(v) : typeof v === 'string' ? q(v) : String(v));
const fyLabel = (date) => (FY_DATES.find(([d]) => d === date) || [null, 'in-year change'])[1];

// Consecutive equal values collapse into one version (a restated figure is not a new version).
/** `keepDates`: versions kept even when their value repeats the one before (a date an unverified declaration names). */
function versionsScalar(series, mapValue = (v) => v, keepDates = []) {
  return series
    .filter(([d, v], i) => i === 0 || keepDates.includes(d) || JSON.stringify(mapValue(series[i - 1][1])) !== JSON.stringify(mapValue(v)))
    .map(([d, v]) => `      - effective_from: '${d}'  # ${fyLabel(d)}\n        formula: '${lit(mapValue(v))}'`)
    .join('\n');
}

// Merge per-size series (index 0 = size 1) into dated tables.
function versionsTable(bySize) {
  const dates = [...new Set(bySize.flatMap((s) => s.map(([d]) => d)))].sort();
  return dates
    .map((d) => {
      const vals = bySize.map((s, i) => `${i + 1}: ${at(s, d)}`).join(', ');
      return `      - effective_from: '${d}'  # ${fyLabel(d)}\n        values: {${vals}}`;
    })
    .join('\n');
}

const CHECK = process.argv.includes('--check');
const files = new GeneratedFiles(root, CHECK);
const write = (rel, text) => files.write(rel, text);
const stale = files.stale;

// ---------- utility allowances

function utilityPlan(code, st) {
  const regions = Object.entries(st.regions);
  const multi = regions.length > 1;
  const isIndividual = code === 'hi' || code === 'gu';
  const kinds = [];
  const sizeVarying = regions.some(([, r]) => r.sua_by_size || r.lua_by_size || r.electricity_by_size);
  // kind: key, label, per-region series or by-size series
  const pick = (r, k) => r[k];
  const def = (key, label, seriesKey, bySizeKey) => {
    const present = regions.some(([, r]) => (bySizeKey && r[bySizeKey]) || (pick(r, seriesKey) || []).some(([, v]) => v > 0));
    if (present) kinds.push({ key, label, seriesKey, bySizeKey });
    return present;
  };
  if (isIndividual) {
    def('electricity', 'electricity standard', null, 'electricity_by_size');
    def('water', 'water standard', null, 'water_by_size');
  } else {
    def('sua', 'heating and cooling standard utility allowance (SUA)', 'sua', 'sua_by_size');
    def('lua', 'limited utility allowance (LUA)', 'lua', 'lua_by_size');
  }
  def('tua', 'telephone utility allowance (TUA)', 'tua', null);
  return { regions, multi, isIndividual, kinds, sizeVarying };
}

const paramName = (code, key, region, multi) =>
  `${code}_snap_${{ sua: 'heating_cooling_sua', lua: 'limited_utility_allowance', tua: 'telephone_allowance', electricity: 'electricity_standard', water: 'water_standard' }[key]}${multi ? `_${region}` : ''}`;

// Largest household size a State's by-size utility tables list (10 unless a table goes further, as Guam's does);
// larger households use that size's figure.
function utilityTableMaxSize(st) {
  const lengths = Object.values(st.regions).flatMap((r) => ['sua_by_size', 'lua_by_size', 'electricity_by_size', 'water_by_size'].filter((k) => r[k]).map((k) => r[k].length));
  return Math.max(10, ...lengths);
}

function utilityModule(code, st, moduleId) {
  const plan = utilityPlan(code, st);
  const maxSize = utilityTableMaxSize(st);
  const { regions, multi, kinds } = plan;
  const anyCost = st.sua_for_any_utility_cost.some(([, v]) => v);
  const rules = [];
  if (plan.sizeVarying) {
    rules.push(`
  - name: ${code}_snap_utility_table_size
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    source: ${st.name} utility allowance tables by household size (sizes 1-${maxSize}; larger households use the ${maxSize}-person figure)
    source_url: ${SUA_URL}
    versions:
      - effective_from: '2023-10-01'
        formula: min(max(snap_household_size, 1), ${maxSize})`);
    rules.push(`
  - name: ${code}_snap_utility_table_size_with_disqualified_counted
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    source: ${st.name} utility allowance tables by household size; 7 CFR 273.11(c)(1)(ii) (the size with the disqualified members counted)
    source_url: ${SUA_URL}
    versions:
      - effective_from: '2023-10-01'
        formula: min(max(snap_household_size_with_disqualified_counted, 1), ${maxSize})`);
  }
  for (const k of kinds) {
    for (const [region, r] of regions) {
      const name = paramName(code, k.key, region, multi);
      const where = multi ? `, ${r.label}` : '';
      const bySize = k.bySizeKey && r[k.bySizeKey];
      if (bySize) {
        rules.push(`
  - name: ${name}
    kind: parameter
    dtype: Money
    unit: USD
    indexed_by: household_size
    source: 7 CFR 273.9(d)(6)(iii); ${st.agency}, SNAP ${k.label} by household size${where}, FY2024-FY2026 (FNS-approved)${r[k.bySizeKey].some((x) => x.some(([d]) => d >= FY2027_START)) ? '; FY2027 unverified' : ''}
    sources:
      - {citation: 'FNS, SNAP Standard Utility Allowances by State', url: '${SUA_URL}'}
      - {citation: 'FNS, SUA table FY2025', url: '${SUA_FY25_URL}'}
    versions:
${versionsTable(bySize)}`);
      } else {
        rules.push(`
  - name: ${name}
    kind: parameter
    dtype: Money
    unit: USD
    source: 7 CFR 273.9(d)(6)(iii); ${st.agency}, SNAP ${k.label}${where}, FY2024-FY2026 (FNS-approved)${r[k.seriesKey].some(([d]) => d >= FY2027_START) ? '; FY2027 unverified' : ''}${unverifiedNote(st, k.key, region) ? `\n    description: ${q(unverifiedNote(st, k.key, region))}` : ''}
    sources:
      - {citation: 'FNS, SNAP Standard Utility Allowances by State', url: '${SUA_URL}'}
      - {citation: 'FNS, SUA table FY2025', url: '${SUA_FY25_URL}'}
    versions:
${versionsScalar(r[k.seriesKey], undefined, [FY2027_START])}`);
      }
    }
  }
  rules.push(...singleUtilityRules(code, st, multi, SUA_URL));
  if (anyCost) {
    rules.push(`
  - name: ${code}_snap_sua_for_any_utility_cost
    kind: parameter
    dtype: Boolean
    source: 7 U.S.C. 2014(e)(6)(C)(iv); 7 CFR 273.9(d)(6)(iii)(B), (C); ${st.agency} (LIHEAP-linked standard utility allowance for every household with a utility cost)
    source_url: ${SUA_URL}
    description: true while the State gives the heating and cooling SUA to every household that pays any utility cost, so limited and telephone households also get it.
    versions:
${versionsScalar(st.sua_for_any_utility_cost)}`);
  }
  const valueOf = (key) => {
    const k = kinds.find((x) => x.key === key);
    if (!k) return '0';
    const one = (region) => {
      const r = st.regions[region];
      const name = paramName(code, key, region, multi);
      return k.bySizeKey && r[k.bySizeKey] ? `${name}[${code}_snap_utility_table_size]` : name;
    };
    if (!multi) return one(regions[0][0]);
    const others = regions.filter(([rg]) => rg !== st.default_region);
    return `(if ${others.map(([rg]) => `snap_region == ${q(rg)}: ${one(rg)}`).join('\n              elif ')}\n              else: ${one(st.default_region)})`;
  };
  const heat = plan.isIndividual ? valueOf('electricity') : valueOf('sua');
  const limitedBase = plan.isIndividual ? valueOf('water') : valueOf('lua');
  const phone = valueOf('tua');
  // A State that publishes individual standards and says they are added up (Alaska, Michigan, Minnesota): the sum
  // for the utilities the household pays; otherwise a State with individual standards but no LUA gives a flagged 0.
  const summed = limitedBase === '0' && readsUtilitiesPaid(st);
  const limitedFlagged = !summed && limitedNotPublished(st, limitedBase);
  if (summed) rules.push(...limitedSumRules(code, st, SUA_URL), utilitiesPaidImmaterialRule(code, st, anyCost && heat !== '0'));
  if (limitedFlagged) rules.push(limitedNotPublishedRule(code, st, SUA_URL));
  const limited = summed ? limitedSumExpr(code, st, multi, phone) : limitedFlagged ? limitedNotPublishedExpr(code) : limitedBase;
  const single = singleUtilityExpr(code, st, multi);
  const orSua = (x) => (anyCost && heat !== '0'
    ? `(if ${code}_snap_sua_for_any_utility_cost == true and snap_energy_assistance_confers_sua: ${heat} else: ${x})` : x);
  const formula = `if utility_type == "heating_cooling": ${heat}
          elif utility_type == "limited": ${orSua(limited)}
          elif utility_type == "telephone": ${orSua(phone)}
          elif utility_type == "single_utility": ${orSua(single)}
          else: 0`;
  const regionText = multi
    ? ` Figures vary by region; snap_region selects one of ${regions.map(([rg]) => rg).join(', ')} (default ${st.default_region}).`
    : '';
  const individual = plan.isIndividual
    ? ` ${st.name} publishes individual utility standards rather than one heating and cooling SUA: a household paying for heating or cooling (utility_type heating_cooling) gets the electricity standard for its size, and one with other utilities only (limited) gets the water standard.`
    : '';
  const anyText = plan.isIndividual ? '' : anyCost
    ? ' Because the State provides a LIHEAP-linked payment, the SUA goes to every household with any utility cost (mandatory SUA); from 2025-07-04 only households with an elderly or disabled member qualify that way (7 U.S.C. 2014(e)(6)(C)(iv) as amended by Pub. L. 119-21, sec. 10103, in force on enactment), others get the LUA or TUA.'
    : ' The SUA goes to households with heating or cooling costs; others get the LUA or TUA they qualify for.';
  const noLua = !kinds.find((k) => k.key === 'lua' || k.key === 'water')
    ? (summed ? ` No limited utility allowance is published; ${limitedSumText(st)}` : ' No limited utility allowance is published, so a limited household gets 0 here.') : '';
  rules.push(`
  - name: ${code}_snap_utility_allowance
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 7 CFR 273.9(d)(6)(iii); ${st.agency}, SNAP utility allowances
    source_url: ${SUA_URL}
    description: ${q(`utility_type is heating_cooling, limited, telephone, single_utility (exactly one utility other than heating, cooling or telephone, and no telephone) or none. ${singleUtilityText(st)}${summed ? ` ${limitedSumText(st)}` : ''}`)}
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          ${formula}`);
  rules.push(setsRelation(`${code}_snap_sets_utility_allowance`,
    `7 CFR 273.9(d)(6)(iii) (State agency develops its utility standards); ${st.agency}`,
    'us:regulations/7-cfr/273/9/d/6/iii#snap_utility_allowance', `${moduleId}#${code}_snap_utility_allowance`));
  rules.push(countedUtilityAllowance(code, st, moduleId, formula));
  const notes = st.notes.filter((n) => /utility|SUA|LUA|TUA|telephone|Utility/.test(n));
  if (st.utility_law) {
    // The State's own rule establishing its standards, cited on every figure alongside the FNS tables.
    const law = `    sources:\n      - {citation: '${st.utility_law.citation}', url: '${st.utility_law.url}'}\n`;
    for (let i = 0; i < rules.length; i++) rules[i] = rules[i].replace(/ {4}sources:\n/g, law);
  }
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP utility allowances, FY2024-FY2026. Under 7 CFR 273.9(d)(6)(iii) the ${st.agency}
    sets standard utility allowances that replace actual utility costs in the shelter deduction.${regionText}${individual}${anyText}${noLua}${utilityBasisText(st)}
    ${singleUtilityText(st)}
${notes.length ? `    Open questions: ${notes.join(' ')}\n` : ''}  source_verification:
    corpus_citation_path: ${code === 'dc' ? 'us-dc' : `us-${code}`}/policy/${st.agency_slug}/snap/utility-allowances
imports:
  - us:statutes/7/2012/m
  - us:regulations/7-cfr/273/9/d/6/iii${anyCost ? '\n  - us:statutes/7/2014/e/6/C' : ''}
rules:${rules.join('\n')}
`;
}

/**
 * The same allowance for the household with its disqualified members counted (7 CFR 273.11(c)(1)(ii)): the
 * comparison allotment that caps the household's reads the table at that size and that elderly/disabled status.
 */
function countedUtilityAllowance(code, st, moduleId, formula) {
  const counted = formula
    .replaceAll(`${code}_snap_utility_table_size]`, `${code}_snap_utility_table_size_with_disqualified_counted]`)
    .replaceAll('snap_energy_assistance_confers_sua:', 'snap_energy_assistance_confers_sua_with_disqualified_counted:');
  // The copy is made by text, so a formula written differently must stop the generator, not pass the household's
  // own size or status to the comparison unnoticed.
  const own = ['snap_household_size', 'snap_household_has_elderly_or_disabled_member', 'snap_energy_assistance_confers_sua', `${code}_snap_utility_table_size`]
    .filter((name) => new RegExp(`\\b${name}\\b`).test(counted));
  if (own.length > 0) throw new Error(`${code}: the 273.11(c)(1)(ii) copy of the utility allowance still reads the household's own ${own.join(', ')}`);
  return `
  - name: ${code}_snap_utility_allowance_with_disqualified_counted
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 7 CFR 273.9(d)(6)(iii); ${st.agency}, SNAP utility allowances; 7 CFR 273.11(c)(1)(ii) (with the disqualified members counted)
    source_url: ${SUA_URL}
    description: ${code}_snap_utility_allowance for the household with its disqualified members (work rules, IPV, drug felony) counted as members.
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          ${counted}
${setsRelation(`${code}_snap_sets_utility_allowance_with_disqualified_counted`,
    `7 CFR 273.9(d)(6)(iii); 7 CFR 273.11(c)(1)(ii); ${st.agency}`,
    'us:regulations/7-cfr/273/9/d/6/iii#snap_utility_allowance_with_disqualified_counted',
    `${moduleId}#${code}_snap_utility_allowance_with_disqualified_counted`)}`;
}

function utilityExpected(code, st, h, date) {
  const plan = utilityPlan(code, st);
  const region = plan.multi ? h.region ?? st.default_region : Object.keys(st.regions)[0];
  const r = st.regions[region];
  const size = Math.min(Math.max(h.size, 1), utilityTableMaxSize(st));
  const val = (key) => {
    const k = plan.kinds.find((x) => x.key === key);
    if (!k) return 0;
    if (k.bySizeKey && r[k.bySizeKey]) return at(r[k.bySizeKey][size - 1], date);
    return at(r[k.seriesKey], date);
  };
  const heat = plan.isIndividual ? val('electricity') : val('sua');
  // Energy-assistance SUA: limited to elderly/disabled households from enactment, 2025-07-04 (Pub. L. 119-21, sec. 10103).
  const confers = date < '2025-07-04' || Boolean(h.elderlyOrDisabled);
  const anyCost = st.sua_for_any_utility_cost.some(([, v]) => v) && at(st.sua_for_any_utility_cost, date) && heat !== 0 && confers;
  switch (h.utilityType) {
    case 'heating_cooling': return heat;
    case 'limited': return anyCost ? heat : plan.isIndividual ? val('water') : readsUtilitiesPaid(st) && val('lua') === 0 ? limitedSumExpected(st, h, date, at, val('tua')) : val('lua');
    case 'telephone': return anyCost ? heat : val('tua');
    case 'single_utility': return anyCost ? heat : singleUtilityExpected(st, h, date, at, utilityTableMaxSize(st));
    default: return 0;
  }
}

// ---------- other State modules

function bbceModule(code, st, moduleId) {
  // A version starts on the date from which the terms are doubted, so the unverified declaration has a version to name.
  const b = { ...st.bbce, unverified_from: st.bbce_unverified?.effective_from };
  const offered = b.gross.some(([, s]) => s !== 'not_offered') || b.gross_elderly_disabled.some(([, s]) => s !== 'not_offered');
  const src = `7 CFR 273.2(j)(2)(ii); FNS, Broad-Based Categorical Eligibility chart (${st.name})`;
  const p = (name, dtype, series, desc, unit) => `
  - name: ${code}_${name}
    kind: parameter
    dtype: ${dtype}${unit ? `\n    unit: ${unit}` : ''}
    source: ${src}
    source_url: ${BBCE_URL}
    description: ${desc}
    versions:
${versionsScalar(series, undefined, name.endsWith('gross_income_test') && b.unverified_from ? [b.unverified_from] : [])}`;
  const rules = [
    p('snap_bbce_gross_income_test', 'Text', b.gross.map(([d, s]) => [d, s]), 'not_offered or gross_limit, for households without an elderly or disabled member.'),
    p('snap_bbce_gross_income_limit_rate', 'Rate', b.gross.map(([d, , v]) => [d, v]), 'BBCE gross income limit as a multiple of the poverty guideline (0 when not offered).'),
    p('snap_bbce_elderly_disabled_gross_income_test', 'Text', b.gross_elderly_disabled.map(([d, s]) => [d, s]), 'not_offered, gross_limit or no_gross_limit, for households with an elderly or disabled member.'),
    p('snap_bbce_elderly_disabled_gross_income_limit_rate', 'Rate', b.gross_elderly_disabled.map(([d, , v]) => [d, v]), 'BBCE gross income limit for households with an elderly or disabled member (0 when none applies).'),
    p('snap_bbce_net_income_test_applies', 'Boolean', b.net_test_applies, 'Whether BBCE households without an elderly or disabled member must also meet the net income standard.'),
    p('snap_bbce_elderly_disabled_net_income_test_applies', 'Boolean', b.net_test_applies_elderly_disabled, 'Whether BBCE households with an elderly or disabled member must also meet the net income standard.'),
    p('snap_bbce_resource_test', 'Text', b.resources.map(([d, s]) => [d, s]), 'waived (no asset test under BBCE) or limit.'),
    p('snap_bbce_resource_limit', 'Money', b.resources.map(([d, , v]) => [d, v]), 'BBCE asset limit, read only when the resource test is limit.', 'USD'),
  ];
  const hooks = ['snap_bbce_gross_income_test', 'snap_bbce_gross_income_limit_rate', 'snap_bbce_elderly_disabled_gross_income_test',
    'snap_bbce_elderly_disabled_gross_income_limit_rate', 'snap_bbce_net_income_test_applies', 'snap_bbce_elderly_disabled_net_income_test_applies',
    'snap_bbce_resource_test', 'snap_bbce_resource_limit'];
  for (const h of hooks) {
    rules.push(setsRelation(`${code}_sets_${h}`, `7 CFR 273.2(j)(2)(ii) (State designates its TANF-funded program); ${st.agency}`,
      `us:regulations/7-cfr/273/2/j#${h}`, `${moduleId}#${code}_${h}`));
  }
  rules.push(...bbceGuidelineRules(code, st, moduleId));
  const tiers = bbceTiers(code, st, moduleId);
  rules.push(...tiers.rules);
  const desc = offered ? describeBbce(st) : `${st.name} does not operate broad-based categorical eligibility: households face the federal gross income, net income and resource tests unless every member receives TANF cash assistance or SSI.`;
  const notes = st.notes.filter((n) => /BBCE/.test(n));
  const sw = st.bbce_guideline_switch;
  const switchText = sw ? ` The BBCE limit re-bases on the new HHS poverty guidelines ${sw.dates ? 'when HHS publishes them (mid-January)' : `each ${MONTH_NAMES[sw.month - 1]} 1`}, not on October 1 (${sw.citation}).` : '';
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP categorical eligibility (7 CFR 273.2(j)(2)). ${desc}${switchText}${tiers.summary}
${notes.length ? `    Open questions: ${notes.join(' ')}\n` : ''}  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/categorical-eligibility
imports:
  - us:regulations/7-cfr/273/2/j${tiers.imports.map((i) => `\n  - ${i}`).join('')}
rules:${rules.join('\n')}
`;
}

// ---------- BBCE guideline switch month

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * HHS poverty guidelines by calendar year (42 U.S.C. 9902(2)): [first person, each additional person] per area.
 * 2023-2026 are the figures of us:statutes/7/2014/c (FY2024-FY2027 versions; 2026 is 91 FR 1797, read in the notice's text).
 */
const POVERTY_GUIDELINES = {
  2023: { cite: '88 FR 3424 (Jan. 19, 2023)', '48_states_dc': [14580, 5140], alaska: [18210, 6430], hawaii: [16770, 5910] },
  2024: { cite: '89 FR 2961 (Jan. 17, 2024)', '48_states_dc': [15060, 5380], alaska: [18810, 6730], hawaii: [17310, 6190] },
  2025: { cite: '90 FR 5917 (Jan. 17, 2025)', '48_states_dc': [15650, 5500], alaska: [19550, 6880], hawaii: [17990, 6330] },
  2026: { cite: '91 FR 1797 (Jan. 15, 2026)', '48_states_dc': [15960, 5680], alaska: [19950, 7100], hawaii: [18360, 6530] },
};
const GUIDELINE_YEARS = Object.keys(POVERTY_GUIDELINES).map(Number);

/**
 * The dated series of the guideline a State's BBCE limit uses (st.bbce_guideline_switch): from 2023-10-01 the year
 * in force then, and from each year's switch date (the first of the switch month, or the date the State's rule
 * names) that year's guideline. [[date, year]].
 */
function bbceGuidelineSeries(st) {
  const sw = st.bbce_guideline_switch;
  const switchDate = (y) => sw.dates?.[y] ?? `${y}-${String(sw.month).padStart(2, '0')}-01`;
  const first = GUIDELINE_YEARS.filter((y) => switchDate(y) <= '2023-10-01').pop();
  return [['2023-10-01', first], ...GUIDELINE_YEARS.filter((y) => switchDate(y) > '2023-10-01').map((y) => [switchDate(y), y])];
}

function guidelineArea(st) { return ['guam', 'virgin_islands'].includes(st.area) ? '48_states_dc' : st.area; }

/** Parameters, derived rules and sets bindings for a State that re-bases its BBCE limit in its own month. */
function bbceGuidelineRules(code, st, moduleId) {
  const sw = st.bbce_guideline_switch;
  if (!sw) return [];
  const series = bbceGuidelineSeries(st);
  const area = guidelineArea(st);
  const src = `7 CFR 273.2(j)(2)(ii); ${sw.citation}; HHS poverty guidelines (42 U.S.C. 9902(2))`;
  const keep = (sw.unverified ?? []).map((u) => u.effective_from);
  const rules = [];
  for (const [part, idx, what] of [['first_person', 0, 'for a household of one'], ['each_additional_person', 1, 'added for each person after the first']]) {
    const values = series.map(([d, y]) => [d, POVERTY_GUIDELINES[y][area][idx]]);
    const years = series.map(([d, y]) => `${y} guideline (${POVERTY_GUIDELINES[y].cite}) from ${d}`).join('; ');
    rules.push(`
  - name: ${code}_snap_bbce_poverty_guideline_${part}_amount
    kind: parameter
    dtype: Money
    unit: USD
    source: ${q(src)}
    source_url: ${sw.url}
    description: ${q(`Annual HHS poverty guideline ${what} that ${st.name}'s BBCE limit uses: ${years}.`)}
    versions:
${versionsScalar(values, undefined, keep)}

  - name: ${code}_snap_bbce_poverty_guideline_${part}
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: ${q(src)}
    source_url: ${sw.url}
    versions:
      - effective_from: '2023-10-01'
        formula: ${code}_snap_bbce_poverty_guideline_${part}_amount
`);
    rules.push(setsRelation(`${code}_sets_snap_bbce_poverty_guideline_${part}`, `7 CFR 273.2(j)(2)(ii) (State defines its TANF-funded program's income standard); ${sw.citation}`,
      `us:regulations/7-cfr/273/2/j#snap_bbce_poverty_guideline_${part}`, `${moduleId}#${code}_snap_bbce_poverty_guideline_${part}`));
  }
  return rules;
}

/** Companion tests: the hooks give each year's guideline on the State's own dates, and the October figure before. */
function bbceGuidelineTests(code, st) {
  const sw = st.bbce_guideline_switch;
  if (!sw) return [];
  const area = guidelineArea(st);
  const tests = [];
  for (const [d, y] of bbceGuidelineSeries(st).slice(1)) {
    const month = d.slice(0, 7);
    const [yy, mm] = month.split('-').map(Number);
    const before = mm === 1 ? `${yy - 1}-12` : `${yy}-${String(mm - 1).padStart(2, '0')}`;
    // A mid-month switch date: the month it falls in still uses the earlier guideline (periods select by their start).
    const on = d.endsWith('-01') ? month : (mm === 12 ? `${yy + 1}-01` : `${yy}-${String(mm + 1).padStart(2, '0')}`);
    tests.push({ name: `guideline_${y}_from_${d}`, period: on, input: {},
      output: { 'us:regulations/7-cfr/273/2/j#snap_bbce_poverty_guideline_first_person': POVERTY_GUIDELINES[y][area][0],
        'us:regulations/7-cfr/273/2/j#snap_bbce_poverty_guideline_each_additional_person': POVERTY_GUIDELINES[y][area][1] } });
    tests.push({ name: `guideline_${y - 1}_before_${d}`, period: before, input: {},
      output: { 'us:regulations/7-cfr/273/2/j#snap_bbce_poverty_guideline_first_person': POVERTY_GUIDELINES[y - 1][area][0] } });
  }
  return tests;
}

/** Versions of the switch figures whose date or figure was not read in the State's rule (st.bbce_guideline_switch.unverified). */
function bbceGuidelineUnverified(code, st, moduleId) {
  const sw = st.bbce_guideline_switch;
  if (!sw?.unverified) return [];
  return sw.unverified.flatMap((u) => ['first_person', 'each_additional_person'].map((part) => ({
    parameter: `${moduleId}#${code}_snap_bbce_poverty_guideline_${part}_amount`, effective_from: u.effective_from,
    reason: `${st.name} BBCE poverty guideline from ${u.effective_from}: ${u.reason}.`,
  })));
}

/**
 * A State whose BBCE terms from some date could not be read in its own text (st.bbce_unverified): both gross income
 * tests' versions from that date are declared unverified, so every result that asks whether BBCE is offered says so.
 */
function bbceUnverified(code, st, moduleId) {
  const u = st.bbce_unverified;
  if (!u) return [];
  return ['snap_bbce_gross_income_test', 'snap_bbce_elderly_disabled_gross_income_test'].map((name) => ({
    parameter: `${moduleId}#${code}_${name}`,
    effective_from: u.effective_from,
    reason: `${st.name} BBCE terms from ${u.effective_from} not verified against the State's own text: ${u.reason}.`,
  }));
}

/** A State whose standard medical deduction from some date could not be read in its own text (st.smd_unverified). */
function smdUnverified(code, st, moduleId) {
  const u = st.smd_unverified;
  if (!u) return [];
  return [{ parameter: `${moduleId}#${code}_snap_standard_medical_deduction`, effective_from: u.effective_from, reason: `${u.reason}.` }];
}

function pct(v) { return `${Math.round(v * 100)}%`; }
function describeBbce(st) {
  const b = st.bbce;
  const last = (s) => s[s.length - 1];
  const g = last(b.gross), ged = last(b.gross_elderly_disabled), r = last(b.resources);
  const parts = [];
  parts.push(g[1] === 'gross_limit' ? `Broad-based categorical eligibility at ${pct(g[2])} of the poverty guideline` : 'No BBCE for households without an elderly or disabled member');
  parts.push(ged[1] === 'gross_limit' ? `${pct(ged[2])} for households with an elderly or disabled member` : ged[1] === 'no_gross_limit' ? 'no gross limit for households with an elderly or disabled member' : 'no BBCE for households with an elderly or disabled member');
  parts.push(r[1] === 'limit' ? `an asset limit of $${r[2]}` : 'no asset test');
  const netA = last(b.net_test_applies)[1], netE = last(b.net_test_applies_elderly_disabled)[1];
  const net = netA && netE ? 'the net income standard still applies' : netA ? 'the net income standard still applies to households without an elderly or disabled member' : netE ? 'the net income standard still applies to households with an elderly or disabled member' : 'no net income test';
  const changes = [b.gross, b.gross_elderly_disabled, b.net_test_applies, b.net_test_applies_elderly_disabled, b.resources].some((s) => s.length > 1) ? ' Earlier figures are kept as dated versions.' : '';
  return `${parts[0]}, ${parts[1]}, ${parts[2]}; ${net} (current terms).${changes}`;
}

function medicalModule(code, st, moduleId) {
  const smd = st.standard_medical_deduction;
  const has = smd.some(([, v]) => v > 0);
  const summary = has
    ? `${st.name} operates an FNS-approved standard medical deduction: a household with an elderly or disabled member whose out-of-pocket medical costs exceed $35 a month deducts the standard amount, or its actual costs above $35 when higher.`
    : `${st.name} has no standard medical deduction: households with an elderly or disabled member deduct actual medical costs above $35 a month.`;
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP standard medical deduction (7 CFR 273.9(d)(3); 7 U.S.C. 2026(b) demonstration authority). ${summary}
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/standard-medical-deduction
imports:
  - us:statutes/7/2014/e/5
rules:
  - name: ${code}_snap_standard_medical_deduction
    kind: parameter
    dtype: Money
    unit: USD
    source: ${st.agency}, SNAP standard medical deduction (FNS-approved demonstration); FNS SNAP State Options Report
    sources:
      - {citation: 'FNS, SNAP State Options Report (standard medical deduction)', url: '${OPTIONS_URL}'}
      - {citation: 'FRAC, The SNAP Standard Medical Deduction', url: 'https://frac.org/wp-content/uploads/SNAP-SMD-National-Report-1.pdf'}
    description: ${has ? 'Monthly standard amount.' : '0 = no standard medical deduction.'}
    versions:
${versionsScalar(smd)}
${setsRelation(`${code}_snap_sets_standard_medical_deduction`, `7 U.S.C. 2026(b); ${st.agency}`, 'us:statutes/7/2014/e/5#snap_standard_medical_deduction', `${moduleId}#${code}_snap_standard_medical_deduction`).slice(1)}
`;
}

function childSupportModule(code, st, moduleId) {
  const excl = st.child_support === 'exclusion';
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP treatment of legally obligated child support paid to a nonhousehold member.
    ${childSupportSummary(st)}
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/child-support
imports:
  - us:statutes/7/2014/e/2
  - us:statutes/7/2014/e/4
rules:
  - name: ${code}_snap_child_support_excluded_from_income
    kind: parameter
    dtype: Boolean
    source: 7 U.S.C. 2014(d)(6), (e)(4); ${st.agency}; FNS SNAP State Options Report (child support exclusion)
    sources:
${childSupportSources(st)}
    versions:
      - effective_from: '2023-10-01'  # FY2024
        formula: '${excl}'
${setsRelation(`${code}_snap_sets_child_support_treatment`, `7 U.S.C. 2014(d)(6) (State option); ${st.agency}`, 'us:statutes/7/2014/d#snap_child_support_excluded_from_income', `${moduleId}#${code}_snap_child_support_excluded_from_income`).slice(1)}
`;
}

function minimumModule(code, st, moduleId) {
  const mb = st.minimum_benefit;
  const age = mb.condition === 'member_aged_62';
  const extra = age ? `
  - name: ${code}_snap_minimum_benefit_age
    kind: parameter
    dtype: Integer
    unit: year
    source: ${mb.source}
    source_url: ${mb.url}
    versions:
      - effective_from: '2023-10-01'  # FY2024
        formula: '62'

  - name: ${code}_snap_person_meets_minimum_benefit_age
    kind: derived
    entity: Person
    dtype: Judgment
    period: Month
    source: ${mb.source}
    source_url: ${mb.url}
    versions:
      - effective_from: '2023-10-01'
        formula: age >= ${code}_snap_minimum_benefit_age

  - name: ${code}_snap_household_has_member_aged_62_or_older
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: ${mb.source}
    source_url: ${mb.url}
    description: The household-level fact has_member_aged_62_or_older, or any listed member aged 62 or older.
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          has_member_aged_62_or_older
          or count_where(member_of_snap_household, ${code}_snap_person_meets_minimum_benefit_age) > 0
` : '';
  const formula = age
    ? `if ${code}_snap_household_has_member_aged_62_or_older: ${code}_snap_minimum_benefit_amount\n          else: 0`
    : `${code}_snap_minimum_benefit_amount`;
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} State-funded SNAP minimum benefit. ${mb.source}. A household that receives a federal
    allotment gets at least this amount each month${age ? ' when a member is 62 or older' : ''}; the State pays the difference.
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/minimum-benefit
imports:
  - us:statutes/7/2012/m
  - us:statutes/7/2017/a
rules:
  - name: ${code}_snap_minimum_benefit_amount
    kind: parameter
    dtype: Money
    unit: USD
    source: ${mb.source}
    source_url: ${mb.url}
    versions:
${versionsScalar(mb.versions)}
${extra}
  - name: ${code}_snap_state_minimum_allotment
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: ${mb.source}
    source_url: ${mb.url}
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          ${formula}
${setsRelation(`${code}_snap_sets_state_minimum_allotment`, `${mb.source}`, 'us:statutes/7/2017/a#snap_state_minimum_allotment', `${moduleId}#${code}_snap_state_minimum_allotment`).slice(1)}
`;
}

function areaModule(code, st, moduleId) {
  const isAk = code === 'ak';
  const akRules = isAk ? `
  - name: ak_snap_allotment_area
    kind: derived
    entity: Household
    dtype: Text
    period: Month
    source: 7 U.S.C. 2012(u)(2) (thrifty food plan for urban and rural parts of Alaska); FNS SNAP COLA memos (Alaska urban, rural I, rural II)
    source_url: https://www.fns.usda.gov/snap/allotment/cola/fy26
    description: alaska_allotment_area is urban (default), rural_1 or rural_2, as FNS designates the household's community.
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          if alaska_allotment_area == "rural_2": "alaska_rural_2"
          elif alaska_allotment_area == "rural_1": "alaska_rural_1"
          else: "alaska_urban"
${setsRelation('ak_snap_sets_allotment_area', '7 U.S.C. 2012(u)(2); Alaska Department of Health', 'us:statutes/7/2012/u#snap_allotment_area', `${moduleId}#ak_snap_allotment_area`).slice(1)}
` : '';
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} uses its own federal SNAP figures: the Act sets separate thrifty food plan costs, standard
    deductions and shelter caps for ${st.name}${isAk || code === 'hi' ? ' and HHS publishes separate poverty guidelines' : ' (income standards use the 48-State poverty guidelines)'}.
    This module points the federal hooks at ${st.name}'s tables.${isAk ? ' Alaska has three maximum-allotment tiers (urban, rural I, rural II).' : ''}
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/federal-figures-area
imports:
  - us:statutes/7/2012/u
rules:
  - name: ${code}_snap_state_area
    kind: derived
    entity: Household
    dtype: Text
    period: Month
    source: 7 U.S.C. 2012(r), (u); 7 U.S.C. 2014(c), (e)(1), (e)(6)(B)
    source_url: https://www.law.cornell.edu/uscode/text/7/2012
    versions:
      - effective_from: '2008-10-01'
        formula: '${q(st.area)}'
${setsRelation(`${code}_snap_sets_state_area`, `7 U.S.C. 2012(r); ${st.agency}`, 'us:statutes/7/2012/r#snap_state_area', `${moduleId}#${code}_snap_state_area`).slice(1)}
${akRules}`;
}

function assemblyModule(code, st, imports) {
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP benefit calculation: the federal chain (7 U.S.C. 2014, 2017; 7 CFR 273) with the
    ${st.agency}'s figures and options bound to the federal hooks. This module only assembles the
    State modules with the federal root; its companion test works whole households by hand.
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/benefit-calculation
imports:
${imports.map((i) => `  - ${i}`).join('\n')}
rules: []
`;
}

// ---------- households worked by hand

function baseHousehold(period) {
  return { period, size: 1, earned: 0, unearned: 0, shelter: 0, utilityType: 'none', elderlyOrDisabled: false, dependentCare: 0,
    medical: 0, childSupport: 0, homeless: false, resources: 0, tanfOrSsi: false, member62: false, farmLoss: 0 };
}

function households(code, st) {
  const p = '2026-01';
  const list = [
    { name: 'worker_three_people', label: 'a worker: 3 people, $2,000 monthly earnings, rent $900, heating/cooling costs',
      h: { ...baseHousehold(p), size: 3, earned: 2000, shelter: 900, utilityType: 'heating_cooling' } },
    { name: 'elderly_person_with_medical_costs', label: 'an elderly person (68) living alone: $1,100 Social Security, $150 medical costs, rent $400, heating/cooling costs; facts given per person',
      people: [{ id: 'elder', age: 68, is_disabled: false, earned_income: 0, unearned_income: 1100, medical_costs: 150 }],
      h: { ...baseHousehold(p), size: 1, unearned: 1100, medical: 150, elderlyOrDisabled: true, member62: true, shelter: 400, utilityType: 'heating_cooling' } },
    { name: 'over_the_gross_limit', label: 'a household over the gross limit: 4 people, $7,500 monthly earnings, rent $1,200',
      h: { ...baseHousehold(p), size: 4, earned: 7500, shelter: 1200, utilityType: 'heating_cooling' } },
    { name: 'between_130_and_200_percent', label: '3 people, $3,200 monthly earnings (above 130% of the guideline in the 48 States), rent $900',
      h: { ...baseHousehold(p), size: 3, earned: 3200, shelter: 900, utilityType: 'heating_cooling' } },
    { name: 'worker_paying_child_support', label: '2 people, $2,400 monthly earnings of which $400 goes to court-ordered child support for a child outside the household, rent $800',
      h: { ...baseHousehold(p), size: 2, earned: 2400, childSupport: 400, shelter: 800, utilityType: 'heating_cooling' } },
    { name: 'worker_paying_only_electricity', label: 'a worker: 3 people, $2,000 monthly earnings, rent $900, pays only electricity (no heating or cooling cost, no telephone): utility_type single_utility',
      h: { ...baseHousehold(p), size: 3, earned: 2000, shelter: 900, utilityType: 'single_utility', singleUtilityKind: 'electricity' } },
    { name: 'fy2024_worker_limited_utilities', label: 'FY2024: 2 people, $1,200 earnings, rent $600, limited utilities',
      h: { ...baseHousehold('2024-02'), size: 2, earned: 1200, shelter: 600, utilityType: 'limited' } },
    { name: 'worker_with_a_farm_loss', label: 'the worker household whose earner also farms at a loss (receipts $200, costs $500: a $300 farm loss, no other self-employment); facts given per person',
      people: [
        { id: 'farmer', age: 34, is_disabled: false, earned_income: 2000, unearned_income: 0, medical_costs: 0, self_employment_income: 200, self_employment_costs: 500, self_employment_is_farm: true },
        { id: 'child_1', age: 9, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0 },
        { id: 'child_2', age: 6, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0 },
      ],
      h: { ...baseHousehold(p), size: 3, earned: 2000, farmLoss: 300, shelter: 900, utilityType: 'heating_cooling' } },
  ];
  list.push(mixedStatusHousehold(code, baseHousehold(p)));
  if (st.regions && Object.keys(st.regions).length > 1) {
    const other = Object.keys(st.regions).find((r) => r !== st.default_region);
    list.push({ name: `worker_in_region_${other}`, label: `the worker household in region ${other}`,
      h: { ...baseHousehold(p), size: 3, earned: 2000, shelter: 900, utilityType: 'heating_cooling', region: other } });
  }
  if (code === 'ak') {
    list.push({ name: 'worker_in_rural_2_community', label: 'the worker household in a rural II community',
      h: { ...baseHousehold(p), size: 3, earned: 2000, shelter: 900, utilityType: 'heating_cooling', alaskaArea: 'rural_2' } });
  }
  return list;
}

function stateInputIds(code, st, ids) {
  const out = {};
  out.utility_type = `${ids.utility}#input.utility_type`;
  if (Object.keys(st.regions).length > 1) out.snap_region = `${ids.utility}#input.snap_region`;
  if (code === 'ak') out.alaska_allotment_area = `${ids.area}#input.alaska_allotment_area`;
  if (st.minimum_benefit?.condition === 'member_aged_62') out.has_member_aged_62_or_older = `${ids.minimum}#input.has_member_aged_62_or_older`;
  if (readsSingleUtilityKind(st)) out.single_utility_kind = `${ids.utility}#input.single_utility_kind`;
  if (readsUtilitiesPaid(st)) for (const f of UTILITY_PAID_FACTS) out[f] = `${ids.utility}#input.${f}`;
  return out;
}

function testInput(code, st, ids, hh) {
  const h = hh.h;
  const s = stateInputIds(code, st, ids);
  const personLevel = Boolean(hh.people);
  const input = {
    [F.size]: h.size,
    [F.hasEd]: personLevel ? false : h.elderlyOrDisabled,
    [F.earned]: personLevel ? 0 : h.earned,
    [F.unearned]: personLevel ? 0 : h.unearned,
    [F.childSupport]: h.childSupport,
    [F.dependentCare]: h.dependentCare,
    [F.medical]: personLevel ? 0 : h.medical,
    [F.shelter]: hh.householdShelter ?? h.shelter, // a member may pay the rent (then it is on the person row)
    [F.homeless]: h.homeless,
    [F.resources]: h.resources,
    [F.tanfSsi]: h.tanfOrSsi,
    [s.utility_type]: h.utilityType,
    ...vehicleFactRow(h),
  };
  if (s.snap_region) input[s.snap_region] = h.region ?? st.default_region;
  if (s.alaska_allotment_area) input[s.alaska_allotment_area] = h.alaskaArea ?? 'urban';
  if (s.has_member_aged_62_or_older) input[s.has_member_aged_62_or_older] = false;
  if (s.single_utility_kind) input[s.single_utility_kind] = h.singleUtilityKind ?? 'unspecified';
  for (const f of UTILITY_PAID_FACTS) if (s[f]) input[s[f]] = (h.utilitiesPaid ?? []).includes(f);
  if (personLevel) {
    input[F.members] = hh.people.map((m) => {
      const row = { id: m.id, [F.age]: m.age, [F.disabled]: m.is_disabled, [F.earned]: m.earned_income, [F.unearned]: m.unearned_income, [F.medical]: m.medical_costs, ...personFactRow(m) };
      if (st.minimum_benefit?.condition === 'member_aged_62') row[`${ids.minimum}#input.age`] = m.age;
      return row;
    });
  }
  return input;
}

// Household JSON in the API's Household convention (facts + people), for sample requests and parity.
function apiHousehold(code, st, hh) {
  const h = hh.h;
  const facts = { household_size: h.size, utility_type: h.utilityType, shelter_costs: hh.householdShelter ?? h.shelter };
  if (!hh.people) Object.assign(facts, { earned_income: h.earned, unearned_income: h.unearned, medical_costs: h.medical, has_elderly_or_disabled_member: h.elderlyOrDisabled });
  if (h.dependentCare) facts.dependent_care_costs = h.dependentCare;
  if (h.childSupport) facts.child_support_paid = h.childSupport;
  if (h.resources) facts.countable_resources = h.resources;
  if (h.region) facts.snap_region = h.region;
  if (h.alaskaArea) facts.alaska_allotment_area = h.alaskaArea;
  if (h.singleUtilityKind && readsSingleUtilityKind(st)) facts.single_utility_kind = h.singleUtilityKind;
  if (readsUtilitiesPaid(st)) for (const f of h.utilitiesPaid ?? []) facts[f] = true;
  const out = { period: h.period, facts };
  if (hh.people) out.people = Object.fromEntries(hh.people.map(({ id, ...rest }) => [id, rest]));
  return out;
}

// ---------- main

// The utilities paid by the limited households the utility tests try where a State adds up its standards: none
// given (warned), one (warned), electricity and telephone, water sewage and trash, cooking fuel and trash, all six.
const LIMITED_PAID_CASES = [[], ['pays_electricity'], ['pays_electricity', 'pays_telephone'], ['pays_water', 'pays_sewage', 'pays_trash'],
  ['pays_gas_or_fuel', 'pays_trash'], UTILITY_PAID_FACTS];

const programs = [];
const coverage = [];
for (const [code, st] of Object.entries(data.states)) {
  const jur = `us-${code}`;
  const base = `${jur}/policies/${st.agency_slug}/snap`;
  const mid = (name) => `${jur}:policies/${st.agency_slug}/snap/${name}`;
  const ids = { utility: mid('utility-allowances'), bbce: mid('categorical-eligibility'), medical: mid('standard-medical-deduction'),
    child: mid('child-support'), minimum: mid('minimum-benefit'), area: mid('federal-figures-area'), assembly: mid('benefit-calculation') };
  const dir = `rules/${base}`;
  // Clean previous output of this package so removed modules do not linger.
  if (!CHECK) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
  const moduleIds = [];
  const emit = (name, text, tests) => {
    write(`${dir}/${name}.yaml`, text);
    write(`${dir}/${name}.test.yaml`, yamlList(tests));
    moduleIds.push(mid(name));
  };
  const period = (p) => ({ p });
  void period;

  // utility allowances + tests
  {
    const tests = [];
    const plan = utilityPlan(code, st);
    const anyCostState = st.sua_for_any_utility_cost.some(([, v]) => v);
    const regionsToTest = plan.multi ? Object.keys(st.regions) : [Object.keys(st.regions)[0]];
    const sizes = plan.sizeVarying ? [1, 4, 10] : [3];
    for (const [date, fy] of FY_DATES) {
      const per = `${String(Number(date.slice(0, 4)) + 1)}-01`;
      for (const region of fy === 'FY2026' ? regionsToTest : [st.default_region]) {
        for (const size of sizes) {
          for (const ut of fy === 'FY2026' ? ['heating_cooling', 'limited', 'telephone', 'single_utility', 'none'] : ['heating_cooling', 'limited', 'single_utility']) {
            for (const ed of anyCostState && fy === 'FY2026' && ut !== 'heating_cooling' && ut !== 'none' ? [false, true] : [false]) {
            // single_utility: every utility (and unspecified) where the State's figure depends on it (FY2026, no energy assistance)
            for (const kind of ut === 'single_utility' && readsSingleUtilityKind(st) ? (fy === 'FY2026' && !ed ? SINGLE_UTILITY_KIND_VALUES : ['electricity']) : [null]) {
            // limited where the State adds up its individual standards: combinations of the utilities paid
            for (const paid of ut === 'limited' && readsUtilitiesPaid(st) ? (fy === 'FY2026' && !ed ? LIMITED_PAID_CASES : [['pays_electricity', 'pays_water']]) : [null]) {
            const h = { size, utilityType: ut, region, elderlyOrDisabled: ed, singleUtilityKind: kind ?? undefined, utilitiesPaid: paid ?? undefined };
            const v = utilityExpected(code, st, h, `${per}-01`);
            const input = { [`${ids.utility}#input.utility_type`]: ut };
            if (anyCostState) input[F.hasEd] = ed;
            if (plan.multi) input[`${ids.utility}#input.snap_region`] = region;
            if (plan.sizeVarying) input[F.size] = size;
            if (readsSingleUtilityKind(st)) input[`${ids.utility}#input.single_utility_kind`] = kind ?? 'unspecified';
            if (readsUtilitiesPaid(st)) for (const f of UTILITY_PAID_FACTS) input[`${ids.utility}#input.${f}`] = (paid ?? []).includes(f);
            const paidName = paid ? `_paid_${paid.length ? paid.map((f) => f.replace('pays_', '')).join('_') : 'none'}` : '';
            tests.push({ name: `${fy.toLowerCase()}_${ut}${kind ? `_${kind}` : ''}${paidName}${plan.multi ? `_${region}` : ''}${plan.sizeVarying ? `_size_${size}` : ''}${ed ? '_elderly_member' : ''}`, period: per, input,
              output: { [`${ids.utility}#${code}_snap_utility_allowance`]: v, [OUT.snap_utility_allowance]: v } });
            }
            }
            }
          }
        }
      }
    }
    emit('utility-allowances', utilityModule(code, st, ids.utility), tests);
  }
  // BBCE
  {
    const tests = FY_DATES.map(([date, fy]) => {
      const per = `${String(Number(date.slice(0, 4)) + 1)}-01`;
      const d = `${per}-01`;
      const g = at(st.bbce.gross.map(([a, s, v]) => [a, [s, v]]), d);
      const ged = at(st.bbce.gross_elderly_disabled.map(([a, s, v]) => [a, [s, v]]), d);
      const r = at(st.bbce.resources.map(([a, s, v]) => [a, [s, v]]), d);
      return { name: `${fy.toLowerCase()}_terms_bound_to_federal_hooks`, period: per, input: {},
        output: {
          'us:regulations/7-cfr/273/2/j#snap_bbce_gross_income_test': g[0],
          'us:regulations/7-cfr/273/2/j#snap_bbce_gross_income_limit_rate': g[1],
          'us:regulations/7-cfr/273/2/j#snap_bbce_elderly_disabled_gross_income_test': ged[0],
          'us:regulations/7-cfr/273/2/j#snap_bbce_elderly_disabled_gross_income_limit_rate': ged[1],
          'us:regulations/7-cfr/273/2/j#snap_bbce_net_income_test_applies': at(st.bbce.net_test_applies, d),
          'us:regulations/7-cfr/273/2/j#snap_bbce_resource_test': r[0],
          [`${ids.bbce}#${code}_snap_bbce_gross_income_test`]: g[0],
        } };
    });
    tests.push(...bbceTiers(code, st, ids.bbce).tests);
    tests.push(...bbceGuidelineTests(code, st));
    emit('categorical-eligibility', bbceModule(code, st, ids.bbce), tests);
  }
  // SMD
  {
    const tests = FY_DATES.map(([date, fy]) => {
      const per = `${String(Number(date.slice(0, 4)) + 1)}-01`;
      const smd = at(st.standard_medical_deduction, `${per}-01`);
      const v = Math.max(150 - 35, smd);
      return { name: `${fy.toLowerCase()}_elderly_household_with_150_medical`, description: `max(150 - 35, standard ${smd}) = ${v}`, period: per,
        input: { [F.hasEd]: true, [F.medical]: 150 },
        output: { 'us:statutes/7/2014/e/5#snap_standard_medical_deduction': smd, 'us:statutes/7/2014/e/5#snap_excess_medical_deduction': v } };
    });
    tests.push({ name: 'costs_of_35_or_less_give_nothing', period: '2026-01', input: { [F.hasEd]: true, [F.medical]: 30 },
      output: { 'us:statutes/7/2014/e/5#snap_excess_medical_deduction': 0 } });
    emit('standard-medical-deduction', medicalModule(code, st, ids.medical), tests);
  }
  // child support
  {
    const tests = [childSupportTest(st)];
    emit('child-support', childSupportModule(code, st, ids.child), tests);
  }
  // State vehicle rule (7 U.S.C. 2014(g)(2)(D)), where one is encoded
  const vehicleRule = stateVehicleRule(code);
  if (vehicleRule) emit('vehicles', stateVehicleModule(code, st, vehicleRule, mid('vehicles')), stateVehicleTests(code, vehicleRule, mid('vehicles')));
  // 7 CFR 273.11(c)(3)(i): the State's checked choice for undocumented or temporary non-citizens
  const noncitizenChoice = noncitizenOption(code);
  if (noncitizenChoice) emit('noncitizen-income', noncitizenModule(code, st, noncitizenChoice, mid('noncitizen-income')), noncitizenTests(code, noncitizenChoice, mid('noncitizen-income')));
  // State minimum benefit
  if (st.minimum_benefit) {
    const mb = st.minimum_benefit;
    const tests = [];
    const amount = at(mb.versions, '2026-01-01');
    if (mb.condition === 'member_aged_62') {
      tests.push({ name: 'member_aged_70_gets_the_state_minimum', period: '2026-01',
        input: { [`${ids.minimum}#input.has_member_aged_62_or_older`]: false, [F.members]: [{ id: 'elder', [`${ids.minimum}#input.age`]: 70 }] },
        output: { [`${ids.minimum}#${code}_snap_state_minimum_allotment`]: amount } });
      tests.push({ name: 'no_member_aged_62', period: '2026-01',
        input: { [`${ids.minimum}#input.has_member_aged_62_or_older`]: false, [F.members]: [{ id: 'adult', [`${ids.minimum}#input.age`]: 61 }] },
        output: { [`${ids.minimum}#${code}_snap_state_minimum_allotment`]: 0 } });
    } else {
      tests.push({ name: 'state_minimum_fy2026', period: '2026-01', input: {}, output: { [`${ids.minimum}#${code}_snap_state_minimum_allotment`]: amount } });
      tests.push({ name: 'state_minimum_fy2024_start', period: '2023-10', input: {}, output: { [`${ids.minimum}#${code}_snap_state_minimum_allotment`]: at(mb.versions, '2023-10-01') } });
    }
    emit('minimum-benefit', minimumModule(code, st, ids.minimum), tests);
  }
  // federal figures area
  if (st.area !== '48_states_dc') {
    const tests = [{ name: 'state_area_bound', period: '2026-01', input: { [F.size]: 3 },
      output: { 'us:statutes/7/2012/r#snap_state_area': st.area } }];
    if (code === 'ak') {
      tests.push({ name: 'rural_2_tier', period: '2026-01', input: { [F.size]: 3, [`${ids.area}#input.alaska_allotment_area`]: 'rural_2' },
        output: { 'us:statutes/7/2012/u#snap_allotment_area': 'alaska_rural_2', [OUT.snap_maximum_allotment]: 1576 } });
      tests.push({ name: 'urban_tier_default', period: '2026-01', input: { [F.size]: 3, [`${ids.area}#input.alaska_allotment_area`]: 'urban' },
        output: { [OUT.snap_maximum_allotment]: 1015 } });
    } else {
      const maxA = { hawaii: 1334, guam: 1157, virgin_islands: 1009 }[st.area];
      tests[0].output[OUT.snap_maximum_allotment] = maxA;
    }
    emit('federal-figures-area', areaModule(code, st, ids.area), tests);
  }
  // assembly + hand-worked households
  const stateModules = [...moduleIds];
  const worked = households(code, st).map((hh) => ({ ...hh, result: computeSnap(st, hh.h, (h, d) => utilityExpected(code, st, h, d)) }));
  {
    const tests = worked.map((w) => {
      const out = {};
      for (const k of ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction', 'snap_maximum_allotment', 'snap_utility_allowance']) {
        const v = w.result.outputs[k];
        out[OUT[k]] = typeof v === 'boolean' ? (v ? 'holds' : 'not_holds') : v;
      }
      if (w.name === 'mixed_status_household') out['us:statutes/7/2014/d#snap_gross_income_for_gross_test'] = w.result.outputs.snap_gross_income_for_gross_test;
      const isWorkedExample = w.name === 'worker_three_people' && w.result.outputs.snap_utility_allowance === 445;
      return { name: isWorkedExample ? 'worked_example_from_snap_rules_gives_562' : w.name,
        description: `${st.name}, ${w.label}. ${w.result.steps.join('; ')}.`, period: w.h.period, input: testInput(code, st, ids, w), output: out };
    });
    // The federal minimum benefit for this State's area: 8% of its one-person maximum allotment, rounded.
    const minCase = (name, area, tierInput) => {
      const one = { '48_states_dc': 298, alaska_urban: 385, alaska_rural_1: 491, alaska_rural_2: 598, hawaii: 506, guam: 439, virgin_islands: 383 }[area];
      const min = Math.floor(one * 0.08 + 0.5);
      const input = tierInput ? { [`${ids.area}#input.alaska_allotment_area`]: tierInput } : {};
      return { name, description: `FY2026: 8% of the one-person maximum allotment ${one} = ${(one * 0.08).toFixed(2)}, rounded to ${min}.`, period: '2026-01', input,
        output: { 'us:statutes/7/2017/a#snap_minimum_allotment': min, 'us:statutes/7/2012/u#snap_one_person_maximum_allotment': one } };
    };
    if (code === 'ak') tests.push(minCase('fy2026_minimum_benefit_urban', 'alaska_urban', 'urban'), minCase('fy2026_minimum_benefit_rural_2', 'alaska_rural_2', 'rural_2'));
    else tests.push(minCase('fy2026_minimum_benefit', st.area));
    write(`${dir}/benefit-calculation.yaml`, assemblyModule(code, st, ['us:statutes/7/2017/a', 'us:regulations/7-cfr/273/10/e/2/iii', ...stateModules]));
    write(`${dir}/benefit-calculation.test.yaml`, yamlList(tests));
  }

  // compose spec with Tenet's package extensions
  const sIds = stateInputIds(code, st, ids);
  const aliases = {
    household_size: F.size, earned_income: F.earned, unearned_income: F.unearned, shelter_costs: F.shelter,
    utility_type: sIds.utility_type, has_elderly_or_disabled_member: F.hasEd, dependent_care_costs: F.dependentCare,
    medical_costs: F.medical, child_support_paid: F.childSupport, is_homeless: F.homeless, countable_resources: F.resources,
    all_members_receive_tanf_or_ssi: F.tanfSsi, ...HEAD_OF_HOUSEHOLD_FACT_ALIASES, ...VEHICLE_FACT_ALIASES,
  };
  if (sIds.snap_region) aliases.snap_region = sIds.snap_region;
  if (sIds.alaska_allotment_area) aliases.alaska_allotment_area = sIds.alaska_allotment_area;
  if (sIds.has_member_aged_62_or_older) aliases.has_member_aged_62_or_older = sIds.has_member_aged_62_or_older;
  if (sIds.single_utility_kind) aliases.single_utility_kind = sIds.single_utility_kind;
  for (const f of UTILITY_PAID_FACTS) if (sIds[f]) aliases[f] = sIds[f];
  const defaults = {
    household_size: 1, earned_income: 0, unearned_income: 0, shelter_costs: 0, utility_type: 'none', has_elderly_or_disabled_member: false,
    dependent_care_costs: 0, medical_costs: 0, child_support_paid: 0, is_homeless: false, countable_resources: 0, all_members_receive_tanf_or_ssi: false,
    ...HEAD_OF_HOUSEHOLD_FACT_DEFAULTS, ...VEHICLE_FACT_DEFAULTS,
  };
  if (sIds.snap_region) defaults.snap_region = st.default_region;
  if (sIds.alaska_allotment_area) defaults.alaska_allotment_area = 'urban';
  if (sIds.has_member_aged_62_or_older) defaults.has_member_aged_62_or_older = false;
  if (sIds.single_utility_kind) defaults.single_utility_kind = 'unspecified';
  for (const f of UTILITY_PAID_FACTS) if (sIds[f]) defaults[f] = false;
  const types = { ...Object.fromEntries(UTILITY_PAID_FACTS.map((f) => [f, 'Boolean'])), household_size: 'Integer', utility_type: 'Text', single_utility_kind: 'Text', snap_region: 'Text', alaska_allotment_area: 'Text', has_elderly_or_disabled_member: 'Boolean',
    is_homeless: 'Boolean', all_members_receive_tanf_or_ssi: 'Boolean', has_member_aged_62_or_older: 'Boolean' };
  const personInputs = { age: F.age, is_disabled: F.disabled, earned_income: F.earned, unearned_income: F.unearned, medical_costs: F.medical, ...PERSON_FACT_ALIASES };
  if (st.minimum_benefit?.condition === 'member_aged_62') personInputs.age = F.age; // same bare slot `age`, also read by the State module
  const sample = worked[0];
  const sampleHousehold = {
    period: '2026-01',
    facts: { shelter_costs: 900, utility_type: 'heating_cooling' },
    people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 9 }, child_2: { age: 6 } },
  };
  const fyParams = [
    'us:statutes/7/2012/u#snap_maximum_allotment_48_states_dc', 'us:statutes/7/2014/e/1#snap_standard_deduction_48_states_dc',
    'us:statutes/7/2014/e/6#snap_excess_shelter_cap_48_states_dc', 'us:statutes/7/2014/e/6#snap_homeless_shelter_deduction_amount',
    'us:statutes/7/2014/c#snap_poverty_guideline_first_person_48_states_dc', 'us:statutes/7/2014/c#snap_poverty_guideline_each_additional_person_48_states_dc',
    'us:statutes/7/2014/g#snap_resource_limit_standard', 'us:statutes/7/2014/g#snap_resource_limit_elderly_or_disabled',
  ].map((id) => (st.area === '48_states_dc' ? id : id.replace('48_states_dc', st.area === 'alaska' && id.includes('maximum_allotment') ? 'alaska_urban' : (['guam', 'virgin_islands'].includes(st.area) && id.includes('poverty')) ? '48_states_dc' : st.area)));
  if (code === 'ak') fyParams.push('us:statutes/7/2012/u#snap_maximum_allotment_alaska_rural_1', 'us:statutes/7/2012/u#snap_maximum_allotment_alaska_rural_2');
  if (st.bbce_guideline_switch) for (const part of ['first_person', 'each_additional_person']) fyParams.push(`${ids.bbce}#${code}_snap_bbce_poverty_guideline_${part}_amount`);
  const plan = utilityPlan(code, st);
  for (const k of plan.kinds) for (const region of Object.keys(st.regions)) fyParams.push(`${ids.utility}#${paramName(code, k.key, region, plan.multi)}`);
  const utilityParam = (kind, region) => `${ids.utility}#${paramName(code, kind, region, plan.multi)}`;
  const unverified = [...unverifiedParameters(st, utilityParam), ...uncheckedFy26Parameters(st, plan.kinds, utilityParam),
    ...singleUtilityUnverified(code, st, plan.multi, (name) => `${ids.utility}#${name}`),
    ...bbceUnverified(code, st, ids.bbce),
    ...smdUnverified(code, st, ids.medical),
    ...bbceGuidelineUnverified(code, st, ids.bbce),
    ...(plan.kinds.some((k) => k.key === (plan.isIndividual ? 'water' : 'lua')) ? []
      : readsUtilitiesPaid(st) ? limitedSumUnverified(code, st, (name) => `${ids.utility}#${name}`)
        : limitedNotPublished(st, '0') ? [limitedNotPublishedUnverified(code, st, (name) => `${ids.utility}#${name}`)] : [])];
  if (st.single_utility && !st.single_utility.not_modelled) {
    for (const [region, r] of Object.entries(st.single_utility.regions)) for (const [kind, figure] of Object.entries(r)) if (!figure.same_as) fyParams.push(`${ids.utility}#${singleParamName(code, kind, region, plan.multi)}`);
  }
  const spec = {
    program: `${jur}/snap`,
    period: '2026-01',
    outputs: ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction',
      'snap_maximum_allotment', 'snap_utility_allowance', 'snap_adjusted_income', 'snap_federal_allotment', 'snap_federal_allotment_before_exclusion_cap',
      'snap_federal_allotment_with_disqualified_counted', 'snap_categorically_eligible',
      'snap_gross_income_limit', 'snap_net_income_limit', 'snap_household_size', 'snap_certified', 'snap_member_expense_shares_immaterial', 'snap_resources_immaterial', 'snap_vehicles_immaterial', 'snap_head_of_household_fact_immaterial', ...VEHICLE_OUTPUTS,
      ...(readsUtilitiesPaid(st) ? [utilitiesPaidImmaterialName(code)] : [])],
    scope: { federal: ['statutes/7/2017/a'], state: [`policies/${st.agency_slug}/snap/benefit-calculation`] },
    jurisdiction: jur,
    program_id: 'snap',
    title: `${st.name} SNAP (${st.agency})`,
    default_period: '2026-01',
    default_outputs: ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction', 'snap_maximum_allotment'],
    household_entity: 'Household',
    household_aliases: aliases,
    input_types: { ...Object.fromEntries(Object.keys(aliases).map((a) => [a, types[a] ?? HEAD_OF_HOUSEHOLD_FACT_TYPES[a] ?? VEHICLE_FACT_TYPES[a] ?? 'Money'])), ...PERSON_FACT_TYPES },
    // Closed lists and bounds the generic runtime enforces (docs/snap-package-contract.md: input_values, input_limits).
    input_values: {
      utility_type: ['heating_cooling', 'limited', 'telephone', 'single_utility', 'none'],
      ...(sIds.single_utility_kind ? { single_utility_kind: SINGLE_UTILITY_KIND_VALUES } : {}),
      ...(plan.multi ? { snap_region: Object.keys(st.regions) } : {}),
      ...(code === 'ak' ? { alaska_allotment_area: ['urban', 'rural_1', 'rural_2'] } : {}),
      ...PERSON_FACT_VALUES,
    },
    // The law sets no largest household; 100 people is far beyond any real one and keeps tables bounded. An age is a
    // whole number of years from 0 (a newborn); 150 is past any recorded life and catches a typo such as 340.
    input_limits: { household_size: { minimum: 1, maximum: 100 }, age: { minimum: 0, maximum: 150 } },
    material_inputs: { ...MATERIAL_INPUTS, household: { ...MATERIAL_INPUTS.household, ...vehicleMaterialInputs(code), ...utilitiesPaidMaterialInputs(code, st) } },
    input_defaults: defaults,
    person_entity: 'Person',
    person_relation: F.members,
    person_aliases: personInputs,
    person_input_defaults: { age: 30, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0, ...PERSON_FACT_DEFAULTS },
    output_aliases: { snap: 'snap_allotment', snap_benefit: 'snap_allotment', is_snap_eligible: 'snap_eligible' },
    input_docs: docsFor({ ...HOUSEHOLD_INPUT_DOCS, ...VEHICLE_FACT_DOCS, ...UTILITY_PAID_DOCS }, Object.keys(aliases), 'household input'),
    person_input_docs: docsFor(PERSON_INPUT_DOCS, Object.keys(personInputs), 'person input'),
    snap_regions: plan.multi ? { codes: Object.keys(st.regions), default: st.default_region, labels: Object.fromEntries(Object.entries(st.regions).map(([k, r]) => [k, r.label])) } : { codes: ['statewide'], default: 'statewide' },
    ...(code === 'ak' ? { alaska_allotment_areas: { codes: ['urban', 'rural_1', 'rural_2'], default: 'urban' } } : {}),
    fiscal_years: ['FY2024', 'FY2025', 'FY2026', 'FY2027'],
    last_fiscal_year: { name: 'FY2027', starts: '2026-10-01', ends: '2027-09-30' },
    fiscal_year_parameters: fyParams,
    ...(unverified.length ? { unverified_parameters: unverified } : {}),
    sample_household: sampleHousehold,
    sample_expected_outputs: Object.fromEntries(['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction', 'snap_maximum_allotment'].map((k) => [k, sample.result.outputs[k]])),
    screening: SNAP_SCREENING,
  };
  spec.output_docs = docsFor({ ...OUTPUT_DOCS, ...VEHICLE_OUTPUT_DOCS, ...(readsUtilitiesPaid(st) ? utilitiesPaidOutputDocs(code, st) : {}) }, spec.outputs, 'output');
  write(`rules/programs/${jur}/snap/fy-2026.yaml`,
    `# ${st.name} SNAP, FY2024-FY2027 package (generated by scripts/generate-snap-state-rules.mjs from scripts/data/snap-state-figures.json).\n` +
    `# Keys after scope are Tenet package extensions; docs/snap-package-contract.md describes them.\n` + YAML.stringify(spec, { lineWidth: 120 }));

  // parity cases: the sample household (person-level facts) and the elderly household
  const cases = [worked[0], worked[1], worked[2]].map((w, i) => ({
    id: `${jur}-snap-${w.name.replace(/_/g, '-')}`,
    program_id: 'snap',
    jurisdiction: jur,
    runtime_supported: true,
    description: `${st.name}, ${w.label}`,
    axiom_request: { program_id: 'snap', jurisdiction: jur, household: i === 0 ? sampleHousehold : apiHousehold(code, st, w),
      variables: ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction', 'snap_maximum_allotment'] },
    expected_axiom_outputs: Object.fromEntries(['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction', 'snap_maximum_allotment'].map((k) => [k, w.result.outputs[k]])),
    variables: ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_standard_deduction', 'snap_excess_shelter_deduction', 'snap_maximum_allotment'],
    tolerance: { amount: 0.01 },
    notes: [`Worked by hand (scripts/lib/snap-reference.mjs, independent of the engine): ${w.result.steps.join('; ')}.`],
  }));
  write(`parity/snap/${jur}.json`, `${JSON.stringify(cases, null, 2)}\n`);

  programs.push(jur);
  coverage.push({ code, st, ids, worked });
}

// ---------- docs/coverage.md
{
  const fmtSeries = (s) => s.map(([d, v]) => `${v}${d === '2023-10-01' ? '' : ` (from ${d})`}`).join(' / ');
  const lines = [];
  lines.push('# SNAP coverage: bundled rule packages', '',
    'Generated by `scripts/generate-snap-state-rules.mjs` from `scripts/data/snap-state-figures.json`; do not edit by hand.', '',
    `${programs.length} State agency packages (50 States, the District of Columbia, Guam, the U.S. Virgin Islands), each `,
    'compose spec at `rules/programs/us-xx/snap/fy-2026.yaml` (the file keeps the name of the year it was first written for),',
    'program id `snap`. Fiscal years encoded: FY2024 (from 2023-10-01), FY2025 (from 2024-10-01), FY2026 (from 2025-10-01),',
    'FY2027 (from 2026-10-01). A month after 2027-09-30 computes with the FY2027 figures; the calculation layer warns,',
    'naming the parameters listed under `fiscal_year_parameters` in the compose spec.', '',
    `FY2027: the federal figures are USDA's FY2027 cost-of-living memorandum (2026-08-21; ${FY2027_MEMO_URL}), read in full in a text extraction of the PDF (the agency site refuses automated clients) and corroborated by two independent copies citing the same file; every federal figure is verified. The State utility figures are not: FNS had published no FY2027 SUA table, and no State's own FY2027 notice could be read (searched 2026-11-28). Each State utility figure in force at the end of FY2026 therefore has an FY2027 version (from 2026-10-01) declared unverified, so an answer that reads one names it: the State's FY2027 figure where a summary of its notice was read (California, Illinois, New York, and Arizona's limited allowance), else the FY2026 figure kept (column "FY2027 utility figures"). A figure of 0 (no such standard) has no FY2027 version. Maryland (January) and Indiana (May) update on their own cycles; their versions are dated 2026-10-01 like the others. No State option (BBCE limits, standard medical deduction, child support, State minimum) was found to change on 2026-10-01; California's $150 standard medical deduction runs to 2029-09-30 (CDSS ACL 26-04, read in a summary).`, '',
    '## Federal figures', '',
    '| figure | module | source |', '|---|---|---|',
    '| maximum allotments (48 States + DC, Alaska urban / rural I / rural II, Hawaii, Guam, Virgin Islands); from FY2027 the published cap for 18 or more people | `us:statutes/7/2012/u` | FNS SNAP COLA memos FY2024-FY2026; USDA FY2027 COLA memorandum; 7 U.S.C. 2012(u)(2) as amended by Pub. L. 119-21 sec. 10101 |',
    '| standard deduction (same areas; Alaska one table) | `us:statutes/7/2014/e/1` | 7 U.S.C. 2014(e)(1); FNS COLA memos |',
    '| excess shelter cap, homeless shelter deduction | `us:statutes/7/2014/e/6` | 7 U.S.C. 2014(e)(6); FNS COLA memos |',
    '| poverty guidelines, 130% gross / 100% net standards | `us:statutes/7/2014/c` | 7 U.S.C. 2014(c); HHS poverty guidelines 2023-2026 (2026: 91 FR 1797, for FY2027) |',
    '| resource limits | `us:statutes/7/2014/g` | 7 U.S.C. 2014(g); FNS COLA memos |',
    '| earned income (20%, on all earnings, including those used to pay child support a State excludes), medical ($35), dependent care, child support | `us:statutes/7/2014/e/2..5` | 7 U.S.C. 2014(e); 7 CFR 273.9(d)(2) |',
    '| 30% contribution (rounded up), minimum benefit (8%, sizes 1-2; from FY2027 the published figure, $25 in the 48 States, since 8% of the published $306 would round to $24) | `us:statutes/7/2017/a` | 7 U.S.C. 2017(a); 7 CFR 273.10(e)(2); USDA FY2027 COLA memorandum |',
    '| energy-assistance SUA limited to elderly/disabled households from 2025-07-04 | `us:statutes/7/2014/e/6/C` | 7 U.S.C. 2014(e)(6)(C)(iv); Pub. L. 119-21 sec. 10103 (no date of its own: in force on enactment, as FNS\'s implementation memo of 2025-08-29 reads it) |',
    '', 'Resolved doubtful value: Virgin Islands FY2026 standard deduction for 3 people is $185 (8.31% of the $2,221 net standard = $184.57, above the $184 floor), not $184.',
    'Guam and the Virgin Islands use the 48-State poverty guidelines for their income standards (the compiled source left them at 0).', '',
    `${CHILD_SUPPORT_COVERAGE_NOTE} ${childSupportCheckCount(coverage.map(({ code, st }) => ({ ...st, code })))}`,
    '', SELF_EMPLOYMENT_COVERAGE_NOTE,
    '', noncitizenCoverageNote(Object.keys(data.states)),
    '', vehicleCoverageNote(data.states),
    '', 'Single utility (`utility_type` `single_utility`): a household that pays exactly one utility other than heating or cooling and other than telephone (only electricity without heat, only water, only trash collection) gets the State\'s individual standard for it, which 7 CFR 273.9(d)(6)(iii)(A)(1) allows ("an individual standard for each type of utility expense"; the limited allowance needs at least two utilities, (A)(3)). FY2026 figures are the single-utility columns of FNS\'s FY 2026 SUA table (updated August 2026) or the State\'s own notice where the package cites one. Where the columns differ by utility (Alaska, Guam, Hawaii, Michigan, Minnesota, New Hampshire, Wisconsin; Guam\'s and Hawaii\'s also by household size, read at the package\'s utility table size, their electricity and water columns being the packages\' existing electricity and water standards) the household fact `single_utility_kind` (electricity, gas_or_fuel, water, sewage, trash; default unspecified) names the utility, and unspecified gives 0 with a warning. Where every column is 0 the State has no such standard and `single_utility` gives 0 (said in the rule\'s description). New Jersey (FNS: pending) is not computed: 0 with a warning. FY2024 and FY2025 single-utility figures come from the PolicyEngine-US parameter set (values only; it cites FNS\'s FY2024 and FY2025 SUA tables, which were not read here) and are flagged, so a result that reads one is warned (Indiana: its manual verifies $60 from 2024-05-01). A household receiving energy assistance where the State gives the SUA for any utility cost gets the SUA as for `limited`. Alaska, Michigan and Minnesota publish individual standards but no limited allowance, and each State\'s manual allows the standard for each utility a household without heating or cooling costs pays, so a `limited` household gets the sum of the standards for the utilities named by the household facts `pays_electricity`, `pays_gas_or_fuel`, `pays_water`, `pays_sewage`, `pays_trash` and `pays_telephone` (Boolean, default false; only in these packages): Michigan (BEM 554, "Use the individual standard for each utility the SNAP group has responsibility to pay"): non-heat electric, cooking fuel, water and/or sewer (one standard, earned once by water, sewer or both), trash and telephone; Minnesota (Combined Manual 0018.15.09, "one or both of the electric and phone standard utility deduction(s)"): electric and phone only, other utilities having no standard; Alaska (SNAP Manual 602-4 E(2)(b), "Each utility standard is separate"): electricity, water, sewer and phone of the household\'s region, while garbage and cooking fuel are allowed at actual cost (602-4 E(2)(c)), which the package does not take, so paying them adds nothing and warns (`ak_snap_limited_actual_costs_not_computed`). Fewer than two utilities named gives the sum of those named and a warning (`<code>_snap_limited_utilities_not_given`); for a limited household the facts not given that earn a standard are listed in `assumptions` (output `<code>_snap_utilities_paid_immaterial`). Column "single utility".',
    '', 'Federal law changes applied: the ABAWD time limit reaches ages 18-64 and the household-child exemption children under 14, with the homeless, veteran and former-foster-youth exemptions ended and Indians exempted (Pub. L. 119-21 sec. 10102, from enactment, 2025-07-04; 7 U.S.C. 2015(o)); refugees, asylees and the other humanitarian categories are no longer eligible non-citizens unless permanent residents, Cuban/Haitian entrants or COFA citizens (sec. 10108, from 2025-07-04; 7 U.S.C. 2015(f)). The energy-assistance route to the SUA is limited to households with an elderly or disabled member from enactment, 2025-07-04 (sec. 10103, which names no later date; FNS implementation memo of 2025-08-29). Internet costs are not a shelter expense (sec. 10104); FY2026 telephone figures that look like telephone-plus-internet standards are flagged per State. A figure that could not be checked against the State\'s own notice is listed under `unverified_parameters` in the compose spec, with the reason, and a calculation that reads it carries a warning naming it (column "FY2026 utility figures").', '',
    'BBCE guideline switch month: a BBCE limit is a percentage of the HHS poverty guideline, and a State re-bases it on each year\'s new guideline in the month its own rule says (hooks `us:regulations/7-cfr/273/2/j#snap_bbce_poverty_guideline_first_person` and `#snap_bbce_poverty_guideline_each_additional_person`; guidelines by calendar year: 2023 88 FR 3424, 2024 89 FR 2961, 2025 90 FR 5917, 2026 91 FR 1797). Encoded, each citing its rule (column "BBCE"): ' + Object.entries(data.states).filter(([, s]) => s.bbce_guideline_switch).map(([c, s]) => `us-${c} ${s.bbce_guideline_switch.dates ? 'mid-January (when HHS publishes)' : MONTH_NAMES[s.bbce_guideline_switch.month - 1]}`).join(', ') + '. Every other BBCE State keeps October 1, the federal standards\' date (7 U.S.C. 2014(c)), not checked against each State\'s own rule (the lead, PolicyEngine-US PR #9243, names only these four; Arizona\'s Cash and Nutrition Assistance Policy Manual dates its expanded categorical eligibility limit by calendar year of the \'current\' poverty level, which suggests January and was not followed up; Maine\'s SNAP rule notices give 200% for 2023, where the package has 185% until 2024-07-01, also not followed up).', '',
    '## State agencies', '',
    '| package | agency | area | SUA / LUA / TUA (FY2024 / FY2025 / FY2026 / FY2027) | FY2026 utility figures | FY2027 utility figures | single utility (utility_type single_utility) | SUA for any utility cost | BBCE (current) | SMD | child support | State minimum | doubts |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { code, st } of coverage) {
    const regions = Object.entries(st.regions).map(([rg, r]) => {
      const s = (k, bs) => (r[bs] ? `by size (${r[bs].map((x) => x[x.length - 1][1]).slice(0, 1)}-${r[bs].at(-1).at(-1)[1]} FY26)` : r[k] ? fmtSeries(r[k]) : '-');
      const head = Object.keys(st.regions).length > 1 ? `${rg}: ` : '';
      if (code === 'hi' || code === 'gu') return `${head}electricity ${s(null, 'electricity_by_size')}; water ${s(null, 'water_by_size')}; TUA ${fmtSeries(r.tua)}`;
      return `${head}SUA ${s('sua', 'sua_by_size')}; LUA ${s('lua', 'lua_by_size')}; TUA ${fmtSeries(r.tua)}`;
    }).join('<br>');
    const sw = st.bbce_guideline_switch;
    const bb = describeBbce(st) + bbceTiers(code, st, '').summary
      + (sw ? ` Re-based on the new HHS poverty guidelines ${sw.dates ? `when HHS publishes them (from ${Object.values(sw.dates).join(', ')})` : `each ${MONTH_NAMES[sw.month - 1]} 1`}, not October 1: ${sw.citation}${sw.unverified ? ` (not verified, warned: ${sw.unverified.map((u) => `from ${u.effective_from}`).join(', ')})` : ''}.` : '');
    lines.push(`| us-${code} | ${st.agency} | ${st.area} | ${regions} | ${utilityCheckText(st)} | ${fy2027UtilityText(st)} | ${singleUtilityCoverage(st)}${readsUtilitiesPaid(st) ? `; limited: the sum of the standards for the utilities paid (pays_*), ${st.limited_sum.citation.split(':')[0]}${st.limited_sum.actual_costs ? ` (${st.limited_sum.actual_costs.facts.join(', ')}: actual costs, not taken; warned)` : ''}` : ''} | ${fmtSeries(st.sua_for_any_utility_cost)} | ${st.bbce.gross.every(([, s]) => s === 'not_offered') && st.bbce.gross_elderly_disabled.every(([, s]) => s === 'not_offered') ? 'none' : bb} | ${fmtSeries(st.standard_medical_deduction)} | ${st.child_support} (${st.child_support_basis?.verified ? 'verified' : 'not verified'}: ${childSupportBasisText(st).replace(/^[^:]*: /, '')}) | ${st.minimum_benefit ? `$${at(st.minimum_benefit.versions, '2026-01-01')}${st.minimum_benefit.condition === 'member_aged_62' ? ' (member 62+)' : ''}` : '-'} | ${st.notes.join(' ') || '-'} |`);
  }
  lines.push('', '## Sources', '',
    `- Utility allowances: FNS, SNAP Standard Utility Allowances (${SUA_URL}); FY2025 table (${SUA_FY25_URL}); State agency notices.`,
    `- BBCE: FNS, Broad-Based Categorical Eligibility (${BBCE_URL}).`,
    `- Standard medical deduction and child support option: FNS, SNAP State Options Report (${OPTIONS_URL}).`,
    '- State minimum benefits: D.C. Code 4-261.04; Md. Code, Human Services 5-501; New Jersey DHS.',
    '- Every rule carries its own `source` (and `source_url`/`sources`) in the module.', '');
  write('docs/coverage.md', lines.join('\n'));
}
if (CHECK) {
  if (stale.length) {
    console.error(`out of date (run node scripts/generate-snap-state-rules.mjs):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${programs.length} State packages up to date`);
} else {
  console.log(`generated ${programs.length} State packages`);
}
