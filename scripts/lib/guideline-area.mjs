/**
 * Which HHS poverty guideline table applies in a jurisdiction: one binding of the shared hook
 * us:statutes/42/9902/2#hhs_poverty_guideline_area per jurisdiction that needs one, in its own module
 * (us-xx:policies/poverty-guidelines/area), imported by every program's assembly there.
 *
 * One binding, not one per program: programs screened together are one evaluation, where two modules declaring
 * the binding differently cannot merge (docs/screening.md). HHS publishes tables for Alaska and Hawaii; it
 * defines none for the territories and leaves the figures to each program's administering office. Every program
 * bundled for a territory applies the 48-State table there, each on its own basis, which its own generator keeps
 * and warns of where unverified; a program whose rule named another table could not read this binding and would
 * need its own hook (as Medicaid's medicaid_poverty_guideline_area), which `programGuidelineArea` enforces.
 */
import { setsRelation } from './rule-text.mjs';

export const G = 'us:statutes/42/9902/2';
export const ASPE = 'https://aspe.hhs.gov/topics/poverty-economic-mobility/poverty-guidelines';
export const AREA_TEXT = { '48_states_dc': 'the 48 contiguous States and the District of Columbia', alaska: 'Alaska', hawaii: 'Hawaii' };

/** The States with a table of their own, and the territories (no HHS table). */
const OWN_TABLE = { ak: 'alaska', hi: 'hawaii' };
const TERRITORIES = ['as', 'gu', 'mp', 'pr', 'vi'];

export const areaModuleId = (code) => `us-${code}:policies/poverty-guidelines/area`;
export const areaParameterId = (code) => `${areaModuleId(code)}#${code}_hhs_poverty_guideline_area`;

/** The table that applies in the jurisdiction, and whether a module binds it (elsewhere the hook's default, the 48-State table). */
export function guidelineArea(code) {
  if (OWN_TABLE[code]) return { area: OWN_TABLE[code], bound: true };
  return { area: '48_states_dc', bound: TERRITORIES.includes(code) };
}

/**
 * The area module a program's assembly imports in `j` (none where the hook's default applies). Throws when the
 * program's own rule names another table than the shared binding gives, rather than compute with the wrong one.
 */
export function programGuidelineArea(j, program) {
  const { area, bound } = guidelineArea(j.code);
  if (j.area !== area) {
    throw new Error(`${program} in us-${j.code} applies the ${j.area} table, but the shared binding (${areaModuleId(j.code)}) gives ${area}: give ${program} its own area hook`);
  }
  return bound ? [areaModuleId(j.code)] : [];
}

/**
 * The assembly summary's sentence on the table: where it is bound, after the program's own basis for it (`basis`,
 * required in a territory, where the shared binding cannot state each program's). Empty where the default applies.
 */
export function areaSummary(j, basis) {
  const { bound } = guidelineArea(j.code);
  if (!bound) return '';
  if (!basis && TERRITORIES.includes(j.code)) throw new Error(`us-${j.code}: a program applying the 48-State table in a territory states its basis`);
  const where = `bound once for every program in ${j.name} (${areaModuleId(j.code)})`;
  return basis ? ` ${basis}; the table is ${where}.` : ` The table is ${where}.`;
}

/** The jurisdiction's area module: the binding and why this table applies there. */
export function areaModule({ code, name }, effectiveFrom) {
  const { area, bound } = guidelineArea(code);
  if (!bound) throw new Error(`us-${code} reads the hook's default table; it has no area module`);
  const why = TERRITORIES.includes(code)
    ? `HHS defines no poverty guidelines for ${name} and leaves the figures to the office administering each program; every program bundled for ${name} applies the 48-State table there, each package stating its basis (and warning where it was not verified)`
    : `HHS publishes a separate table for ${AREA_TEXT[area]}`;
  return `format: rulespec/v1
module:
  summary: >-
    The HHS poverty guideline table that applies in ${name} (${AREA_TEXT[area]}), bound once for every program
    here that reads the shared guidelines (us:statutes/42/9902/2); each program's assembly imports this module.
  source_verification:
    corpus_citation_path: us-${code}/policy/poverty-guidelines/area
rules:
  - name: ${code}_hhs_poverty_guideline_area
    kind: parameter
    dtype: Text
    source: 42 U.S.C. 9902(2); ${why}
    source_url: ${ASPE}
    versions:
      - effective_from: '${effectiveFrom}'
        formula: '"${area}"'
${setsRelation(`${code}_sets_hhs_poverty_guideline_area`, `42 U.S.C. 9902(2) (the guideline table for ${name})`, `${G}#hhs_poverty_guideline_area`, areaParameterId(code))}
`;
}
