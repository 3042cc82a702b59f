/**
 * Agreement with PolicyEngine-US's EITC and CTC development cases (../shared/oracle/pe-program-tests-dev.jsonl, read
 * only; skipped loudly when absent; TENET_SHARED_DIR names another copy of ../shared) through the compatibility
 * endpoint, by the shared harness (tests/support/pe-agreement.ts): `eitc` and `ctc` cases expecting a tax unit's credit
 * variable the endpoint maps, for a tax year from 2024 (a later year the packages do not cover is reported from their
 * refusal and counted out of scope). Inputs whose reason says they cannot change a credit here (is_disabled false,
 * immigration status CITIZEN, the State, county and ZIP code) are allowed. Dollars agree within $1 (the harness's rule;
 * PolicyEngine's rounded maximum credit puts up to $0.50 between the two, docs/compatibility.md); every other in-scope
 * value must agree exactly or be listed in KNOWN_DIFFERENCES with its cause (docs/compatibility.md, "The EITC and the CTC").
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

const SEPARATED_SPOUSE = 'PolicyEngine applies the separated-spouse exception of 26 U.S.C. 32(d)(2) without its conditions; the package does not compute the exception';

/** In-scope disagreements and their documented causes (docs/compatibility.md, "The EITC and the CTC"). */
const KNOWN_DIFFERENCES: Record<string, string> = {
  // filing_status SEPARATE with a child, 2026, wages 20,000: PolicyEngine allows the credit (32(d)(2) as the American
  // Rescue Plan Act amended it, for a spouse living apart; it asks no such fact): 4,427; the package gives a separate
  // filer none (32(d)(1)).
  'eitc_married_filing_separately_eligible_post_arpa (federal) / eitc': SEPARATED_SPOUSE,
  'eitc_married_filing_separately_eligible_post_arpa (federal) / eitc_eligible': SEPARATED_SPOUSE,
  // A dependent of 19 who is not a student is no qualifying child (152(c)(3)(A)); PolicyEngine gives any dependent the
  // $500 credit for other dependents, the package counts no qualifying relative (152(d)).
  'eitc_child_age_19_non_student_childless_fallback (federal) / ctc': 'qualifying relatives (26 U.S.C. 152(d)) are not computed by the CTC package: no $500 credit for a dependent who is not a qualifying child',
};

describeAgreement({
  label: 'EITC and CTC',
  program: 'eitc',
  federal: true,
  cases: 'pe-program-tests-dev.jsonl',
  meta: 'pe-program-variable-meta.json',
  select: (test) => test.program === 'eitc' || test.program === 'ctc',
  group: 'tax_units',
  variables: Object.entries(OUTPUTS).filter(([, d]) => d.program === 'eitc' || d.program === 'ctc').map(([name]) => name),
  periodCause: (period) => (period.slice(0, 4) < '2024' ? 'tax year before the packages\' first (2024)' : null),
  harmless: /changes nothing here|do not depend on the State|finer geography is not read/,
  everyValueComputed: false,
  knownDifferences: KNOWN_DIFFERENCES,
});
