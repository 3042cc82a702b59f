/**
 * Agreement with PolicyEngine-US's Head Start development cases (../shared/oracle/pe-program-tests-dev.jsonl, read only;
 * skipped loudly when absent; TENET_SHARED_DIR names another copy of ../shared) through the compatibility endpoint, by
 * the shared harness (tests/support/pe-agreement.ts): Head Start cases expecting a person's is_head_start_eligible,
 * is_early_head_start_eligible, is_head_start_income_eligible or is_head_start_categorically_eligible, for a month from
 * 2024-11 (the packages' income definition applies from 2024-10-21) or a year from 2025; a yearly answer whose months
 * differ is reported unsupported and counted out of scope with that cause. Inputs that cannot change a Head Start
 * result here (tax-unit roles; county and ZIP code) are allowed. Each in-scope value must agree exactly or be listed in
 * KNOWN_DIFFERENCES with its cause (docs/compatibility.md, "Head Start").
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

/** In-scope disagreements and their documented causes (docs/compatibility.md, "Head Start"). */
const KNOWN_DIFFERENCES: Record<string, string> = {};

describeAgreement({
  label: 'Head Start',
  program: 'head_start',
  cases: 'pe-program-tests-dev.jsonl',
  meta: 'pe-program-variable-meta.json',
  select: (test) => test.program === 'head_start',
  group: 'people',
  variables: Object.entries(OUTPUTS).filter(([, d]) => d.program === 'head_start').map(([name]) => name),
  periodCause: (period) => ((period.length === 4 && period < '2025') || (period.length === 7 && period < '2024-11') ? 'period before the first encoded month (2024-11)' : null),
  // Tax-unit roles, finer geography, WIC's own facts (breastfeeding) and child care subsidy inputs: none enters Head Start.
  harmless: /tax-unit roles|finer geography is not read|read only when a WIC variable|child care subsidy \(CCDF\)/,
  everyValueComputed: false,
  knownDifferences: KNOWN_DIFFERENCES,
});
