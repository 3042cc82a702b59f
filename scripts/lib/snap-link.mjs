/**
 * The SNAP link, shared by the generators of programs that count SNAP receipt (Lifeline, WIC, school meals, Head
 * Start): where receipt is not given, whether the State SNAP package would certify the same household stands in for it:
 * eligible, and not a household of three or more whose allotment computes to 0, which 7 CFR 273.10(e)(2)(iii)(A)
 * denies (snap_certified, us:regulations/7-cfr/273/10/e/2/iii). An eligible household denied SNAP receives none.
 *
 * Each program's federal module declares a hook `<prefix>_state_snap_eligibility` and an output
 * `<prefix>_snap_receipt_immaterial`; the jurisdiction's assembly imports the State SNAP package, binds the hook to
 * its snap_certified, and wraps SNAP's moot tests (`<prefix>_<unless output>`) so SNAP's facts are material only when
 * the link computes. Each program keeps its own legal citation; only the shape is shared.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { setsRelation } from './rule-text.mjs';

/** The State SNAP package's compose spec (its aliases, docs, material facts and fiscal years). */
export const readSnapSpec = (root, code) =>
  YAML.parse(fs.readFileSync(path.join(root, `rules/programs/us-${code}/snap/fy-2026.yaml`), 'utf8'));

/** The module id of the State SNAP assembly, which computes snap_eligible and snap_certified. */
export const snapAssemblyId = (j) => `us-${j.code}:policies/${j.snap.agency_slug}/snap/benefit-calculation`;

/** SNAP's unless outputs: the moot tests whose facts the SNAP link makes material. */
export function snapUnlessOutputs(snapSpec) {
  const out = new Set();
  for (const level of ['household', 'person']) {
    for (const m of Object.values(snapSpec.material_inputs?.[level] ?? {})) if (m.unless_output) out.add(m.unless_output);
  }
  return [...out].sort();
}

/** The program's wrapped SNAP moot tests, outputs of its package: `<prefix>_<unless output>`. */
export const snapLinkOutputs = (snapSpec, prefix) => snapUnlessOutputs(snapSpec).map((u) => `${prefix}_${u}`);

/**
 * The assembly rules of the link: the State's SNAP certification (snap_certified), its binding to the federal hook, and SNAP's moot
 * tests wrapped in the program's own (moot also when SNAP receipt decides nothing for the program).
 * `law` is the program's: `citation` (the provision counting SNAP receipt), `counts` (what it says of SNAP, in
 * parentheses after the citation), `url`, and `from` (the first day the link applies).
 */
export function snapLinkRules({ j, snapSpec, prefix, hookModule, assemblyId, law }) {
  const own = `${j.code}_${prefix}_state_snap_eligibility`;
  const rules = [`
  - name: ${own}
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: ${law.citation} (${law.counts}); whether the ${j.snap.agency} would certify the household for ${j.name} SNAP (eligible under 7 U.S.C. 2014(a), and not a household of three or more entitled to no benefits, which 7 CFR 273.10(e)(2)(iii)(A) denies), computed by the State SNAP package from the same household
    source_url: ${law.url}
    versions:
      - effective_from: '${law.from}'
        formula: snap_certified
${setsRelation(`${j.code}_sets_${prefix}_state_snap_eligibility`,
    `${law.citation} (receipt of SNAP, which the State agency determines); the SNAP certification computed for the household (eligible and, at three or more members, a benefit above 0) stands in for receipt not given`,
    `${hookModule}#${prefix}_state_snap_eligibility`, `${assemblyId}#${own}`)}`];
  for (const u of snapUnlessOutputs(snapSpec)) {
    rules.push(`
  - name: ${prefix}_${u}
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: ${law.citation} (the SNAP facts matter only when SNAP eligibility stands in for receipt); the SNAP package's ${u}
    source_url: ${law.url}
    versions:
      - effective_from: '${law.from}'
        formula: ${prefix}_snap_receipt_immaterial or ${u}`);
  }
  return rules;
}

/** The assembly summary's sentence on the link, or the jurisdiction's note where SNAP does not operate. */
export const snapLinkSummary = (j) => (j.snap
  ? `SNAP receipt not given is read from the ${j.name} SNAP package's eligibility for the same household (imported here and bound to the federal hook).`
  : `${j.note}.`);

/**
 * receives_snap as a material fact of the program: moot when its receipt test is, inferred from the link otherwise.
 * `why` is the program's rule on SNAP receipt, with its citation.
 */
export const snapReceiptMaterial = (prefix, why) => ({ unless_output: `${prefix}_snap_receipt_immaterial`, inferred_from: `${prefix}_snap_eligibility_computed`,
  reason: `${why}; not given, receipt was inferred from whether the State's SNAP rules would certify this household (eligible and, with three or more members, a benefit above $0: 7 CFR 273.10(e)(2)(iii)(A) denies the rest), and a household can qualify for SNAP without receiving it` });

/** SNAP's material facts (one level of the SNAP spec), material for the program only when the link computes. */
export function snapMaterialFor(level, prefix) {
  const out = {};
  for (const [alias, m] of Object.entries(level ?? {})) {
    out[alias] = { ...m, unless_output: m.unless_output ? `${prefix}_${m.unless_output}` : `${prefix}_snap_receipt_immaterial`,
      reason: `SNAP receipt was not given, so whether SNAP would certify the household stands in for it, and for SNAP ${m.reason}` };
  }
  return out;
}

/** Output docs of the wrapped moot tests, from SNAP's own docs of the tests they wrap. */
export function snapLinkOutputDocs(snapSpec, prefix) {
  return Object.fromEntries(snapLinkOutputs(snapSpec, prefix).map((n) => {
    const u = n.slice(prefix.length + 1);
    return [n, { description: `SNAP receipt was given or not needed, or for the SNAP eligibility that stands in for it: ${snapSpec.output_docs?.[u]?.description ?? u}`, period: 'month', unit: 'boolean' }];
  }));
}

/** The screening link: which output says the SNAP eligibility stood in for receipt (docs/screening.md). */
export const snapScreeningLink = (prefix) => ({ links: [{ program: 'snap', used: `${prefix}_snap_eligibility_computed` }] });

/** The SNAP package's fiscal years, which the program's package carries because it evaluates SNAP's rules. */
export const snapFiscalYears = (snapSpec) =>
  ({ fiscal_years: snapSpec.fiscal_years, last_fiscal_year: snapSpec.last_fiscal_year, fiscal_year_parameters: snapSpec.fiscal_year_parameters });
