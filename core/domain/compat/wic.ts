/**
 * The WIC facts of one SPM unit in one month (docs/compatibility.md, "WIC"), added to the SNAP translation of the
 * same unit (translate.ts) when a WIC variable is computed: the WIC packages read the SNAP household's income and size
 * for the income test and these facts for the categories and adjunctive eligibility (7 CFR 246.7(c), (d)(2)(vi)).
 * A fact given with the other value states it false, so it is not reported as assumed; not given, the package's
 * default applies and tenet.assumptions says so (nutritional risk: assumed met, as PolicyEngine's default).
 */
import type { Reading } from './readings.js';

/** PolicyEngine person variables -> the WIC package person fact they state (true when any is true or positive). */
const PERSON_SOURCES: Array<[string, string[]]> = [
  ['is_pregnant', ['is_pregnant']],
  ['is_breastfeeding', ['is_breastfeeding']],
  ['nutritional_risk', ['is_wic_at_nutritional_risk']],
  ['receives_medicaid', ['medicaid_enrolled', 'receives_medicaid']],
];

/** PolicyEngine unit variables -> the WIC package household fact (SNAP or TANF received: 7 CFR 246.7(d)(2)(vi)). */
const UNIT_SOURCES: Array<[string, string[]]> = [
  ['receives_snap', ['receives_snap', 'snap']],
  ['receives_tanf', ['receives_tanf', 'is_tanf_enrolled', 'tanf']],
];

/** Whether a WIC run reads this PolicyEngine variable (a Lifeline receipt fact it shares, say). */
export function wicReads(name: string): boolean {
  return name === EXPECTED_CHILDREN || [...PERSON_SOURCES, ...UNIT_SOURCES].some(([, names]) => names.includes(name));
}

/** The packages' monthly category -> PolicyEngine's WICCategory member. */
const CATEGORIES: Record<string, string> = {
  pregnant: 'PREGNANT', breastfeeding: 'BREASTFEEDING', postpartum: 'POSTPARTUM', infant: 'INFANT', child: 'CHILD', none: 'NONE',
};

/** PolicyEngine's name for a package category; an unknown one is passed on as the package gave it. */
export function wicCategoryOf(value: unknown): unknown {
  return typeof value === 'string' && Object.hasOwn(CATEGORIES, value) ? CATEGORIES[value] : value;
}

/** PolicyEngine's current_pregnancies (children expected) -> expected_children_count, which the pregnant woman's own test adds. */
const EXPECTED_CHILDREN = 'current_pregnancies';

const positive = (r: Reading): boolean => r.value === true || (typeof r.value === 'number' && r.value > 0);

export interface WicFacts {
  facts: Record<string, unknown>;
  people: Record<string, Record<string, unknown>>;
}

/** The unit's WIC facts from its kept readings (translate.ts `kept`), only those the package reads. */
export function wicFacts(kept: readonly Reading[], inputs: ReadonlySet<string>): WicFacts {
  const facts: Record<string, unknown> = {};
  for (const [fact, names] of UNIT_SOURCES) {
    const given = kept.filter((r) => names.includes(r.name));
    if (given.length > 0 && inputs.has(fact)) facts[fact] = given.some(positive);
  }
  const people: Record<string, Record<string, unknown>> = {};
  for (const [fact, names] of PERSON_SOURCES) {
    if (!inputs.has(fact)) continue;
    for (const r of kept.filter((k) => k.group === 'people' && names.includes(k.name))) {
      const record = (people[r.entityId] ??= {});
      record[fact] = record[fact] === true || positive(r);
    }
  }
  if (inputs.has('expected_children_count')) {
    for (const r of kept.filter((k) => k.group === 'people' && k.name === EXPECTED_CHILDREN && (k.value as number) >= 1)) {
      (people[r.entityId] ??= {}).expected_children_count = Math.floor(r.value as number);
    }
  }
  return { facts, people };
}
