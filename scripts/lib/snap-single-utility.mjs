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

/**
 * A parameter that stands for a figure the package does not compute: 0 from the first version, its description
 * saying why (listed in unverified_parameters, so a result that reads it says so). `sourceLines` are the YAML lines
 * after `source:` (a source_url, or a sources list).
 */
function flaggedZeroRule(name, source, sourceLines, description) {
  return `
  - name: ${name}
    kind: parameter
    dtype: Money
    unit: USD
    source: ${source}
${sourceLines}
    description: ${q(description)}
    versions:
      - effective_from: '2023-10-01'
        formula: '0'`;
}

const SAME_AS_PARAM = { electricity_by_size: 'electricity_standard', water_by_size: 'water_standard' };

/** The parameter rules (YAML text, one string per rule). */
export function singleUtilityRules(code, st, multi, sourceUrl) {
  const s = st.single_utility;
  const mode = singleUtilityMode(st);
  const out = [];
  if (mode === 'none') return out;
  if (mode === 'not_modelled') {
    out.push(flaggedZeroRule(notComputedName(code), `${REG}; ${st.agency}`, `    source_url: ${sourceUrl}`, `NOT COMPUTED: ${s.not_modelled}.`));
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
    out.push(flaggedZeroRule(kindNotGivenName(code), `${REG}; ${st.agency} (its individual standards differ by utility)`, `    source_url: ${sourceUrl}`,
      `NOT COMPUTED: ${st.name}'s single-utility standards differ by utility, and single_utility_kind was not given (unspecified), so no figure is chosen: 0 is used and the result says so. Give single_utility_kind (electricity, gas_or_fuel, water, sewage or trash).`));
  }
  return out;
}

/** The expression for the State's individual standard for one utility (`kind`), by region where it varies; '0' without one. */
function standardExpr(code, st, multi, kind) {
  const s = st.single_utility;
  const regions = Object.keys(s.regions);
  const ref = (rg) => {
    const figure = s.regions[rg][kind];
    if (!figure) return '0';
    if (figure.same_as) return `${code}_snap_${SAME_AS_PARAM[figure.same_as]}${multi ? `_${rg}` : ''}[${code}_snap_utility_table_size]`;
    return `${singleParamName(code, kind, rg, multi)}${figure.by_size ? `[${code}_snap_utility_table_size]` : ''}`;
  };
  if (!regions.some((rg) => s.regions[rg][kind])) return '0';
  if (!multi) return ref(regions[0]);
  const rest = regions.filter((rg) => rg !== st.default_region);
  return `(if ${rest.map((rg) => `snap_region == ${q(rg)}: ${ref(rg)}`).join('\n              elif ')}\n              else: ${ref(st.default_region)})`;
}

/** The formula expression for a single_utility household (before any energy-assistance SUA). */
export function singleUtilityExpr(code, st, multi) {
  const mode = singleUtilityMode(st);
  if (mode === 'none') return '0';
  if (mode === 'not_modelled') return notComputedName(code);
  const byRegion = (kind) => standardExpr(code, st, multi, kind);
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
  // A kind the State's own text contradicts (every version doubted, whatever its date).
  for (const [kind, reason] of Object.entries(s.doubted_kinds ?? {})) {
    for (const region of Object.keys(s.regions)) {
      if (s.regions[region][kind]) out.push({ parameter: paramId(singleParamName(code, kind, region, multi)), reason: `${st.name} single-utility standard for ${KIND_TEXT[kind]}${multi ? ` (${region})` : ''} doubted: ${reason}.` });
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
  // Only dates some figure has a version on (a figure unchanged from FY2024 has no FY2025 version to doubt).
  const versioned = new Set(Object.values(s.regions).flatMap((r) => Object.values(r).flatMap(versionDates)));
  const dates = (s.unverified ?? []).map((u) => u.effective_from).filter((d) => versioned.has(d));
  const carried = dates.length ? `version${dates.length > 1 ? 's' : ''} from ${dates.join(', ')} unverified (${s.source === 'state' && dates.length === 1 ? 'see the rule' : 'PolicyEngine-US values'}; warned in results)` : '';
  if (mode === 'uniform') {
    const r = Object.values(s.regions)[0].all;
    const series = r.filter(([, v], i) => i === 0 || r[i - 1][1] !== v).map(([d, v]) => `$${v}${d === '2023-10-01' ? '' : ` (from ${d})`}`).join(' / ');
    return [`${series}, any one utility`, src, carried].filter(Boolean).join('; ');
  }
  const doubted = Object.keys(s.doubted_kinds ?? {}).map((k) => KIND_TEXT[k]);
  const doubtText = doubted.length ? `; ${doubted.join(' and ')} doubted against the State's own text (warned in results)` : '';
  return `by single_utility_kind: ${singleUtilityText(st).replace(/^.*?\(FY2026, from [^:]*: /, '').replace(/\); single_utility_kind unspecified.*$/, '')}; ${src}; ${carried}${doubtText}; kind unspecified: 0, warned`;
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
  return flaggedZeroRule(limitedNotPublishedName(code), `7 CFR 273.9(d)(6)(iii)(A)(1), (3); ${st.agency} (no limited utility allowance published)`,
    `    source_url: ${sourceUrl}`, limitedNotPublishedReason(st));
}

export const limitedNotPublishedExpr = (code) => limitedNotPublishedName(code);

function limitedNotPublishedReason(st) {
  return `NOT COMPUTED: ${st.name} publishes no limited utility allowance but does publish individual utility standards (7 CFR 273.9(d)(6)(iii)(A)(1)); a household paying two or more utilities other than heating or cooling may be owed the standards for them, which this package does not add up, so 0 is used and the result says so. A household paying exactly one such utility: give utility_type single_utility.`;
}

/** The `unverified_parameters` entry that makes a result using the flagged 0 say so. */
export function limitedNotPublishedUnverified(code, st, paramId) {
  return { parameter: paramId(limitedNotPublishedName(code)), reason: limitedNotPublishedReason(st) };
}

// ---------- A State that adds up its individual standards for a household paying two or more utilities
// (scripts/data/snap-state-figures.json `limited_sum`; Alaska, Michigan, Minnesota): no limited allowance is
// published, and the State's own manual says the standard for each utility the household pays is allowed. The
// household facts pays_<utility> (Boolean, default false) name the utilities paid; `terms` lists, per standard, the
// facts that earn it (Michigan's one water and/or sewer standard is earned by either, once) and `actual_costs` the
// utilities the State allows at actual cost instead of a standard (Alaska: garbage, cooking fuel), which add nothing
// here and are warned. Fewer than two utilities named is not a `limited` household as given, so the sum is still
// computed but warned (<code>_snap_limited_utilities_not_given).

export const UTILITY_PAID_FACTS = ['pays_electricity', 'pays_gas_or_fuel', 'pays_water', 'pays_sewage', 'pays_trash', 'pays_telephone'];
const PAID_TEXT = { pays_electricity: 'electricity (not for heating or cooling)', pays_gas_or_fuel: 'gas or other fuel (not for heating or cooling; e.g. cooking fuel)', pays_water: 'water', pays_sewage: 'sewage (sewer)', pays_trash: 'trash or garbage collection', pays_telephone: 'telephone service' };
export const UTILITY_PAID_DOCS = Object.fromEntries(UTILITY_PAID_FACTS.map((f) => [f, {
  description: `For utility_type limited, in a State that adds up its individual utility standards (Alaska, Michigan, Minnesota): true when the household pays ${PAID_TEXT[f]} separately from its rent or mortgage. Default false; fewer than two utilities given gives the sum of those given and a warning (7 CFR 273.9(d)(6)(iii)(A)(1)).`,
  period: 'month', unit: 'boolean',
}]));

/** Whether the package adds up individual standards for a limited household (and so reads the pays_* facts). */
export const readsUtilitiesPaid = (st) => Boolean(st.limited_sum) && ['uniform', 'by_kind'].includes(singleUtilityMode(st));
const fewerThanTwoName = (code) => `${code}_snap_limited_utilities_not_given`;
const actualCostsName = (code) => `${code}_snap_limited_actual_costs_not_computed`;
const LIMITED_REG = '7 CFR 273.9(d)(6)(iii)(A)(1) (an individual standard for each type of utility expense)';

/** The expression for a limited household (before any energy-assistance SUA): the sum of the standards for the utilities paid. */
export function limitedSumExpr(code, st, multi, phoneExpr) {
  const L = st.limited_sum;
  const terms = L.terms.map((t) => `(if ${t.facts.join(' or ')}: ${t.standard === 'telephone' ? phoneExpr : standardExpr(code, st, multi, t.standard)} else: 0)`);
  const count = UTILITY_PAID_FACTS.map((f) => `(if ${f}: 1 else: 0)`).join(' + ');
  terms.push(`(if ${count} < 2: ${fewerThanTwoName(code)} else: 0)`);
  if (L.actual_costs) terms.push(`(if ${L.actual_costs.facts.join(' or ')}: ${actualCostsName(code)} else: 0)`);
  return `(${terms.join('\n              + ')})`;
}

/** The by-hand figure for a limited household in such a State; `phone` is the State's telephone figure at the date. */
export function limitedSumExpected(st, h, date, at, phone) {
  const L = st.limited_sum;
  const s = st.single_utility;
  const region = Object.keys(s.regions).length > 1 ? h.region ?? st.default_region : Object.keys(s.regions)[0];
  const paid = h.utilitiesPaid ?? [];
  let sum = 0;
  for (const t of L.terms) {
    if (!t.facts.some((f) => paid.includes(f))) continue;
    if (t.standard === 'telephone') sum += phone;
    else if (s.regions[region][t.standard]) sum += at(s.regions[region][t.standard], date);
  }
  return sum;
}

function limitedSumReason(st) {
  return `${st.name} publishes no limited utility allowance; its manual allows the standard for each utility the household pays (${st.limited_sum.terms.map((t) => t.label).join(', ')})`;
}

/** The flagged parameters the sum reads (YAML text, one string per rule). */
export function limitedSumRules(code, st, sourceUrl) {
  const L = st.limited_sum;
  const sources = `    sources:\n      - {citation: ${q(L.citation)}, url: ${q(L.url)}}\n      - {citation: 'FNS, SNAP Standard Utility Allowances by State', url: '${sourceUrl}'}`;
  const rule = (name, description) => flaggedZeroRule(name, `${LIMITED_REG}; ${st.agency}`, sources, description);
  const out = [rule(fewerThanTwoName(code), fewerThanTwoReason(st))];
  if (L.actual_costs) out.push(rule(actualCostsName(code), actualCostsReason(st)));
  return out;
}

const fewerThanTwoReason = (st) => `NOT COMPLETE: ${limitedSumReason(st)}. A limited household pays two or more utilities other than heating or cooling, but fewer than two of pays_electricity, pays_gas_or_fuel, pays_water, pays_sewage, pays_trash and pays_telephone were given as true, so a utility it pays may be missing from the sum (0 is added here and the result says so). Give each utility the household pays.`;
const actualCostsReason = (st) => `NOT COMPUTED: ${st.limited_sum.actual_costs.reason}; 0 is added here and the result says so.`;

/** `unverified_parameters` entries that make a result relying on these 0s say so. */
export function limitedSumUnverified(code, st, paramId) {
  const out = [{ parameter: paramId(fewerThanTwoName(code)), reason: fewerThanTwoReason(st) }];
  if (st.limited_sum.actual_costs) out.push({ parameter: paramId(actualCostsName(code)), reason: actualCostsReason(st) });
  return out;
}

/** Sentence for the utility allowance rule's description, the module summary and docs/coverage.md. */
export function limitedSumText(st) {
  const L = st.limited_sum;
  const extra = L.actual_costs ? ` ${L.actual_costs.facts.join(' and ')} add nothing: ${L.actual_costs.reason} (warned).` : '';
  const none = st.limited_sum.terms.length < 5 && !L.actual_costs ? ` Other utilities have no ${st.name} standard and add nothing.` : '';
  return `limited gets the sum of ${st.name}'s individual standards for the utilities the household pays, named by the facts pays_* (${L.terms.map((t) => `${t.facts.join(' or ')}: ${t.label}`).join('; ')}), as ${L.citation.split(':')[0]} directs.${none}${extra} Fewer than two utilities given: the sum of those given and a warning.`;
}

/** The package output that settles whether the pays_* facts matter: true unless the household is `limited` (and not given the SUA by energy assistance). */
export const utilitiesPaidImmaterialName = (code) => `${code}_snap_utilities_paid_immaterial`;

/** The Judgment rule behind it (YAML text); `anyCost`: the State gives the SUA to any utility cost by energy assistance. */
export function utilitiesPaidImmaterialRule(code, st, anyCost) {
  const sua = anyCost ? ` or (${code}_snap_sua_for_any_utility_cost == true and snap_energy_assistance_confers_sua)` : '';
  return `
  - name: ${utilitiesPaidImmaterialName(code)}
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: ${LIMITED_REG}; ${st.agency}
    source_url: ${st.limited_sum.url}
    description: ${q(`Which utilities the household pays cannot change its utility allowance: it is not a limited household${anyCost ? ', or it gets the heating and cooling SUA through energy assistance' : ''}. Package output; when false, the pays_* facts not given that earn one of ${st.name}'s standards are listed in assumptions.`)}
    versions:
      - effective_from: '2023-10-01'
        formula: >-
          utility_type != "limited"${sua}`;
}

/** household alias -> material_inputs entry: the facts that earn one of the State's standards, material for a limited household. */
export function utilitiesPaidMaterialInputs(code, st) {
  if (!readsUtilitiesPaid(st)) return {};
  const reason = `${st.name} adds up its individual utility standards for the utilities a limited household pays (${st.limited_sum.citation.split(':')[0]}; 7 CFR 273.9(d)(6)(iii)(A)(1))`;
  return Object.fromEntries(st.limited_sum.terms.flatMap((t) => t.facts).map((f) => [f, { unless_output: utilitiesPaidImmaterialName(code), reason }]));
}

/** Output docs for the package output (scripts/lib/snap-input-docs.mjs format). */
export const utilitiesPaidOutputDocs = (code, st) => ({
  [utilitiesPaidImmaterialName(code)]: {
    description: `The household is not a limited household (utility_type), so which utilities it pays (pays_electricity ... pays_telephone) cannot change its utility allowance; when false, those facts not given that earn one of ${st.name}'s standards are listed in assumptions.`,
    period: 'month', unit: 'boolean',
  },
});
