// State-law details of the generated SNAP packages that need more than a figure: where each State's
// child support choice comes from, which utility figures could not be checked against the State's own
// notice, and New York's tiered BBCE gross income limits. Used by scripts/generate-snap-state-rules.mjs.

const q = (s) => JSON.stringify(s);

export const OPTIONS_URL = 'https://www.fns.usda.gov/snap/waivers/state-options-report';

// ---------- child support (7 U.S.C. 2014(d)(6) exclusion or 2014(e)(4) deduction)

/** YAML `sources:` entries for a State's child support choice: its own manual first where it was checked. */
export function childSupportSources(st) {
  const b = st.child_support_basis;
  const lines = [];
  if (b?.verified) lines.push(`      - {citation: ${q(b.citation)}, url: ${q(b.url)}}`);
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
  'Child support (finding 2 of issue #12): a State either excludes legally obligated child support paid from income (7 U.S.C. 2014(d)(6); 7 CFR 273.9(c)(17)) or deducts it (2014(e)(4); 7 CFR 273.9(d)(5)). ' +
  'Because 7 CFR 273.9(d)(2) counts the earnings used to pay excluded child support toward the 20% earned income deduction, the two choices give the same net income; they differ only in the gross income tests (federal 130% and the BBCE limits), where an exclusion State compares income after the payments. ' +
  'Each State\'s choice cites its own manual where it was checked (the "child support" column says verified or not verified). Colorado (10 CCR 2506-1 sec. 4.407) and Missouri (FSM 1115.035.20) exclude; Massachusetts excludes under 106 CMR 363.230(O) (its DTA guide describes the same result as excluding for the gross test and deducting afterwards). The other States not marked verified follow the compiled FNS State Options Report reading.';

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

/** The coverage column: the unverified figures, or what was checked. */
export function utilityCheckText(st) {
  const u = st.unverified_figures ?? [];
  if (u.length > 0) return `unverified (warned in results): ${u.map((x) => `${KIND_LABEL[x.kind] ?? x.kind} from ${x.effective_from}`).join(', ')}`;
  return 'FY2026 within 6% of FY2025 (plausible); not checked against the State notice';
}

/** Text appended to a utility figure's description when a version of it is unverified. */
export function unverifiedNote(st, kind, region) {
  const u = (st.unverified_figures ?? []).filter((x) => x.kind === kind && x.region === region);
  return u.map((x) => `UNVERIFIED from ${x.effective_from}: ${x.reason}.`).join(' ');
}
