/**
 * Head Start and Early Head Start through the compatibility endpoint (docs/compatibility.md, "Head Start"):
 * PolicyEngine's person variables from the State Head Start package (rules/programs/us-xx/head_start), run over the
 * unit's SNAP translation with the facts below added. A person's eligibility is composed from the package's person
 * and household outputs exactly as its count rules (head_start_eligible_children, early_head_start_eligible_people)
 * compose them (45 CFR 1302.12(b), (c)(1)).
 */
import type { DerivedValue, OutputDefinition, RunView } from './output-definition.js';
import type { ProgramFactSources } from './program-facts.js';

export const HEAD_START_PROGRAM_ID = 'head_start';

/** The packages' income definition applies from 2024-10-21 (89 FR 67720): the first whole month computed. */
export const HEAD_START_FIRST_MONTH = '2024-11';

const bool = (v: unknown): boolean => v === true;

/** Of Head Start age (3 to school age) and a child in a category of their own (homeless, foster) or of a qualifying family. */
function headStartEligible(run: RunView): DerivedValue {
  const p = run.person ?? {};
  return { value: bool(p.head_start_age_eligible) && (bool(p.head_start_child_categorically_eligible) || bool(run.outputs.head_start_family_qualifies)) };
}

/**
 * Under three or pregnant, and a child in a category of their own or of a qualifying family; a pregnant woman is
 * eligible through her family only (1302.12(c)(1)(iii)-(iv) name the child).
 */
function earlyHeadStartEligible(run: RunView): DerivedValue {
  const p = run.person ?? {};
  const ownCategory = bool(p.head_start_child_categorically_eligible) && !bool(run.personFacts?.is_pregnant);
  return { value: bool(p.early_head_start_age_or_pregnancy_eligible) && (ownCategory || bool(run.outputs.head_start_family_qualifies)) };
}

/**
 * PolicyEngine's categorical eligibility: public assistance received by the family (TANF, SSI, SNAP; 1302.12(c)(1)(ii),
 * ACF-IM-HS-22-03) or the child's own category. The package computes SNAP eligibility in place of receipt only when
 * it can change the family's eligibility: a family qualifying by income without receipt given is not answered.
 */
function categoricallyEligible(run: RunView): DerivedValue {
  if (bool(run.outputs.head_start_receives_public_assistance) || bool(run.person?.head_start_child_categorically_eligible)) return { value: true };
  if (run.facts.receives_snap === undefined && bool(run.outputs.head_start_income_eligible)) {
    return { reason: 'is_head_start_categorically_eligible: SNAP receipt was not given, and the package does not compute SNAP eligibility for a family that qualifies by income; give receives_snap or snap' };
  }
  return { value: false };
}

const person = (output: string, value?: (run: RunView) => DerivedValue): OutputDefinition =>
  ({ group: 'people', program: 'head_start', output, kind: 'boolean', sameOverYear: true, value });

/** PolicyEngine defines these per year for a person: a year key is answered when every month agrees. */
export const HEAD_START_OUTPUTS: Record<string, OutputDefinition> = {
  is_head_start_eligible: person('head_start_eligible_children', headStartEligible),
  is_early_head_start_eligible: person('early_head_start_eligible_people', earlyHeadStartEligible),
  // The family's income test (1302.12(c)(1)(i)), the same for every member.
  is_head_start_income_eligible: person('head_start_income_eligible', (run) => ({ value: bool(run.outputs.head_start_income_eligible) })),
  is_head_start_categorically_eligible: person('head_start_receives_public_assistance', categoricallyEligible),
};

export const HEAD_START_PACKAGE_OUTPUTS = [
  'head_start_family_qualifies', 'head_start_income_eligible', 'head_start_receives_public_assistance', 'head_start_eligible_children', 'early_head_start_eligible_people',
];

/**
 * PolicyEngine variables -> Head Start package facts: public assistance received (TANF, SSI, SNAP); pregnancy; the
 * child's own categories (foster care: was_in_foster_care; homelessness: PolicyEngine's is_homeless is the household's,
 * so every member of a homeless household is a homeless child for 1302.12(c)(1)(iii)); the incomes Head Start counts
 * beyond wages and self-employment (45 CFR 1305.2: unemployment compensation, pensions; monthly, as read).
 */
export const HEAD_START_SOURCES: ProgramFactSources = {
  unit: [
    ['receives_snap', ['receives_snap', 'snap']],
    ['receives_tanf', ['receives_tanf', 'is_tanf_enrolled', 'tanf']],
    ['receives_ssi', ['receives_ssi', 'ssi']],
  ],
  person: [
    ['is_pregnant', ['is_pregnant']],
    ['is_in_foster_care', ['was_in_foster_care']],
  ],
  amounts: [
    ['unemployment_compensation', ['unemployment_compensation']],
    ['pension_income', ['taxable_pension_income', 'tax_exempt_pension_income', 'pension_income']],
  ],
  everyMember: [['is_homeless', ['is_homeless']]],
};
