/**
 * Agreement with PolicyEngine-US's own SNAP tests (../shared/oracle/pe-snap-tests-dev.jsonl, read only; skipped loudly
 * when absent) through the compatibility endpoint, by the shared harness (tests/support/pe-agreement.ts). A case is in
 * scope as the harness says, for a month from 2023-10 or a year from 2024 (judgments and counts: a month), and every
 * value it asks must be computed. Each in-scope value must agree within $1 (judgments exactly) or be listed in
 * KNOWN_DIFFERENCES with its cause (the same table is in docs/compatibility.md, "Measured agreement").
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

/** In-scope disagreements and their documented causes (docs/compatibility.md, "Measured agreement"). */
const FY2027 = "FY2027 figures: PolicyEngine's tests uprate FY2026 by CPI-U (a projection); Tenet reads USDA's published FY2027 COLA memorandum (shelter cap 769, standard deduction 229 for four people)";
const KNOWN_DIFFERENCES: Record<string, string> = {
  'FY2027 shelter cap uprates the FY2026 value by June 2026 over June 2025 CPI-U actuals. / snap_excess_shelter_expense_deduction': FY2027,
  'FY2027 standard deduction uprates the FY2026 value by June 2026 over June 2025 CPI-U actuals. / snap_standard_deduction': FY2027,
  'Case 3, hybrid state counts the full-count alien\'s child support deduction in full under the gross test. / snap_gross_income':
    'Arkansas child support: PolicyEngine excludes child support paid from gross income there; the Arkansas package treats it as a deduction from net income, as the Arkansas rule does (Ark. Code R. 016.20.95-015; docs/coverage.md)',
};

const SNAP = Object.entries(OUTPUTS).filter(([, d]) => d.program === 'snap').map(([name]) => name);
const money = (name: string): boolean => OUTPUTS[name].kind === 'money';

describeAgreement({
  label: 'SNAP',
  program: 'snap',
  cases: 'pe-snap-tests-dev.jsonl',
  meta: 'pe-variable-meta.json',
  group: 'spm_units',
  variables: SNAP,
  periodCause: (period, variables) => {
    if ((period.length === 4 && period < '2024') || (period.length === 7 && period < '2023-10')) return 'period before FY2024 (no encoded figures)';
    if (period.length === 4 && !variables.some(money)) return 'a judgment or count asked for a year (computed per month only)';
    return null;
  },
  // Judgments and counts are answered per month: a year key asks only the dollar amounts.
  requestable: (variable, period) => period.length === 7 || money(variable),
  everyValueComputed: true,
  knownDifferences: KNOWN_DIFFERENCES,
});
