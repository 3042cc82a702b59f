/**
 * Agreement with PolicyEngine-US's WIC development cases (../shared/oracle/pe-program-tests-dev.jsonl, read only;
 * skipped loudly when absent; TENET_SHARED_DIR names another copy of ../shared) through the compatibility endpoint, by
 * the shared harness (tests/support/pe-agreement.ts): WIC cases expecting is_wic_eligible or wic_category for a person,
 * for a month from 2023-10 or a year from 2024; inputs that cannot change a WIC result here (tax-unit roles; county and
 * ZIP code, where the packages go by State) are allowed. Each in-scope value must agree exactly or be listed in
 * KNOWN_DIFFERENCES with its cause (docs/compatibility.md, "WIC").
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

/**
 * In-scope disagreements and their documented causes (docs/compatibility.md, "WIC"). None today: the one there was
 * (wic_pregnant_negative_self_employment_income: PolicyEngine offsets a self-employment loss against wages, the WIC
 * packages count it as 0) agrees since WIC reads her Medicaid receipt, not given, from the Medicaid eligibility computed
 * for her (MAGI offsets the loss: 35,000 a year, within her State's standard for pregnant people).
 */
const KNOWN_DIFFERENCES: Record<string, string> = {};

describeAgreement({
  label: 'WIC',
  program: 'wic',
  cases: 'pe-program-tests-dev.jsonl',
  meta: 'pe-program-variable-meta.json',
  select: (test) => test.program === 'wic',
  group: 'people',
  variables: Object.entries(OUTPUTS).filter(([, d]) => d.program === 'wic').map(([name]) => name),
  periodCause: (period) => ((period.length === 4 && period < '2024') || (period.length === 7 && period < '2023-10') ? 'period before the first encoded month (2023-10)' : null),
  harmless: /tax-unit roles|finer geography is not read/,
  everyValueComputed: false,
  knownDifferences: KNOWN_DIFFERENCES,
});
