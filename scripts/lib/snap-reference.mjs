// Independent SNAP reference calculator used to work the hand-checked households in the State
// packages' tests and parity cases. It does not use the rule engine: it re-states the federal
// figures (FNS COLA memos FY2024-FY2026, USDA's FY2027 memorandum of 2026-08-21) and the chain of 7 CFR 273.9/273.10 in plain code and
// returns every intermediate value with the arithmetic written out.
import Decimal from 'decimal.js';

const D = (v) => new Decimal(v);

// Fiscal years start on 1 October; FY2027 figures carry forward after 2027-09-30.
export function fiscalYear(period) {
  const [y, m] = period.split('-').map(Number);
  const fy = m >= 10 ? y + 1 : y;
  return Math.min(Math.max(fy, 2024), 2027);
}

const FED = {
  maxAllotment: {
    '48_states_dc': { 2024: [291, 535, 766, 973, 1155, 1386, 1532, 1751, 219], 2025: [292, 536, 768, 975, 1158, 1390, 1536, 1756, 220], 2026: [298, 546, 785, 994, 1183, 1421, 1571, 1789, 218], 2027: [306, 562, 808, 1023, 1217, 1463, 1616, 1841, 225] },
    alaska_urban: { 2024: [374, 686, 983, 1248, 1482, 1778, 1966, 2246, 281], 2025: [377, 692, 991, 1258, 1494, 1793, 1982, 2265, 283], 2026: [385, 707, 1015, 1285, 1529, 1838, 2031, 2314, 282], 2027: [392, 718, 1032, 1306, 1555, 1868, 2064, 2352, 287] },
    alaska_rural_1: { 2024: [477, 875, 1253, 1591, 1890, 2268, 2506, 2865, 358], 2025: [481, 882, 1263, 1604, 1905, 2287, 2527, 2888, 361], 2026: [491, 901, 1295, 1639, 1950, 2344, 2590, 2950, 360], 2027: [499, 916, 1316, 1666, 1982, 2382, 2632, 2999, 366] },
    alaska_rural_2: { 2024: [581, 1065, 1525, 1937, 2300, 2760, 3051, 3487, 436], 2025: [586, 1074, 1538, 1953, 2319, 2783, 3076, 3516, 440], 2026: [598, 1097, 1576, 1995, 2374, 2853, 3152, 3591, 438], 2027: [608, 1115, 1602, 2027, 2413, 2900, 3204, 3650, 446] },
    hawaii: { 2024: [527, 967, 1385, 1759, 2088, 2506, 2770, 3166, 396], 2025: [517, 948, 1357, 1723, 2046, 2456, 2714, 3102, 388], 2026: [506, 929, 1334, 1689, 2010, 2415, 2668, 3040, 371], 2027: [496, 910, 1307, 1655, 1969, 2367, 2615, 2979, 364] },
    guam: { 2024: [430, 788, 1129, 1434, 1703, 2044, 2259, 2581, 323], 2025: [431, 790, 1132, 1437, 1707, 2049, 2264, 2588, 324], 2026: [439, 806, 1157, 1465, 1743, 2095, 2315, 2637, 322], 2027: [452, 829, 1191, 1507, 1794, 2156, 2382, 2714, 331] },
    virgin_islands: { 2024: [375, 688, 985, 1251, 1485, 1782, 1970, 2252, 282], 2025: [376, 689, 987, 1254, 1489, 1787, 1975, 2257, 282], 2026: [383, 703, 1009, 1278, 1521, 1827, 2019, 2300, 281], 2027: [394, 723, 1039, 1315, 1565, 1880, 2078, 2367, 289] },
  },
  standardDeduction: {
    '48_states_dc': { 2024: [198, 198, 198, 208, 244, 279], 2025: [204, 204, 204, 217, 254, 291], 2026: [209, 209, 209, 223, 261, 299], 2027: [217, 217, 217, 229, 268, 308] },
    alaska: { 2024: [338, 338, 338, 338, 338, 349], 2025: [348, 348, 348, 348, 348, 364], 2026: [358, 358, 358, 358, 358, 374], 2027: [371, 371, 371, 371, 371, 385] },
    hawaii: { 2024: [279, 279, 279, 279, 280, 321], 2025: [287, 287, 287, 287, 292, 335], 2026: [295, 295, 295, 295, 300, 344], 2027: [306, 306, 306, 306, 309, 354] },
    guam: { 2024: [397, 397, 397, 416, 487, 558], 2025: [409, 409, 409, 432, 507, 581], 2026: [420, 420, 420, 445, 522, 598], 2027: [435, 435, 435, 457, 536, 614] },
    virgin_islands: { 2024: [174, 174, 174, 208, 244, 279], 2025: [180, 180, 180, 217, 254, 291], 2026: [184, 184, 185, 223, 261, 299], 2027: [191, 191, 191, 229, 268, 308] },
  },
  shelterCap: {
    '48_states_dc': { 2024: 672, 2025: 712, 2026: 744, 2027: 769 }, alaska: { 2024: 1073, 2025: 1137, 2026: 1189, 2027: 1229 },
    hawaii: { 2024: 905, 2025: 959, 2026: 1003, 2027: 1036 }, guam: { 2024: 789, 2025: 835, 2026: 873, 2027: 903 }, virgin_islands: { 2024: 529, 2025: 561, 2026: 586, 2027: 606 },
  },
  homeless: { 2024: '179.66', 2025: '190.30', 2026: '198.99', 2027: '205.66' },
  poverty: {
    '48_states_dc': { 2024: [14580, 5140], 2025: [15060, 5380], 2026: [15650, 5500], 2027: [15960, 5680] },
    alaska: { 2024: [18210, 6430], 2025: [18810, 6730], 2026: [19550, 6880], 2027: [19950, 7100] },
    hawaii: { 2024: [16770, 5910], 2025: [17310, 6190], 2026: [17990, 6330], 2027: [18360, 6530] },
  },
  resources: { 2024: [2750, 4250], 2025: [3000, 4500], 2026: [3000, 4500], 2027: [3000, 4750] },
  // Published from FY2027 (earlier years: 8% of the one-person maximum, rounded, which equals what was published).
  minimum: { 2027: { '48_states_dc': 25, alaska_urban: 31, alaska_rural_1: 40, alaska_rural_2: 49, hawaii: 40, guam: 36, virgin_islands: 32 } },
  // The largest maximum allotment (18 or more people), published from FY2027 (7 U.S.C. 2012(u)(2)).
  largeHouseholdCap: { 2027: { '48_states_dc': 3887, alaska_urban: 4965, alaska_rural_1: 6331, alaska_rural_2: 7705, hawaii: 6289, guam: 5729, virgin_islands: 4997 } },
};

// Value of a dated series ([[from, value], ...]) on a date.
export function at(series, date) {
  let v;
  for (const [from, value] of series) if (from <= date) v = value;
  return v;
}

const fmt = (d) => {
  const x = D(d);
  return x.isInteger() ? x.toFixed(0) : x.toFixed(2).replace(/0$/, '');
};

export function monthStart(period) {
  return `${period}-01`;
}

/**
 * Compute a household's SNAP outputs under a State's figures.
 * h: {period, size, earned, unearned, shelter, utilityType, elderlyOrDisabled, dependentCare, medical,
 *     childSupport, homeless, resources, tanfOrSsi, region, alaskaArea, member62, farmLoss, grossTestExtra}
 * earned: wages plus self-employment after any farm loss was offset against other self-employment
 * (7 CFR 273.11(a)(2)(iii)(A)); farmLoss: the farm loss left after that, offset after the earned income deduction
 * (273.11(a)(2)(iii)(B)).
 * grossTestExtra: income the gross income tests see besides gross income (an ineligible non-citizen's own pro rata
 * share where the State counts all of it for the gross test only, 7 CFR 273.11(c)(3)(i)).
 * utility(h, date) must return the State's allowance for the household.
 */
export function computeSnap(state, h, utility) {
  const date = monthStart(h.period);
  const fy = fiscalYear(h.period);
  const steps = [];
  const area = state.area;
  const allotArea = area === 'alaska' ? `alaska_${h.alaskaArea ?? 'urban'}` : area;
  const n = h.size;
  const ed = h.elderlyOrDisabled;

  const gross = D(h.earned).plus(h.unearned);
  const csExcluded = state.child_support === 'exclusion';
  const farmLoss = D(h.farmLoss ?? 0);
  // 7 CFR 273.11(a)(2)(iii)(B): the remaining farm loss comes off after the earned income deduction, which is taken
  // on h.earned below; subtracting it here and the deduction from gross gives that order (both floor at 0).
  const grossIncome = Decimal.max(gross.minus(csExcluded ? h.childSupport : 0).minus(farmLoss), 0);
  steps.push(`gross income ${fmt(h.earned)} earned + ${fmt(h.unearned)} unearned${csExcluded && h.childSupport ? ` - ${fmt(h.childSupport)} child support (excluded in this State)` : ''}` +
    `${farmLoss.gt(0) ? ` - ${fmt(farmLoss)} farm loss (offset after the earned income deduction, 7 CFR 273.11(a)(2)(iii)(B))` : ''} = ${fmt(grossIncome)}`);

  const grossForTest = grossIncome.plus(h.grossTestExtra ?? 0);
  if (D(h.grossTestExtra ?? 0).gt(0)) steps.push(`gross income for the gross income tests ${fmt(grossIncome)} + ${fmt(h.grossTestExtra)} = ${fmt(grossForTest)} (7 CFR 273.11(c)(3)(i))`);

  const povArea = area === 'alaska' || area === 'hawaii' ? area : '48_states_dc';
  const [first, add] = FED.poverty[povArea][fy];
  const guideline = D(first).plus(D(add).times(Math.max(n, 1) - 1));
  const grossLimit = guideline.times('1.3').div(12).ceil();
  const netLimit = guideline.div(12).ceil();
  steps.push(`poverty guideline (${n}) ${first} + ${Math.max(n, 1) - 1} x ${add} = ${fmt(guideline)}; 130% monthly ${fmt(guideline.times('1.3').div(12).toDecimalPlaces(2))} -> ${fmt(grossLimit)}; 100% monthly ${fmt(netLimit)}`);

  // 7 CFR 273.9(d)(2): earnings used to pay child support excluded under 273.9(c)(17) still count
  // toward the 20% earned income deduction, so its base is all earned income in every State.
  const earnedDed = D(h.earned).times('0.2');
  const std = FED.standardDeduction[area][fy][Math.min(Math.max(n, 1), 6) - 1];
  const smd = at(state.standard_medical_deduction, date);
  const medical = ed && D(h.medical).gt(35) ? Decimal.max(D(h.medical).minus(35), smd) : D(0);
  const csDed = csExcluded ? D(0) : D(h.childSupport);
  const adjusted = Decimal.max(grossIncome.minus(earnedDed).minus(std).minus(medical).minus(h.dependentCare).minus(csDed), 0);
  steps.push(`earned income deduction ${fmt(h.earned)} x 0.20 = ${fmt(earnedDed)}${csExcluded && D(h.childSupport).gt(0) && D(h.earned).gt(0) ? ' (earnings used to pay the excluded child support still count, 7 CFR 273.9(d)(2))' : ''}; standard deduction ${std}` +
    (ed && D(h.medical).gt(35) ? `; medical max(${fmt(h.medical)} - 35, SMD ${smd}) = ${fmt(medical)}` : '') +
    (D(h.dependentCare).gt(0) ? `; dependent care ${fmt(h.dependentCare)}` : '') +
    (csDed.gt(0) ? `; child support ${fmt(csDed)}` : ''));
  steps.push(`adjusted income ${fmt(adjusted)}`);

  const ua = D(utility(h, date));
  const shelter = D(h.shelter).plus(ua);
  const excess = Decimal.max(shelter.minus(adjusted.times('0.5')), 0);
  const cap = FED.shelterCap[area][fy];
  let shelterDed = ed ? excess : Decimal.min(excess, cap);
  if (h.homeless) shelterDed = Decimal.max(FED.homeless[fy], shelterDed);
  steps.push(`shelter ${fmt(h.shelter)} + utility allowance ${fmt(ua)} = ${fmt(shelter)}; half of adjusted ${fmt(adjusted.times('0.5'))}; excess ${fmt(excess)}` +
    (ed ? ' (no cap: elderly/disabled member)' : ` (cap ${cap})`) + (h.homeless ? `; homeless standard ${FED.homeless[fy]}` : '') + ` -> deduction ${fmt(shelterDed)}`);
  const net = Decimal.max(adjusted.minus(shelterDed), 0);
  steps.push(`net income ${fmt(adjusted)} - ${fmt(shelterDed)} = ${fmt(net)}`);

  // Categorical eligibility (TANF/SSI or the State's BBCE terms).
  const b = state.bbce;
  const pair = (series) => series.map(([from, status, value]) => [from, [status, value]]);
  const gTest = at(pair(b.gross), date), gTestEd = at(pair(b.gross_elderly_disabled), date);
  const [status, generalRate] = ed ? [gTestEd[0], gTestEd[1]] : [gTest[0], gTest[1]];
  // New York's tiers (households without an elderly or disabled member): dependent care costs, then earnings.
  const tiers = b.tiers;
  const rate = ed || !tiers ? generalRate
    : D(h.dependentCare).gt(0) ? at(tiers.dependent_care, date)
    : D(h.earned).gt(0) ? at(tiers.earned_income, date) : generalRate;
  const netApplies = ed ? at(b.net_test_applies_elderly_disabled, date) : at(b.net_test_applies, date);
  const res = at(pair(b.resources), date);
  let bbce = false;
  if (status !== 'not_offered') {
    const bbceLimit = guideline.times(rate).div(12).ceil();
    const grossOk = status === 'no_gross_limit' || grossForTest.lte(bbceLimit);
    const resOk = res[0] === 'waived' || D(h.resources).lte(res[1]);
    const netOk = !netApplies || net.lte(netLimit);
    bbce = grossOk && resOk && netOk;
    steps.push(`BBCE: ${status === 'no_gross_limit' ? 'no gross limit' : `gross ${fmt(grossForTest)} vs ${D(rate).times(100)}% limit ${fmt(bbceLimit)}`}` +
      `${res[0] === 'limit' ? `, resources ${h.resources} vs ${res[1]}` : ''}${netApplies ? ', net test applies' : ''} -> ${bbce ? 'categorically eligible' : 'not categorically eligible'}`);
  } else {
    steps.push('BBCE: not offered for this household');
  }
  const categorical = h.tanfOrSsi || bbce;
  const [resStd, resEd] = FED.resources[fy];
  const resLimit = ed ? resEd : resStd;
  const grossPass = ed || grossForTest.lte(grossLimit);
  const netPass = net.lte(netLimit);
  const resPass = D(h.resources).lte(resLimit);
  const eligible = categorical || (grossPass && netPass && resPass);
  if (!categorical) {
    steps.push(`tests: gross ${ed ? 'exempt (elderly/disabled)' : `${fmt(grossForTest)} ${grossPass ? '<=' : '>'} ${fmt(grossLimit)}`}; net ${fmt(net)} ${netPass ? '<=' : '>'} ${fmt(netLimit)}; resources ${h.resources} ${resPass ? '<=' : '>'} ${resLimit}`);
  }
  steps.push(eligible ? 'eligible' : 'not eligible');

  const row = FED.maxAllotment[allotArea][fy];
  const uncapped = row[Math.min(Math.max(n, 1), 8) - 1] + Math.max(n - 8, 0) * row[8];
  const maxAllot = Math.min(uncapped, FED.largeHouseholdCap[fy]?.[allotArea] ?? uncapped);
  const contribution = net.times('0.3').ceil();
  const regular = Decimal.max(D(maxAllot).minus(contribution), 0);
  const minimum = FED.minimum[fy] ? D(FED.minimum[fy][allotArea]) : D(row[0]).times('0.08').plus('0.5').floor();
  let federal = D(0);
  if (eligible) federal = n <= 2 ? Decimal.max(regular, minimum) : regular;
  let allotment = federal;
  let stateMin = D(0);
  if (state.minimum_benefit) {
    const mb = state.minimum_benefit;
    const amount = at(mb.versions, date);
    if (mb.condition === 'all' || (mb.condition === 'member_aged_62' && h.member62)) stateMin = D(amount);
  }
  if (federal.gt(0)) allotment = Decimal.max(federal, stateMin); else allotment = D(0);
  if (eligible) {
    steps.push(`30% of ${fmt(net)} = ${fmt(net.times('0.3'))} -> ${fmt(contribution)}; maximum allotment ${maxAllot} - ${fmt(contribution)} = ${fmt(regular)}` +
      (n <= 2 ? `; minimum for 1-2 people ${fmt(minimum)}` : '') + (stateMin.gt(0) && federal.gt(0) ? `; State minimum ${fmt(stateMin)}` : '') + ` -> allotment ${fmt(allotment)}`);
  } else {
    steps.push('allotment 0');
  }
  // 7 CFR 273.10(e)(2)(iii)(A): an eligible household of three or more entitled to no benefits is denied.
  const certified = eligible && (n <= 2 || allotment.gt(0));
  if (eligible && !certified) steps.push(`${n} people entitled to no benefits: denied (7 CFR 273.10(e)(2)(iii)(A)), not certified`);
  return {
    outputs: {
      snap_allotment: Number(allotment), snap_eligible: eligible, snap_certified: certified, snap_gross_income: Number(grossIncome),
      snap_net_income: Number(net), snap_standard_deduction: std, snap_excess_shelter_deduction: Number(shelterDed),
      snap_maximum_allotment: maxAllot, snap_utility_allowance: Number(ua), snap_gross_income_for_gross_test: Number(grossForTest),
    },
    steps,
  };
}
