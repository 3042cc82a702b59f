/**
 * The household vehicle facts of the bundled SNAP packages (issue #12; docs/snap-package-contract.md section 8)
 * and each State's vehicle rule (scripts/data/snap-state-vehicle-rules.json): input ids, types, defaults (no
 * countable vehicle, the common case), package input docs, materiality, the State module and its hand-worked
 * tests. The generator keeps only small hooks that spread these into every compose spec, test and module list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setsRelation } from './rule-text.mjs';

const F = 'us:regulations/7-cfr/273/8/f';
const FEDERAL_THRESHOLD = 4650; // 7 U.S.C. 2014(g)(2)(B)(iv), fixed
const RULES = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/snap-state-vehicle-rules.json'), 'utf8'));

/** household alias -> canonical input id (spread into household_aliases). */
export const VEHICLE_FACT_ALIASES = {
  vehicle_fair_market_value: `${F}#input.vehicle_fair_market_value`,
  second_vehicle_fair_market_value: `${F}#input.second_vehicle_fair_market_value`,
  second_vehicle_amount_owed: `${F}#input.second_vehicle_amount_owed`,
  second_vehicle_exempt_from_equity_test: `${F}#input.second_vehicle_exempt_from_equity_test`,
  third_vehicle_fair_market_value: `${F}#input.third_vehicle_fair_market_value`,
  third_vehicle_amount_owed: `${F}#input.third_vehicle_amount_owed`,
  third_vehicle_exempt_from_equity_test: `${F}#input.third_vehicle_exempt_from_equity_test`,
};
/** household alias -> default (spread into input_defaults): no second or third vehicle, nothing owed, no exemption. */
export const VEHICLE_FACT_DEFAULTS = {
  vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, second_vehicle_amount_owed: 0, second_vehicle_exempt_from_equity_test: false,
  third_vehicle_fair_market_value: 0, third_vehicle_amount_owed: 0, third_vehicle_exempt_from_equity_test: false,
};
/** household alias -> input type where it is not Money. */
export const VEHICLE_FACT_TYPES = { second_vehicle_exempt_from_equity_test: 'Boolean', third_vehicle_exempt_from_equity_test: 'Boolean' };

const EXCLUDED = 'that no exclusion covers (not income-producing, not the home, not needed to transport a disabled member, not carrying the household\'s fuel or water, not one whose sale would return $1,500 or less)';
/** household alias -> { description, period, unit } in scripts/lib/snap-input-docs.mjs's format. */
export const VEHICLE_FACT_DOCS = {
  vehicle_fair_market_value: {
    description: `Fair market value of the household's most valuable licensed vehicle ${EXCLUDED}. It is one adult's vehicle: the part above $4,650 counts toward the resource limit, with no equity test (7 CFR 273.8(f)), unless the State's vehicle rule counts less (7 U.S.C. 2014(g)(2)(D)).`,
    period: 'none', unit: 'USD',
  },
  second_vehicle_fair_market_value: {
    description: `Fair market value of a second licensed vehicle ${EXCLUDED}; 0 when there is none. Federal rule: the greater of its value above $4,650 and its equity counts, or the value above $4,650 alone when second_vehicle_exempt_from_equity_test (7 CFR 273.8(f)). A third vehicle is given in third_vehicle_*; a fourth or more is not modelled.`,
    period: 'none', unit: 'USD',
  },
  second_vehicle_amount_owed: {
    description: 'What is still owed on the second vehicle (loans, liens); its equity is the fair market value less this amount (7 CFR 273.8(f)). 0 counts the whole value as equity.',
    period: 'none', unit: 'USD',
  },
  second_vehicle_exempt_from_equity_test: {
    description: 'The second vehicle is another adult member\'s vehicle (one per adult), or one a member under 18 drives to work, training or to look for work: only its value above $4,650 counts, not its equity (7 CFR 273.8(f)).',
    period: 'none', unit: 'boolean',
  },
  third_vehicle_fair_market_value: {
    description: `Fair market value of a third licensed vehicle ${EXCLUDED}; 0 when there is none. Valued on its own like the second: the greater of its value above $4,650 and its equity, or the value above $4,650 alone when third_vehicle_exempt_from_equity_test (7 CFR 273.8(f)); a State rule for further vehicles applies to it as to the second. A fourth vehicle or more is not modelled (add its countable value to countable_resources).`,
    period: 'none', unit: 'USD',
  },
  third_vehicle_amount_owed: {
    description: 'What is still owed on the third vehicle; its equity is the fair market value less this amount (7 CFR 273.8(f)). 0 counts the whole value as equity.',
    period: 'none', unit: 'USD',
  },
  third_vehicle_exempt_from_equity_test: {
    description: 'The third vehicle is another adult member\'s vehicle (one per adult), or one a member under 18 drives to work, training or to look for work: only its value above $4,650 counts, not its equity (7 CFR 273.8(f)).',
    period: 'none', unit: 'boolean',
  },
};
const MATERIAL_REASON = 'the resource test applies to this household and counts a licensed vehicle\'s value above $4,650 or its equity (7 CFR 273.8(f)), or what the State\'s vehicle rule counts';
const BBCE_REASON = 'the State counts a licensed vehicle\'s value under its own rule against its BBCE asset limit as well as in the federal resource test (7 CFR 273.2(j)(2)(ii), 273.8(f))';
/**
 * household alias -> material_inputs entry: material only where a resource test counting vehicles applies
 * (snap_vehicles_immaterial is false): the federal test, or a BBCE asset limit that counts vehicles (Texas).
 */
export function vehicleMaterialInputs(code) {
  const rule = stateVehicleRule(code);
  const spec = { unless_output: 'snap_vehicles_immaterial', reason: rule?.bbce_counts_vehicles ? BBCE_REASON : MATERIAL_REASON };
  const terms = (which) => (reason) => ({ unless_output: `snap_${which}_vehicle_terms_immaterial`, reason });
  const owed = (which) => `a ${which} vehicle not exempt from the equity test counts the greater of its value above $4,650 and its equity, its value less what is owed on it, where the resource test applies (7 CFR 273.8(f))`;
  const exempt = (which) => `a ${which} vehicle that is another adult's, or a minor's work vehicle, counts only its value above $4,650, not its equity, where the resource test applies (7 CFR 273.8(f))`;
  const first = { vehicle_fair_market_value: spec };
  const further = {
    second_vehicle_fair_market_value: spec,
    second_vehicle_amount_owed: terms('second')(owed('second')),
    second_vehicle_exempt_from_equity_test: terms('second')(exempt('second')),
    third_vehicle_fair_market_value: spec,
    third_vehicle_amount_owed: terms('third')(owed('third')),
    third_vehicle_exempt_from_equity_test: terms('third')(exempt('third')),
  };
  // A vehicle the State excludes whatever its value, from the package's first version on, cannot change a result,
  // so its facts left out are not listed as assumptions (they would only be noise).
  return { ...(alwaysExcluded(rule?.first) ? {} : first), ...(alwaysExcluded(rule?.second) ? {} : further) };
}

/** Whether a State rule series excludes the vehicle at every date it covers. */
const alwaysExcluded = (series) => series !== undefined && series.length > 0 && series.every(([, kind]) => kind === 'excluded');

/** Package outputs the vehicle facts add: the judgment that settles the second vehicle's materiality. */
export const VEHICLE_OUTPUTS = ['snap_second_vehicle_terms_immaterial', 'snap_third_vehicle_terms_immaterial'];
/** output -> { description, period, unit } in scripts/lib/snap-input-docs.mjs's format. */
export const VEHICLE_OUTPUT_DOCS = {
  snap_second_vehicle_terms_immaterial: {
    description: 'No second vehicle was given (second_vehicle_fair_market_value is 0), so what is owed on it and whether it is exempt from the equity test do not matter (7 CFR 273.8(f)); when false, those facts not given are listed in assumptions.',
    period: 'month', unit: 'boolean',
  },
  snap_third_vehicle_terms_immaterial: {
    description: 'No third vehicle was given (third_vehicle_fair_market_value is 0), so what is owed on it and whether it is exempt from the equity test do not matter (7 CFR 273.8(f)); when false, those facts not given are listed in assumptions.',
    period: 'month', unit: 'boolean',
  },
};

/** The test-row fields that give a generated household its vehicles (none unless the worked household says). */
export function vehicleFactRow(h) {
  const v = h.vehicles ?? {};
  const row = { [`${F}#input.vehicle_fair_market_value`]: v.first ?? h.vehicleFairMarketValue ?? 0, [`${F}#input.second_vehicle_fair_market_value`]: v.second ?? 0,
    [`${F}#input.third_vehicle_fair_market_value`]: v.third ?? 0 };
  if (v.second) Object.assign(row, { [`${F}#input.second_vehicle_amount_owed`]: v.owed ?? 0, [`${F}#input.second_vehicle_exempt_from_equity_test`]: v.exempt ?? false });
  if (v.third) Object.assign(row, { [`${F}#input.third_vehicle_amount_owed`]: v.thirdOwed ?? 0, [`${F}#input.third_vehicle_exempt_from_equity_test`]: v.thirdExempt ?? false });
  return row;
}

// ---------- State vehicle rules (7 U.S.C. 2014(g)(2)(D))

const isFederal = (r) => [...r.first, ...r.second].every(([, kind]) => kind === 'federal') && !r.bbce_counts_vehicles;

/** The State's encoded vehicle rule, or null when it keeps the federal rule (not verified, or verified federal). */
export function stateVehicleRule(code) {
  const r = RULES.states[code];
  return r?.verified && r.first && !isFederal(r) ? r : null;
}

const atDate = (series, date) => series.filter(([d]) => d <= date).at(-1);
const dollars = (n) => `$${n.toLocaleString('en-US')}`;

/** One further vehicle (second or third) worked by hand: its federal value and the State's, with the words. */
function furtherVehicleByHand({ label, value, owed, exempt }, [, kind, allowance]) {
  if (value <= 0) return { fed: 0, state: 0, fedWords: `${label} none = 0`, stateWords: `${label} none = 0` };
  const excess = Math.max(value - FEDERAL_THRESHOLD, 0);
  const equity = Math.max(value - owed, 0);
  const fed = exempt ? excess : Math.max(excess, equity);
  const fedWords = exempt ? `${label} equity-exempt, max(${value} - 4650, 0) = ${fed}` : `${label} max(excess ${excess}, equity ${value} - ${owed} = ${equity}) = ${fed}`;
  if (kind === 'excluded') return { fed, state: 0, fedWords, stateWords: `${label} excluded = 0` };
  if (kind === 'fmv_allowance') {
    const state = Math.max(value - allowance, 0);
    return { fed, state, fedWords, stateWords: `${label} max(${value} - ${allowance}, 0) = ${state}` };
  }
  if (kind === 'excluded_when_equity_exempt' && exempt) return { fed, state: 0, fedWords, stateWords: `${label} another adult's or a minor's work vehicle, excluded = 0` };
  return { fed, state: fed, fedWords, stateWords: `${label} federal ${fed}` };
}

/**
 * The countable vehicle value worked by hand, independent of the engine: the federal value of 7 CFR 273.8(f),
 * the State's, and the lower of the two (7 U.S.C. 2014(g)(2)(D)). The State's rule for further vehicles applies to
 * the second and the third alike. Returns the value and its arithmetic in words (the third only when given).
 */
export function vehicleValueByHand(rule, vehicles, date) {
  const { first = 0, second = 0, owed = 0, exempt = false, third = 0, thirdOwed = 0, thirdExempt = false } = vehicles;
  const fed1 = Math.max(first - FEDERAL_THRESHOLD, 0);
  const [, r1, a1] = atDate(rule.first, date);
  const furtherRule = atDate(rule.second, date);
  const further = [{ label: 'second', value: second, owed, exempt }, { label: 'third', value: third, owed: thirdOwed, exempt: thirdExempt }]
    .filter((v) => v.label === 'second' || v.value > 0)
    .map((v) => furtherVehicleByHand(v, furtherRule));
  const state1 = r1 === 'excluded' ? 0 : r1 === 'fmv_allowance' ? Math.max(first - a1, 0) : fed1;
  const describe1 = r1 === 'excluded' ? 'excluded = 0' : r1 === 'fmv_allowance' ? `max(${first} - ${a1}, 0) = ${state1}` : `federal ${state1}`;
  const fedTotal = further.reduce((t, v) => t + v.fed, fed1);
  const stateTotal = further.reduce((t, v) => t + v.state, state1);
  const value = Math.min(fedTotal, stateTotal);
  const steps = [
    `federal: first max(${first} - 4650, 0) = ${fed1}; ${further.map((v) => v.fedWords).join('; ')}; total ${fedTotal}`,
    `State: first ${describe1}; ${further.map((v) => v.stateWords).join('; ')}; total ${stateTotal}`,
    `the lower counts: ${value}`,
  ];
  return { value, steps };
}

const VEHICLE_CASES = [
  { name: 'one_vehicle_worth_20000', label: 'one vehicle worth $20,000', vehicles: { first: 20000 } },
  { name: 'second_vehicle_counted_by_equity', label: 'a $25,000 vehicle and a second worth $10,000 with $2,000 owed, not exempt from the equity test', vehicles: { first: 25000, second: 10000, owed: 2000, exempt: false } },
  { name: 'second_adults_vehicle', label: 'the same two vehicles, the second driven by another adult member', vehicles: { first: 25000, second: 10000, owed: 2000, exempt: true } },
  { name: 'third_vehicle', label: 'the same two vehicles and a third worth $9,000 with nothing owed, not exempt from the equity test', vehicles: { first: 25000, second: 10000, owed: 2000, exempt: true, third: 9000, thirdOwed: 0, thirdExempt: false } },
];

/** Companion tests of a State's vehicle module: the hooks bound, and three households worked by hand. */
export function stateVehicleTests(code, rule, moduleId) {
  const date = '2026-01-01';
  const [, r1, a1] = atDate(rule.first, date);
  const [, r2, a2] = atDate(rule.second, date);
  const tests = [{ name: 'fy2026_rule_bound_to_federal_hooks', period: '2026-01', input: {},
    output: { [`${F}#snap_state_first_vehicle_rule`]: r1, [`${F}#snap_state_first_vehicle_allowance`]: a1,
      [`${F}#snap_state_second_vehicle_rule`]: r2, [`${F}#snap_state_second_vehicle_allowance`]: a2, [`${moduleId}#${code}_snap_first_vehicle_rule`]: r1 } }];
  if (rule.bbce_counts_vehicles) {
    const { value, steps } = vehicleValueByHand(rule, { first: 24000 }, date);
    tests.push({ name: 'fy2026_bbce_asset_limit_counts_the_vehicle', description: `one vehicle worth $24,000, counted against the State's BBCE asset limit too. ${steps.join('; ')}.`, period: '2026-01',
      input: vehicleFactRow({ vehicles: { first: 24000 } }), output: { [`${F}#snap_bbce_resource_test_counts_vehicles`]: true, [`${F}#snap_bbce_countable_vehicle_value`]: value } });
  }
  for (const c of VEHICLE_CASES) {
    const { value, steps } = vehicleValueByHand(rule, c.vehicles, date);
    tests.push({ name: `fy2026_${c.name}`, description: `${c.label}. ${steps.join('; ')}.`, period: '2026-01',
      input: vehicleFactRow({ vehicles: { ...c.vehicles, second: c.vehicles.second ?? 0 } }), output: { [`${F}#snap_countable_vehicle_value`]: value } });
  }
  return tests;
}

function ruleWords(kind, amount, which) {
  if (kind === 'excluded') return `excludes ${which}`;
  if (kind === 'fmv_allowance') return `counts ${which}'s fair market value above ${dollars(amount)}`;
  if (kind === 'excluded_when_equity_exempt') return `excludes ${which} when it is another adult's vehicle or a minor's work vehicle (otherwise the federal test)`;
  return `applies the federal test to ${which}`;
}

function versions(series, pick) {
  return series.map((e) => `      - effective_from: '${e[0]}'\n        formula: '${pick(e)}'`).join('\n');
}

/** The State's vehicle module: its rule as parameters bound to the federal hooks of 7 CFR 273.8(f). */
export function stateVehicleModule(code, st, rule, moduleId) {
  const src = `7 U.S.C. 2014(g)(2)(D); ${rule.citation}`;
  const param = (name, dtype, series, pick, description) => `
  - name: ${code}_${name}
    kind: parameter
    dtype: ${dtype}${dtype === 'Money' ? '\n    unit: USD' : ''}
    source: ${src}
    source_url: ${rule.url}
    description: ${description}
    versions:
${versions(series, pick)}`;
  const rules = [
    param('snap_first_vehicle_rule', 'Text', rule.first, (e) => JSON.stringify(e[1]), 'The State\'s rule for the household\'s most valuable vehicle.'),
    param('snap_first_vehicle_allowance', 'Money', rule.first, (e) => String(e[2]), 'Fair market value excluded for that vehicle (fmv_allowance only).'),
    param('snap_second_vehicle_rule', 'Text', rule.second, (e) => JSON.stringify(e[1]), 'The State\'s rule for a further vehicle.'),
    param('snap_second_vehicle_allowance', 'Money', rule.second, (e) => String(e[2]), 'Fair market value excluded for each further vehicle (fmv_allowance only).'),
  ];
  if (rule.bbce_counts_vehicles) {
    rules.push(`
  - name: ${code}_snap_bbce_counts_vehicles
    kind: parameter
    dtype: Boolean
    source: 7 CFR 273.2(j)(2)(ii); ${rule.bbce_citation}
    description: The State's BBCE asset limit counts excess vehicle value under the State's vehicle rule.
    versions:
${versions(rule.first.slice(0, 1), () => 'true')}`);
    rules.push(setsRelation(`${code}_sets_snap_bbce_resource_test_counts_vehicles`, `7 CFR 273.2(j)(2)(ii) (State BBCE terms); ${st.agency}`,
      `${F}#snap_bbce_resource_test_counts_vehicles`, `${moduleId}#${code}_snap_bbce_counts_vehicles`));
  }
  for (const [hook, own] of [['snap_state_first_vehicle_rule', 'snap_first_vehicle_rule'], ['snap_state_first_vehicle_allowance', 'snap_first_vehicle_allowance'],
    ['snap_state_second_vehicle_rule', 'snap_second_vehicle_rule'], ['snap_state_second_vehicle_allowance', 'snap_second_vehicle_allowance']]) {
    rules.push(setsRelation(`${code}_sets_${hook}`, `7 U.S.C. 2014(g)(2)(D) (State vehicle allowance standard); ${st.agency}`, `${F}#${hook}`, `${moduleId}#${code}_${own}`));
  }
  const [, r1, a1] = rule.first.at(-1);
  const [, r2, a2] = rule.second.at(-1);
  return `format: rulespec/v1
module:
  summary: >-
    ${st.name} SNAP vehicle rule (7 U.S.C. 2014(g)(2)(D)). ${st.name} ${ruleWords(r1, a1, 'the household\'s most valuable vehicle')} and ${ruleWords(r2, a2, 'a further vehicle')}.
    Where the federal test of 7 CFR 273.8(f) attributes less, the federal value counts. Source: ${rule.citation}.${rule.bbce_counts_vehicles ? `
    The State's BBCE asset limit counts the same vehicle value (${rule.bbce_citation}).` : ''}
  source_verification:
    corpus_citation_path: us-${code}/policy/${st.agency_slug}/snap/vehicles
imports:
  - ${F}
rules:${rules.join('\n')}
`;
}

/** docs/coverage.md note: which vehicle rule each package applies, verified or not. */
export function vehicleCoverageNote(states) {
  const verified = [];
  const federal = [];
  const open = [];
  for (const [code, st] of Object.entries(states)) {
    const r = RULES.states[code];
    if (r?.verified && r.first && isFederal(r)) federal.push(`${st.name} (${r.citation})`);
    else if (stateVehicleRule(code)) {
      const [, r1, a1] = r.first.at(-1);
      const [, r2, a2] = r.second.at(-1);
      verified.push(`${st.name} ${ruleWords(r1, a1, 'the most valuable vehicle')} and ${ruleWords(r2, a2, 'a further one')}${r.bbce_counts_vehicles ? ', and counts that value against its BBCE asset limit too' : ''} (verified: ${r.citation}${r.bbce_counts_vehicles ? `; ${r.bbce_citation}` : ''})`);
    } else if (r) open.push(`${st.name}: ${r.note}`);
  }
  return 'Vehicles (7 CFR 273.8(f); 7 U.S.C. 2014(g)(2)): a household gives its most valuable non-excluded licensed vehicle (`vehicle_fair_market_value`) and may give a second ' +
    '(`second_vehicle_fair_market_value`, `second_vehicle_amount_owed`, `second_vehicle_exempt_from_equity_test`) and a third (`third_vehicle_*`, the same three facts); a fourth vehicle or more is not modelled (its countable value goes into `countable_resources`). The federal rule (`us:regulations/7-cfr/273/8/f`) counts the first ' +
    'vehicle\'s value above $4,650 and, for the second and the third each, the greater of its value above $4,650 and its equity, or the value above $4,650 alone when it is another adult\'s vehicle or a minor\'s work vehicle; a State\'s rule for further vehicles applies to the second and the third alike. ' +
    'The test applies only to a household that is not categorically eligible. A State may apply its TANF vehicle standard where it attributes less (2014(g)(2)(D)); the lower of the two counts. ' +
    `Encoded State rules: ${verified.join('; ')}. Checked and found to apply the federal rule: ${federal.join('; ')}. ` +
    `Every other package applies the federal rule, **not verified** against the State's own rule` +
    (open.length ? `; what is known: ${open.join('; ')}.` : '.') +
    ` ${bbceVehicleNote(states)}`;
}

const excludesAll = (r) => Boolean(r?.verified && r.first && [...r.first, ...r.second].every(([, kind]) => kind === 'excluded'));

/** The States whose current BBCE keeps an asset limit (bbce.resources in scripts/data/snap-state-figures.json). */
const bbceLimitStates = (states) => Object.entries(states).filter(([, st]) => st.bbce?.resources?.at(-1)?.[1] === 'limit');

/** Whether each BBCE asset limit counts vehicles: encoded (true), verified not to (false), or not verified. */
function bbceVehicleNote(states) {
  const counts = [];
  const excludes = [];
  const unknown = [];
  for (const [code, st] of bbceLimitStates(states)) {
    const r = RULES.states[code];
    if (r?.verified && r.bbce_counts_vehicles === true) counts.push(st.name);
    else if (r?.verified && r.bbce_counts_vehicles === false && r.bbce_citation) excludes.push(`${st.name} (verified: ${r.bbce_citation})`);
    else unknown.push(excludesAll(r) ? `${st.name} (its vehicle rule excludes both vehicles given, so the answer changes no result)` : st.name);
  }
  return [
    counts.length ? `BBCE asset limits that count the vehicle value above: ${counts.join(', ')}.` : '',
    excludes.length ? `BBCE asset limits that do not count vehicles (\`countable_resources\` alone): ${excludes.join('; ')}.` : '',
    unknown.length ? `Compared with \`countable_resources\` alone, **not verified**: the BBCE asset limit of ${unknown.join(', ')}.` : '',
  ].filter(Boolean).join(' ');
}
