// The single-utility standard of the generated SNAP packages (utility_type single_utility): a household that pays
// exactly one utility other than heating or cooling and other than telephone (only electricity without heat, only
// water, only trash collection). 7 CFR 273.9(d)(6)(iii)(A)(1) allows "an individual standard for
// each type of utility expense" beside the heating and cooling standard and the limited allowance (which
// needs at least two utilities). Each State's figure is in scripts/data/snap-state-figures.json (`single_utility`):
//   - absent: the State has no such standard (FNS's FY 2026 SUA table shows 0 in every single-utility column): 0;
//   - regions.<region>.all: one figure whatever the utility;
//   - by_kind, regions.<region>.<kind>: one figure per utility; the household fact single_utility_kind names it
//     (a kind without a figure gives 0; single_utility_kind not given gives 0 and a warning);
//     A kind's figure is a dated series, {by_size: [series for size 1, 2, ...]} (a table by household size, read at
//     the package's utility table size), or {same_as: 'electricity_by_size' | 'water_by_size'} (the package's own
//     electricity or water standard by size, which Hawaii and Guam already publish and the package already reads);
//   - not_modelled: the State's standards could not be modelled faithfully: 0 and a warning.
// Used by scripts/generate-snap-state-rules.mjs.

const q = (s) => JSON.stringify(s);

export const SINGLE_UTILITY_KINDS = ['electricity', 'gas_or_fuel', 'water', 'sewage', 'trash'];
export const SINGLE_UTILITY_KIND_VALUES = [...SINGLE_UTILITY_KINDS, 'unspecified'];
const KIND_TEXT = { electricity: 'electricity', gas_or_fuel: 'gas or fuel', water: 'water', sewage: 'sewage', trash: 'trash collection' };
const REG = '7 CFR 273.9(d)(6)(iii)(A)(1) (an individual standard for each type of utility expense)';
const NO_STANDARD = (st) => `${st.name} has no single-utility standard: FNS's FY 2026 SUA table (2026-05-21-SUA-Table-FY26.xlsx, updated August 2026) shows 0 in each of its electricity, gas and fuel, water, sewage and trash columns, so a household paying one utility other than heating, cooling or telephone gets no utility allowance (the limited allowance needs at least two utilities, 7 CFR 273.9(d)(6)(iii)(A)(3)).`;

/** How the State's single-utility standard is modelled: 'none', 'uniform', 'by_kind' or 'not_modelled'. */
export function singleUtilityMode(st) {
  const s = st.single_utility;
  if (!s) return 'none';
  if (s.not_modelled) return 'not_modelled';
  return s.by_kind ? 'by_kind' : 'uniform';
}

/** Whether the package reads the household fact single_utility_kind. */
export const readsSingleUtilityKind = (st) => singleUtilityMode(st) === 'by_kind';

const regionSuffix = (region, multi) => (multi ? `_${region}` : '');
export const singleParamName = (code, kind, region, multi) =>
  `${code}_snap_single_utility_allowance${kind === 'all' ? '' : `_${kind}`}${regionSuffix(region, multi)}`;
const notComputedName = (code) => `${code}_snap_single_utility_allowance_not_computed`;
const kindNotGivenName = (code) => `${code}_snap_single_utility_kind_not_given`;

// Every version is written out (not collapsed): an unverified earlier version is flagged, the verified one is not.
function versions(series) {
  return series.map(([d, v]) => `      - effective_from: '${d}'\n        formula: '${v}'`).join('\n');
}

// A table by household size (index 0 = size 1): one version per date any size changes.
function sizeVersions(bySize) {
  const dates = [...new Set(bySize.flatMap((series) => series.map(([d]) => d)))].sort();
  const valueAt = (series, date) => series.filter(([d]) => d <= date).at(-1)[1];
  return dates.map((d) => `      - effective_from: '${d}'\n        values: {${bySize.map((series, i) => `${i + 1}: ${valueAt(series, d)}`).join(', ')}}`).join('\n');
}

/** The dates a kind's own parameter has versions on (none for a reused table). */
function versionDates(figure) {
  if (Array.isArray(figure)) return figure.map(([d]) => d);
  if (figure.by_size) return [...new Set(figure.by_size.flatMap((series) => series.map(([d]) => d)))];
  return [];
}

const SAME_AS_PARAM = { electricity_by_size: 'electricity_standard', water_by_size: 'water_standard' };

/** The parameter rules (YAML text, one string per rule). */
export function singleUtilityRules(code, st, multi, sourceUrl) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  const out = [];
  if (mode === 'none') return out;
  if (mode === 'not_modelled') {
    out.push(`
  - name: ${notComputedName(code)}
    kind: parameter
    dtype: Money
    unit: USD
    source: ${REG}; ${st.agency}
    source_url: ${sourceUrl}
    description: ${q(`NOT COMPUTED: ${s.not_modelled}.`)}
    versions:
      - effective_from: '2023-10-01'
        formula: '0'`);
    return out;
  }
  for (const [region, r] of Object.entries(s.regions)) {
    const where = multi ? `, ${st.regions[region].label}` : '';
    for (const [kind, figure] of Object.entries(r)) {
      if (figure.same_as) continue; // the package's own electricity or water standard by size
      const what = kind === 'all' ? 'single-utility standard (one utility other than heating, cooling or telephone)' : `individual standard for ${KIND_TEXT[kind]} as the only utility`;
      const flagged = (s.unverified ?? []).filter((u) => versionDates(figure).includes(u.effective_from)).map((u) => `UNVERIFIED from ${u.effective_from}: ${u.reason}.`).join(' ');
      out.push(`
  - name: ${singleParamName(code, kind, region, multi)}
    kind: parameter
    dtype: Money
    unit: USD${figure.by_size ? '\n    indexed_by: household_size' : ''}
    source: ${REG}; ${st.agency}, SNAP ${what}${figure.by_size ? ' by household size' : ''}${where}
    sources:
      - {citation: ${q(s.citation)}, url: ${q(s.url)}}
      - {citation: 'FNS, SNAP Standard Utility Allowances by State', url: '${sourceUrl}'}${flagged ? `\n    description: ${q(flagged)}` : ''}
    versions:
${figure.by_size ? sizeVersions(figure.by_size) : versions(figure)}`);
    }
  }
  if (mode === 'by_kind') {
    out.push(`
  - name: ${kindNotGivenName(code)}
    kind: parameter
    dtype: Money
    unit: USD
    source: ${REG}; ${st.agency} (its individual standards differ by utility)
    source_url: ${sourceUrl}
    description: ${q(`NOT COMPUTED: ${st.name}'s single-utility standards differ by utility, and single_utility_kind was not given (unspecified), so no figure is chosen: 0 is used and the result says so. Give single_utility_kind (electricity, gas_or_fuel, water, sewage or trash).`)}
    versions:
      - effective_from: '2023-10-01'
        formula: '0'`);
  }
  return out;
}

/** The formula expression for a single_utility household (before any energy-assistance SUA). */
export function singleUtilityExpr(code, st, multi) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  if (mode === 'none') return '0';
  if (mode === 'not_modelled') return notComputedName(code);
  const regions = Object.keys(s.regions);
  const ref = (kind, rg) => {
    const figure = s.regions[rg][kind];
    if (!figure) return '0';
    if (figure.same_as) return `${code}_snap_${SAME_AS_PARAM[figure.same_as]}${multi ? `_${rg}` : ''}[${code}_snap_utility_table_size]`;
    return `${singleParamName(code, kind, rg, multi)}${figure.by_size ? `[${code}_snap_utility_table_size]` : ''}`;
  };
  const byRegion = (kind) => {
    const has = regions.filter((rg) => s.regions[rg][kind]);
    if (has.length === 0) return '0';
    if (!multi) return ref(kind, regions[0]);
    const one = (rg) => ref(kind, rg);
    const rest = regions.filter((rg) => rg !== st.default_region);
    return `(if ${rest.map((rg) => `snap_region == ${q(rg)}: ${one(rg)}`).join('\n              elif ')}\n              else: ${one(st.default_region)})`;
  };
  if (mode === 'uniform') return byRegion('all');
  const branches = SINGLE_UTILITY_KINDS.map((k) => `single_utility_kind == ${q(k)}: ${byRegion(k)}`);
  return `(if ${branches.join('\n              elif ')}\n              else: ${kindNotGivenName(code)})`;
}

/** The by-hand figure for a single_utility household (the reference the tests compare with). */
export function singleUtilityExpected(st, h, date, at, maxSize = 10) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  if (mode === 'none' || mode === 'not_modelled') return 0;
  const region = Object.keys(s.regions).length > 1 ? h.region ?? st.default_region : Object.keys(s.regions)[0];
  const r = s.regions[region];
  if (mode === 'uniform') return at(r.all, date);
  const kind = h.singleUtilityKind ?? 'unspecified';
  if (kind === 'unspecified' || !r[kind]) return 0;
  const figure = r[kind];
  const size = Math.min(Math.max(h.size ?? 1, 1), maxSize);
  if (figure.same_as) return at(st.regions[region][figure.same_as][size - 1], date);
  if (figure.by_size) return at(figure.by_size[Math.min(size, figure.by_size.length) - 1], date);
  return at(figure, date);
}

/** `unverified_parameters` entries: FY2024-FY2025 versions not read in a primary source, and the parameters that stand for a figure not computed. */
export function singleUtilityUnverified(code, st, multi, paramId) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  if (mode === 'none') return [];
  if (mode === 'not_modelled') return [{ parameter: paramId(notComputedName(code)), reason: `${st.name} single-utility standard not computed (0 used): ${s.not_modelled}.` }];
  const out = [];
  for (const [region, r] of Object.entries(s.regions)) {
    for (const [kind, figure] of Object.entries(r)) {
      // Only a version the parameter has (a figure unchanged from FY2024 has no FY2025 version; a reused table none).
      for (const u of (s.unverified ?? []).filter((x) => versionDates(figure).includes(x.effective_from))) {
        const what = kind === 'all' ? 'single-utility standard' : `single-utility standard for ${KIND_TEXT[kind]}`;
        out.push({ parameter: paramId(singleParamName(code, kind, region, multi)), effective_from: u.effective_from,
          reason: `${st.name} ${what}${multi ? ` (${region})` : ''} from ${u.effective_from} not verified: ${u.reason}.` });
      }
    }
  }
  if (mode === 'by_kind') {
    out.push({ parameter: paramId(kindNotGivenName(code)), reason: `${st.name}'s single-utility standards differ by utility and single_utility_kind was not given: 0 used for the utility allowance; give single_utility_kind.` });
  }
  return out;
}

/** Sentence for the utility allowance rule's description and the module summary. */
export function singleUtilityText(st) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  if (mode === 'none') return NO_STANDARD(st);
  if (mode === 'not_modelled') return `single_utility is not computed for ${st.name}: ${s.not_modelled}.`;
  const src = s.source === 'fns_table' ? "FNS's FY 2026 SUA table (the State's own notice not reached)" : "the State's own source";
  if (mode === 'uniform') return `single_utility (one utility other than heating, cooling or telephone, and no telephone) gets ${st.name}'s single-utility standard, the same for every utility; FY2026 figure from ${src}.`;
  const figures = Object.entries(s.regions).map(([rg, r]) => {
    const show = (k) => {
      const figure = r[k];
      if (!figure) return '0 (no standard)';
      if (figure.same_as) return `the ${figure.same_as === 'water_by_size' ? 'water' : 'electricity'} standard by household size`;
      if (figure.by_size) return `by household size $${figure.by_size[0].at(-1)[1]}-$${figure.by_size.at(-1).at(-1)[1]}`;
      return `$${figure.at(-1)[1]}`;
    };
    const list = SINGLE_UTILITY_KINDS.map((k) => `${KIND_TEXT[k]} ${show(k)}`).join(', ');
    return Object.keys(s.regions).length > 1 ? `${rg}: ${list}` : list;
  }).join('; ');
  return `single_utility gets ${st.name}'s individual standard for the one utility the household pays, named by single_utility_kind (FY2026, from ${src}: ${figures}); single_utility_kind unspecified gives 0 and a warning.`;
}

/** The docs/coverage.md column. */
export function singleUtilityCoverage(st) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  if (mode === 'none') return 'none (FNS FY2026 table: 0)';
  if (mode === 'not_modelled') return `not computed (0, warned): ${s.not_modelled}`;
  const src = s.source === 'fns_table' ? 'FNS FY2026 table' : "State's own source (FNS FY2026 table agrees)";
  const dates = (s.unverified ?? []).map((u) => u.effective_from);
  const carried = dates.length ? `version${dates.length > 1 ? 's' : ''} from ${dates.join(', ')} unverified (${s.source === 'state' && dates.length === 1 ? 'see the rule' : 'PolicyEngine-US values'}; warned in results)` : '';
  if (mode === 'uniform') {
    const r = Object.values(s.regions)[0].all;
    const series = r.filter(([, v], i) => i === 0 || r[i - 1][1] !== v).map(([d, v]) => `$${v}${d === '2023-10-01' ? '' : ` (from ${d})`}`).join(' / ');
    return `${series}, any one utility; ${src}; ${carried}`;
  }
  return `by single_utility_kind: ${singleUtilityText(st).replace(/^.*?\(FY2026, from [^:]*: /, '').replace(/\); single_utility_kind unspecified.*$/, '')}; ${src}; ${carried}; kind unspecified: 0, warned`;
}

// ---------- A State with individual standards but no limited allowance (7 CFR 273.9(d)(6)(iii)(A)(1), (3))

const limitedNotPublishedName = (code) => `${code}_snap_limited_allowance_not_published`;

/**
 * Whether a `limited` household (two or more utilities other than heating or cooling) gets 0 only because the State
 * publishes no limited allowance while it does publish individual standards: the household may be owed those
 * standards, which the package does not add up, so the 0 is flagged rather than given as the State's figure.
 */
export function limitedNotPublished(st, limitedExpr) {
  const mode = singleUtilityMode(st);
  return limitedExpr === '0' && (mode === 'uniform' || mode === 'by_kind');
}

/** The flagged 0 a `limited` household gets in such a State (the parameter rule, YAML text). */
export function limitedNotPublishedRule(code, st, sourceUrl) {
  return `
  - name: ${limitedNotPublishedName(code)}
    kind: parameter
    dtype: Money
    unit: USD
    source: 7 CFR 273.9(d)(6)(iii)(A)(1), (3); ${st.agency} (no limited utility allowance published)
    source_url: ${sourceUrl}
    description: ${q(limitedNotPublishedReason(st))}
    versions:
      - effective_from: '2023-10-01'
        formula: '0'`;
}

export const limitedNotPublishedExpr = (code) => limitedNotPublishedName(code);

function limitedNotPublishedReason(st) {
  return `NOT COMPUTED: ${st.name} publishes no limited utility allowance but does publish individual utility standards (7 CFR 273.9(d)(6)(iii)(A)(1)); a household paying two or more utilities other than heating or cooling may be owed the standards for them, which this package does not add up, so 0 is used and the result says so. A household paying exactly one such utility: give utility_type single_utility.`;
}

/** The `unverified_parameters` entry that makes a result using the flagged 0 say so. */
export function limitedNotPublishedUnverified(code, st, paramId) {
  return { parameter: paramId(limitedNotPublishedName(code)), reason: limitedNotPublishedReason(st) };
}
