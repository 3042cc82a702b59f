/**
 * The Medicaid link, shared by the generators of programs that count Medicaid receipt (Lifeline: a member receives
 * Medicaid, 47 CFR 54.409(a)(2); WIC: the person, or a pregnant woman or infant of the family, receives Medicaid,
 * 42 U.S.C. 1786(d)(2)(A)(ii)(II), (iii)): where receipt is not given, the eligibility the State's Medicaid package
 * computes for the same people stands in for it, as the SNAP link does for SNAP (scripts/lib/snap-link.mjs).
 *
 * Each program's federal module declares a hook `<prefix>_state_medicaid_eligibility` (false by default: no Medicaid
 * package in the closure, as in the territories); the jurisdiction's assembly imports the State Medicaid module and
 * binds the hook to Medicaid's own output. Medicaid's facts then matter for the program only when the link computes.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** The first month the Medicaid packages cover (January 2025, on the 2024 guidelines still in effect until January 15). */
export const MEDICAID_FROM = '2025-01-01';

/** The module the Medicaid per-person determination and its household counts are in. */
export const MEDICAID_PERSON_MODULE = 'us:regulations/42-cfr/435/911';

/** The State Medicaid module (its income standards bound to the federal hooks). */
export const medicaidStateModule = (code) => `us-${code}:policies/medicaid/eligibility`;

/** The State's Medicaid compose spec, or null where there is no Medicaid package (the territories). */
export function readMedicaidSpec(root, code) {
  const file = path.join(root, `rules/programs/us-${code}/medicaid/2026.yaml`);
  return fs.existsSync(file) ? YAML.parse(fs.readFileSync(file, 'utf8')) : null;
}

/**
 * The assembly rules of the link: Medicaid's eligibility (`medicaidOutput`, a Household or Person rule of Medicaid)
 * for the entity, and its binding to the federal hook. Before the Medicaid packages' first month the link reads
 * false (receipt not given reads as not received, as without the link).
 * `law` is the program's: `citation`, `counts` (what it says of Medicaid), `url` and `from` (its first day).
 */
export function medicaidLinkRules({ code, name, prefix, entity, medicaidOutput, hookModule, assemblyId, law }) {
  const own = `${code}_${prefix}_state_medicaid_eligibility`;
  const earlier = law.from < MEDICAID_FROM ? `
      - effective_from: '${law.from}'  # before the Medicaid packages' first month: not computed
        formula: 'false'` : '';
  return [`
  - name: ${own}
    kind: derived
    entity: ${entity}
    dtype: Judgment
    period: Month
    source: ${law.citation} (${law.counts}); ${name}'s Medicaid eligibility (42 CFR 435.911(c)) as the State Medicaid package computes it for the same people
    source_url: ${law.url}
    versions:${earlier}
      - effective_from: '${law.from < MEDICAID_FROM ? MEDICAID_FROM : law.from}'
        formula: ${medicaidOutput}

  - name: ${code}_sets_${prefix}_state_medicaid_eligibility
    kind: source_relation
    source: ${law.citation} (receipt of Medicaid, which the State agency determines); the Medicaid eligibility computed for the same people stands in for receipt not given
    source_relation:
      type: sets
      target: ${hookModule}#${prefix}_state_medicaid_eligibility
      value: ${assemblyId}#${own}
      authority: state
      basis:
        delegation: ${hookModule}#${prefix}_state_medicaid_eligibility`];
}

/** The assembly summary's sentence on the link. */
export const medicaidLinkSummary = (name, medicaidSpec) => (medicaidSpec
  ? `Medicaid receipt not given is read from the ${name} Medicaid package's eligibility for the same people (imported here and bound to the federal hook), from ${MEDICAID_FROM.slice(0, 7)}.`
  : 'No Medicaid package covers this jurisdiction, so Medicaid receipt is only as stated.');

/** receives_medicaid as a material fact: moot when `immaterial` holds, inferred from `computed` otherwise. */
export const medicaidReceiptMaterial = (immaterial, computed, why) => ({ unless_output: immaterial, inferred_from: computed,
  reason: `${why}; not given, receipt was inferred from the Medicaid eligibility the State's Medicaid rules compute, and a person can be eligible for Medicaid without receiving it` });

/**
 * Medicaid's person facts the program does not read itself, material only when the link computes (`immaterial`
 * false). A fact Medicaid reads only for some people (its own unless output) keeps that condition through
 * `wrapped(unless)`, an output the program's assembly defines. Facts in `skip` are the program's own or shared.
 */
export function medicaidMaterialFor(medicaidSpec, immaterial, wrapped, skip) {
  const out = {};
  for (const [alias, m] of Object.entries(medicaidSpec.material_inputs.person ?? {})) {
    if (skip.has(alias)) continue;
    out[alias] = { ...m, unless_output: m.unless_output ? wrapped(m.unless_output) : immaterial,
      reason: `Medicaid receipt was not given, so the Medicaid eligibility computed stands in for it, and for Medicaid ${m.reason}` };
  }
  return out;
}

/** Medicaid's own unless outputs, which a program wraps in its own (moot also when the link does not compute). */
export function medicaidUnlessOutputs(medicaidSpec) {
  return [...new Set(Object.values(medicaidSpec.material_inputs.person ?? {}).map((m) => m.unless_output).filter(Boolean))].sort();
}

/** The wrapped moot tests (Household rules of the assembly): `<prefix>_<unless>` holds when the link does not compute or Medicaid's test does. */
export function medicaidWrappedRules({ medicaidSpec, prefix, immaterial, law }) {
  return medicaidUnlessOutputs(medicaidSpec).map((u) => `
  - name: ${prefix}_${u}
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: ${law.citation} (the Medicaid facts matter only when Medicaid eligibility stands in for receipt); the Medicaid package's ${u}
    source_url: ${law.url}
    versions:
      - effective_from: '${law.from}'
        formula: ${immaterial} or ${u}`);
}

/**
 * The Medicaid package's person inputs the program lacks: aliases, types, limits, defaults and docs, so a caller
 * gives the facts Medicaid reads in the program's own request. An input both read keeps the program's alias (one
 * slot of the closure).
 */
export function medicaidPersonInputs(medicaidSpec, have) {
  const missing = Object.keys(medicaidSpec.person_aliases).filter((k) => !(k in have));
  const pick = (table) => Object.fromEntries(missing.filter((k) => table?.[k] !== undefined).map((k) => [k, table[k]]));
  return { aliases: pick(medicaidSpec.person_aliases), types: pick(medicaidSpec.input_types), limits: pick(medicaidSpec.input_limits),
    defaults: pick(medicaidSpec.person_input_defaults), docs: pick(medicaidSpec.person_input_docs) };
}

/** The screening link: which output says the Medicaid eligibility stood in for receipt (docs/screening.md). */
export const medicaidScreeningLink = (used) => ({ program: 'medicaid', used });
