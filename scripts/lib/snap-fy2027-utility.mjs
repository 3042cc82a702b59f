// FY2027 State utility figures (from 2026-10-01).
//
// When these packages were written (2026-11-28) FNS had published no FY2027 SUA table, and no State's own FY2027
// notice could be read; summaries of four States' notices were found (st.utility_fy2027). So every State utility
// figure in force at the end of FY2026 gets an FY2027 version: the summarised FY2027 figure where there is one, else
// the FY2026 figure kept. Either way the version is declared unverified, so an answer that reads it names it and
// says why, instead of a silent carry-forward. A figure of 0 (the State has no such standard) gets no FY2027 version.

export const FY2027_START = '2026-10-01';
export const FY2027_MEMO_URL = 'https://www.usda.gov/sites/default/files/guidance-documents/fna.snap-cola2027.pdf';
const FY2026_END = '2026-09-30';

const valueAt = (series, date) => series.filter(([d]) => d <= date).at(-1)?.[1];

/** Adds an FY2027 entry to a [[date, value], ...] series; false when it has one already or ends FY2026 at 0. */
function extend(series, fy2027Value) {
  if (series.some(([d]) => d >= FY2027_START)) return false;
  const last = valueAt(series, FY2026_END);
  if (typeof last !== 'number' || last === 0) return false;
  series.push([FY2027_START, fy2027Value ?? last]);
  return true;
}

/** The kind a region key stands for: `sua`, or `electricity` for `electricity_by_size`. */
const kindOf = (key) => key.replace(/_by_size$/, '');

/** Why an FY2027 version is doubted; the warning puts the State, the figure and the date before it. */
function reasonFor(found) {
  return found
    ? `read only in a secondary summary of the State's FY2027 notice (${found.citation}); the notice itself was not read`
    : 'no FY2027 figure was found (no FNS FY2027 SUA table and no State FY2027 notice in the sources searched on 2026-11-28; docs/coverage.md), so the FY2026 figure is used';
}

/**
 * Gives the State's utility series (regions and single-utility figures) their FY2027 versions and declares each
 * one unverified (st.unverified_figures; st.single_utility.unverified). Mutates `st`; call once per State.
 */
export function addFy2027UtilityFigures(st) {
  const found = st.utility_fy2027;
  const declared = new Set();
  for (const [region, r] of Object.entries(st.regions)) {
    for (const [key, series] of Object.entries(r)) {
      if (!Array.isArray(series)) continue;
      const given = found?.regions?.[region]?.[key];
      const added = key.endsWith('_by_size')
        ? series.map((sizeSeries, i) => extend(sizeSeries, given?.[i])).some(Boolean)
        : extend(series, given);
      const kind = kindOf(key);
      if (!added || declared.has(`${kind}|${region}`)) continue;
      declared.add(`${kind}|${region}`);
      (st.unverified_figures ??= []).push({ kind, region, effective_from: FY2027_START, reason: reasonFor(given !== undefined ? found : undefined) });
    }
  }
  addSingleUtility(st, found);
}

function addSingleUtility(st, found) {
  const s = st.single_utility;
  if (!s?.regions || s.not_modelled) return;
  let added = false;
  for (const [region, figures] of Object.entries(s.regions)) {
    for (const [kind, figure] of Object.entries(figures)) {
      const given = found?.single_utility?.[region]?.[kind];
      if (Array.isArray(figure)) added = extend(figure, given) || added;
      else if (figure.by_size) added = figure.by_size.map((sizeSeries) => extend(sizeSeries, given)).some(Boolean) || added;
    }
  }
  if (!added) return;
  (s.unverified ??= []).push({ effective_from: FY2027_START, reason: reasonFor(found?.single_utility ? found : undefined) });
}

/** The coverage table's "FY2027 utility figures" cell. */
export function fy2027UtilityText(st) {
  const doubted = (st.unverified_figures ?? []).filter((u) => u.effective_from === FY2027_START).length
    + (st.single_utility?.unverified ?? []).filter((u) => u.effective_from === FY2027_START).length;
  if (doubted === 0) return 'no FY2027 version (every figure 0)';
  const found = st.utility_fy2027;
  return found
    ? `read in a summary, not the notice (warned): ${found.citation}`
    : 'not found: the FY2026 figures kept for FY2027, each warned';
}
