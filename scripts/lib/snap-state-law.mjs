// State-law details of the generated SNAP packages that need more than a figure: where each State's
// child support choice comes from, which utility figures could not be checked against the State's own
// notice, and New York's tiered BBCE gross income limits. Used by scripts/generate-snap-state-rules.mjs.
import { setsRelation } from './rule-text.mjs';

const q = (s) => JSON.stringify(s);

export const OPTIONS_URL = 'https://www.fns.usda.gov/snap/waivers/state-options-report';

// ---------- child support (7 U.S.C. 2014(d)(6) exclusion or 2014(e)(4) deduction)

/** YAML `sources:` entries for a State's child support choice: its own manual first where it was checked. */
export function childSupportSources(st) {
  const b = st.child_support_basis;
  const lines = [];
  // A rule read in the RuleSpec US corpus (no URL captured there) is cited with its corpus path instead.
  if (b?.verified) lines.push(b.url ? `      - {citation: ${q(b.citation)}, url: ${q(b.url)}}` : `      - {citation: ${q(`${b.citation} (as captured in the RuleSpec US corpus, ${b.corpus_path})`)}}`);
  lines.push(`      - {citation: 'FNS, SNAP State Options Report (child support)', url: '${OPTIONS_URL}'}`);
  return lines.join('\n');
}

/** One sentence saying whether the choice was checked against the State's own manual. */
export function childSupportBasisText(st) {
  const b = st.child_support_basis;
  return b?.verified ? `Checked against the State's own rule: ${b.citation}.` : `Not verified against the State manual: ${b?.note ?? 'no State source recorded'}.`;
}

export function childSupportSummary(st) {
  const excl = st.child_support === 'exclusion';
  const choice = excl
    ? `${st.name} has elected the exclusion under 7 U.S.C. 2014(d)(6) (7 CFR 273.9(c)(17)): the payments are excluded from gross income, so they also lower income for the gross income tests, and are not deducted again. The earnings used to pay them still count toward the 20% earned income deduction (7 CFR 273.9(d)(2)).`
    : `${st.name} uses the deduction under 7 U.S.C. 2014(e)(4) (7 CFR 273.9(d)(5)): the payments are deducted from income after the gross income test.`;
  return `${choice} ${childSupportBasisText(st)}`;
}

/** The companion test of a State's child-support module, with the arithmetic written out. */
export function childSupportTest(st) {
  const excl = st.child_support === 'exclusion';
  return {
    name: excl ? 'child_support_excluded_from_gross_income' : 'child_support_kept_in_gross_income',
    period: '2026-01',
    description: excl
      ? 'earned 1500 - child support 300 excluded = gross 1200; earned income deduction 20% of all 1500 earned = 300 (7 CFR 273.9(d)(2): the excluded earnings still count); no child support deduction'
      : 'gross stays 1500; earned income deduction 20% of 1500 = 300; the 300 of child support is deducted',
    input: { 'us:statutes/7/2014/d#input.earned_income': 1500, 'us:statutes/7/2014/d#input.unearned_income': 0, 'us:statutes/7/2014/d#input.child_support_paid': 300 },
    output: {
      'us:statutes/7/2014/d#snap_child_support_excluded_from_income': excl,
      'us:statutes/7/2014/d#snap_gross_income': excl ? 1200 : 1500,
      'us:statutes/7/2014/e/2#snap_earned_income_deduction': 300,
      'us:statutes/7/2014/e/4#snap_child_support_deduction': excl ? 0 : 300,
    },
  };
}

export const CHILD_SUPPORT_COVERAGE_NOTE =
  'Child support: a State either excludes legally obligated child support paid from income (7 U.S.C. 2014(d)(6); 7 CFR 273.9(c)(17)) or deducts it (2014(e)(4); 7 CFR 273.9(d)(5)). ' +
  'Because 7 CFR 273.9(d)(2) counts the earnings used to pay excluded child support toward the 20% earned income deduction, the two choices give the same net income; they differ only in the gross income tests (federal 130% and the BBCE limits), where an exclusion State compares income after the payments. ' +
  'Each State\'s choice cites its own manual where it was checked (the "child support" column says verified or not verified). Colorado (10 CCR 2506-1 sec. 4.407) and Missouri (FSM 1115.035.20) exclude; so does Oregon (OAR 461-160-0430(1)(a)(B), which also applies the 20% to the excluded earnings); Massachusetts excludes under 106 CMR 363.230(O) (its DTA guide describes the same result as excluding for the gross test and deducting afterwards). Virginia excludes under 22VAC40-601-70 (since 2018-10-31; compiled as a deduction until 2026-11), and New York excludes as its SNAP Source Book 13.G.2 directs, although 18 NYCRR 387.15(a)(6) still words it as a deduction. Maine excludes under its own rule (10-144 C.M.R. ch. 301, sec. 555-4 item 20). The States marked not verified follow the compiled FNS State Options Report reading. Arkansas deducts under its own rule (Ark. Code R. 016.20.95-015), where PolicyEngine excludes (docs/compatibility.md). Iowa deducts under its Employees\' Manual (7-E Child Support Payment; 7-F Net Income Limit step 6), compiled as an exclusion until 2026-11; Delaware excludes under DSSM 9059 item 26 (13 DE Reg. 1550, 2010).';

/** docs/coverage.md: how many States' child support choices were checked against their own rule, and which were not. */
export function childSupportCheckCount(states) {
  const all = states.map((st) => ({ code: st.code, verified: st.child_support_basis?.verified === true }));
  const open = all.filter((x) => !x.verified).map((x) => x.code.toUpperCase());
  return `${all.length - open.length} of ${all.length} packages cite the State's own rule for this choice; not verified (State text not found, search record in the column): ${open.join(', ') || 'none'}.`;
}

/** docs/coverage.md: how every package treats self-employment losses (issue #12, finding 4). */
export const SELF_EMPLOYMENT_COVERAGE_NOTE =
  'Self-employment losses (every package; person facts `self_employment_income`, `self_employment_costs`, `self_employment_is_farm`): net self-employment income is earned income (7 CFR 273.9(b)(1)(ii), 273.11(a)(4)). ' +
  'A loss from non-farm self-employment is never offset against wages or unearned income; it counts as 0 (only farm losses are offset against other income, 7 CFR 273.11(a)(2)(iii)). ' +
  'A farm loss is offset in the order 7 CFR 273.11(a)(2)(iii) prescribes: (A) first against the other members\' self-employment income, before the 20% earned income deduction; (B) the rest against earned and unearned income after the deduction, so the deduction is 20% of the wages the loss did not reduce (wages 1,000 with a farm loss of 300: deduction 200, not 140). ' +
  'The gross income tests see the step-(B) offset (gross income is earned + unearned less the remaining loss, floored at 0), as State manuals apply it (Illinois DHS WAG 08-04-01-c; Connecticut DSS, self-employment loss). ' +
  'An excluded member\'s farm loss counts as that member\'s income does under 7 CFR 273.11(c) (in full, pro rata, or not at all). ' +
  'Not modelled: a non-farm loss offsetting another member\'s self-employment income, and the $1,000 annual farm-proceeds condition (mark `self_employment_is_farm` only for such farms). Rules: `us:regulations/7-cfr/273/11/a`, `/c`; `us:statutes/7/2014/d#snap_gross_income`.';

// ---------- unverified utility figures

const KIND_LABEL = { sua: 'SUA', lua: 'LUA', tua: 'TUA', electricity: 'electricity standard', water: 'water standard' };

/**
 * The package's `unverified_parameters` extension: each FY figure that could not be checked against the
 * State's own notice, as {parameter, effective_from, reason}. paramId(kind, region) names the rule.
 */
export function unverifiedParameters(st, paramId) {
  return (st.unverified_figures ?? []).map((u) => ({
    parameter: paramId(u.kind, u.region),
    effective_from: u.effective_from,
    reason: `${st.name} ${KIND_LABEL[u.kind] ?? u.kind} from ${u.effective_from} not verified against the State's own notice: ${u.reason}.`,
  }));
}

/**
 * FY2026 utility figures that nobody checked against the State's own FY2026 notice (not in utility_fy2026_basis and
 * not already flagged in unverified_figures), as `unverified_parameters` entries: a result that reads one is told,
 * because a figure compiled from FNS's simplified method is what the State was allowed to adopt, not what it did.
 * Only a version that starts in FY2026 is flagged (an older one still in force was checked, or not, for its own year).
 * `kinds` are the package's utility kinds ({key, seriesKey, bySizeKey}); `paramId(kind, region)` names a parameter.
 */
export function uncheckedFy26Parameters(st, kinds, paramId) {
  const checked = new Set(st.utility_fy2026_basis?.kinds ?? []);
  // Only a doubt on an FY2026 version stands in for this check (an FY2027 one concerns a later version).
  const flagged = new Set((st.unverified_figures ?? []).filter((u) => u.effective_from < '2026-10-01').map((u) => `${u.kind}|${u.region}`));
  const departures = new Set(fy26SimplifiedMethodDepartures(st).map((d) => `${d.kind}|${d.region}`));
  const out = [];
  for (const k of kinds) {
    if (checked.has(k.key)) continue;
    for (const [region, r] of Object.entries(st.regions)) {
      if (flagged.has(`${k.key}|${region}`)) continue;
      const series = (k.bySizeKey && r[k.bySizeKey]?.[0]) || (k.seriesKey && r[k.seriesKey]);
      const start = fy26VersionStart(series);
      if (!start) continue;
      const how = departures.has(`${k.key}|${region}`)
        ? 'it is within 6% of FY2025 but is not FY2025 x the CPI-U factor of FNS\'s simplified FY2026 method (memo 2025-08-15)'
        : 'it equals FY2025 x the CPI-U factor of FNS\'s simplified FY2026 method (memo 2025-08-15), which the State may have adopted';
      const where = Object.keys(st.regions).length > 1 ? ` (${region})` : '';
      out.push({
        parameter: paramId(k.key, region),
        effective_from: start,
        reason: `${st.name} ${KIND_LABEL[k.key] ?? k.key}${where} from ${start} not checked against the State's own FY2026 notice: ${how}.`,
      });
    }
  }
  return out;
}

/** The start of the version in force on 2025-10-01 when it starts in FY2026 and is not zero; else undefined. */
function fy26VersionStart(series) {
  if (!Array.isArray(series)) return undefined;
  let current;
  for (const entry of series) if (entry[0] <= '2025-10-01') current = entry;
  return current && current[0] >= '2025-10-01' && current[0] <= '2026-09-30' && current[1] > 0 ? current[0] : undefined;
}

// FNS, "Simplified Process for Fiscal Year 2026 Standard Utility Allowance (SUA) Values" (2025-08-15): a State may
// set its FY2026 values by adjusting FY2025 values by the CPI-U all items change from June 2024 to June 2025.
// BLS CPI news release, table 1: all items index 314.175 (June 2024), 322.561 (June 2025).
export const FY26_SIMPLIFIED_SUA_FACTOR = 322.561 / 314.175;

function valueAt(series, date) {
  let v;
  for (const [from, x] of series) if (from <= date) v = x;
  return v;
}

/** FY2026 SUA/LUA/TUA figures that are not FY2025 x the FNS simplified-method factor (to the nearest dollar, +-$1). */
export function fy26SimplifiedMethodDepartures(st) {
  const out = [];
  for (const [region, r] of Object.entries(st.regions)) {
    for (const kind of ['sua', 'lua', 'tua']) {
      if (!r[kind]) continue;
      const fy25 = valueAt(r[kind], '2025-09-30');
      const fy26 = valueAt(r[kind], '2025-10-01');
      const method = Math.round(fy25 * FY26_SIMPLIFIED_SUA_FACTOR);
      if (fy25 > 0 && Math.abs(fy26 - method) > 1) out.push({ region, kind, fy25, fy26, method });
    }
  }
  return out;
}

/** The coverage column: the unverified figures, or what was checked. */
export function utilityCheckText(st) {
  // FY2027 versions have a column of their own (scripts/lib/snap-fy2027-utility.mjs).
  const u = (st.unverified_figures ?? []).filter((x) => x.effective_from < '2026-10-01');
  const b = st.utility_fy2026_basis;
  const checked = b ? `FY2026 ${b.kinds.map((k) => KIND_LABEL[k] ?? k).join(', ')} match ${basisSourceLabel(b)}: ${b.citation}` : '';
  if (u.length > 0) {
    const flagged = `unverified (warned in results): ${u.map((x) => `${KIND_LABEL[x.kind] ?? x.kind} from ${x.effective_from}`).join(', ')}`;
    // A departure from the simplified method that a source confirms (utility_fy2026_basis) is checked, not open.
    const others = fy26SimplifiedMethodDepartures(st).filter((x) => !u.some((y) => y.kind === x.kind && y.region === x.region) && !b?.kinds.includes(x.kind));
    const open = others.length ? `; also not FY2025 x the FNS simplified-method factor (unchecked): ${others.map((x) => `${KIND_LABEL[x.kind]} ${x.fy25} -> ${x.fy26} (method ${x.method})`).join(', ')}` : '';
    return `${flagged}${open}${b ? `; ${checked}` : ''}`;
  }
  const rest = b && b.kinds.length < 3 ? '; other figures within 6% of FY2025, not checked' : '';
  return b ? `${checked}${rest ? `${rest} (warned in results)` : ''}` : `${simplifiedMethodText(st)}; not checked against the State notice (warned in results)`;
}

// Most States took FNS's simplified FY2026 method, so a compiled FY2026 figure equal to FY2025 x the CPI factor is
// consistent with it; one that is not is named, because it came from some other (unchecked) calculation.
function simplifiedMethodText(st) {
  const d = fy26SimplifiedMethodDepartures(st);
  const factor = 'FY2025 x 322.561/314.175, the FNS simplified FY2026 method (CPI-U June 2025 / June 2024)';
  if (d.length === 0) return `FY2026 = ${factor}, for every figure`;
  const where = (x) => (Object.keys(st.regions).length > 1 ? `${x.region} ` : '');
  return `FY2026 within 6% of FY2025, but not ${factor}: ${d.map((x) => `${where(x)}${KIND_LABEL[x.kind]} ${x.fy25} -> ${x.fy26} (method ${x.method})`).join(', ')}`;
}

/** Sentence for the utility module's summary: which FY2026 figures were checked, and against what. */
export function utilityBasisText(st) {
  const b = st.utility_fy2026_basis;
  if (!b) return '';
  // A source read in the RuleSpec US corpus is named by its corpus path; one read on the web by its URL.
  const where = b.corpus_path ? `RuleSpec US corpus, ${b.corpus_path}` : b.url;
  return ` FY2026 ${b.kinds.map((k) => KIND_LABEL[k] ?? k).join(', ')} checked against ${basisSourceLabel(b)}: ${b.citation} (${where}).`;
}

// Where the State's own FY2026 notice was not reached, FNS's table of the figures it approved for the State is the
// check (secondary to the State's notice); the text says which of the two a figure was checked against.
function basisSourceLabel(b) {
  return b.source === 'fns_table' ? "FNS's table of the State's approved figures (the State's own notice not reached)" : "the State's own source";
}

/** Text appended to a utility figure's description when a version of it is unverified. */
export function unverifiedNote(st, kind, region) {
  const u = (st.unverified_figures ?? []).filter((x) => x.kind === kind && x.region === region);
  return u.map((x) => `UNVERIFIED from ${x.effective_from}: ${x.reason}.`).join(' ');
}

// ---------- BBCE gross income tiers that depend on household facts (New York)

const FED_BBCE = 'us:regulations/7-cfr/273/2/j';

function tierVersions(series) {
  return series.map(([d, v]) => `      - effective_from: '${d}'\n        formula: '${v}'`).join('\n');
}

/**
 * Extra rules for a State whose BBCE gross limit also depends on earned income and dependent care costs
 * (st.bbce.tiers): two rate parameters and a derived rate bound to the federal hook
 * snap_bbce_household_gross_income_limit_rate. Empty when the State has no tiers.
 */
export function bbceTiers(code, st, moduleId) {
  const t = st.bbce.tiers;
  if (!t) return { rules: [], imports: [], summary: '', tests: [] };
  const src = `7 CFR 273.2(j)(2)(ii); ${t.citation}`;
  const sources = t.sources.map((s) => `      - {citation: ${q(s.citation)}, url: ${q(s.url)}}`).join('\n');
  const param = (name, series, desc) => `
  - name: ${code}_${name}
    kind: parameter
    dtype: Rate
    source: ${q(src)}
    sources:
${sources}
    description: ${q(desc)}
    versions:
${tierVersions(series)}`;
  /**
   * The derived rate choosing a tier and its binding to the federal hook, for the household (suffix '') or for the
   * household with its disqualified members counted ('_with_disqualified_counted', 7 CFR 273.11(c)(1)(ii)).
   */
  const tierRate = (suffix) => {
    const counted = suffix !== '';
    const header = counted
      ? `    source: ${q(`${src}; 7 CFR 273.11(c)(1)(ii) (with the disqualified members counted)`)}
    source_url: https://www.fns.usda.gov/snap/broad-based-categorical-eligibility
    description: ${q(`${code}_snap_bbce_household_gross_income_limit_rate for the household with its disqualified members (work rules, IPV, drug felony) counted as members.`)}`
      : `    source: ${q(src)}
    sources:
${sources}
    description: ${q(`Tiers, highest first: an elderly or disabled member gives the elderly/disabled limit; else dependent care costs give the dependent-care limit; else earned income gives the earned-income limit; else the general limit. Checked: ${t.check}.`)}`;
    const relationSource = counted ? `7 CFR 273.2(j)(2)(ii); 7 CFR 273.11(c)(1)(ii); ${st.agency}` : `7 CFR 273.2(j)(2)(ii) (State designates its TANF-funded program); ${st.agency}`;
    const hook = `snap_bbce_household_gross_income_limit_rate${suffix}`;
    return [
      `
  - name: ${code}_${hook}
    kind: derived
    entity: Household
    dtype: Rate
    period: Month
${header}
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          if snap_household_has_elderly_or_disabled_member${suffix}: snap_bbce_elderly_disabled_gross_income_limit_rate
          elif snap_dependent_care_deduction${suffix} > 0: ${code}_snap_bbce_dependent_care_gross_income_limit_rate
          elif snap_earned_income${suffix} > 0: ${code}_snap_bbce_earned_income_gross_income_limit_rate
          else: snap_bbce_gross_income_limit_rate`,
      setsRelation(`${code}_sets_${hook}`, relationSource, `${FED_BBCE}#${hook}`, `${moduleId}#${code}_${hook}`),
    ];
  };
  const rules = [
    param('snap_bbce_earned_income_gross_income_limit_rate', t.earned_income, 'BBCE gross income limit for a household with earned income and no elderly or disabled member.'),
    param('snap_bbce_dependent_care_gross_income_limit_rate', t.dependent_care, 'BBCE gross income limit for a household with dependent care costs and no elderly or disabled member.'),
    ...tierRate(''),
    // The same tiers for the household with its disqualified members counted (7 CFR 273.11(c)(1)(ii)).
    ...tierRate('_with_disqualified_counted'),
  ];
  const pctOf = (s) => `${Math.round(s[s.length - 1][1] * 100)}%`;
  const summary = ` Households without an elderly or disabled member have tiered limits: ${pctOf(t.dependent_care)} with dependent care costs, ${pctOf(t.earned_income)} with earned income, the general limit otherwise (${t.citation}).`;
  return { rules, imports: ['us:statutes/7/2014/d', 'us:statutes/7/2014/e/3', 'us:regulations/7-cfr/273/11/c/1/ii'], summary, tests: tierTests(code) };
}

// FY2026, 3 people: poverty guideline 15650 + 2 x 5500 = 26650 a year.
// 130%: 26650 x 1.3 / 12 = 2887.08 -> 2888; 150%: 26650 x 1.5 / 12 = 3331.25 -> 3332; 200%: 26650 x 2 / 12 = 4441.67 -> 4442.
function tierTests(code) {
  const input = (earned, unearned, care) => ({
    'us:statutes/7/2012/m#input.household_size': 3, 'us:statutes/7/2012/j#input.has_elderly_or_disabled_member': false,
    'us:statutes/7/2014/d#input.earned_income': earned, 'us:statutes/7/2014/d#input.unearned_income': unearned,
    'us:statutes/7/2014/d#input.child_support_paid': 0, 'us:statutes/7/2014/e/3#input.dependent_care_costs': care,
  });
  const out = (rate, limit, meets) => ({
    [`${FED_BBCE}#snap_bbce_household_gross_income_limit_rate`]: rate, [`${FED_BBCE}#snap_bbce_gross_income_limit`]: limit,
    [`${FED_BBCE}#snap_meets_bbce_gross_income_limit`]: meets ? 'holds' : 'not_holds',
  });
  return [
    { name: `${code}_earned_income_tier_150`, period: '2026-01', description: 'earned 3000, 3 people: 150% tier, 26650 x 1.5 / 12 = 3331.25 -> 3332; 3000 <= 3332',
      input: input(3000, 0, 0), output: out(1.5, 3332, true) },
    { name: `${code}_earned_income_tier_150_exceeded`, period: '2026-01', description: 'earned 3500, 3 people: 150% tier limit 3332; 3500 > 3332',
      input: input(3500, 0, 0), output: out(1.5, 3332, false) },
    { name: `${code}_unearned_only_general_130`, period: '2026-01', description: 'unearned 3000 only, 3 people: general 130% limit, 26650 x 1.3 / 12 = 2887.08 -> 2888; 3000 > 2888',
      input: input(0, 3000, 0), output: out(1.3, 2888, false) },
    { name: `${code}_dependent_care_tier_200`, period: '2026-01', description: 'earned 4000 and dependent care 300, 3 people: 200% tier, 26650 x 2 / 12 = 4441.67 -> 4442; 4000 <= 4442',
      input: input(4000, 0, 300), output: out(2, 4442, true) },
  ];
}
