/**
 * Agreement with PolicyEngine-US's Lifeline development cases (../shared/oracle/pe-program-tests-dev.jsonl, read only;
 * skipped loudly when absent) through the compatibility endpoint, by the shared harness (tests/support/pe-agreement.ts):
 * cases expecting is_lifeline_eligible, is_lifeline_income_eligible or lifeline, for a month from 2023-10 or a year
 * from 2024 (a yearly judgment whose months differ is reported unsupported and counted out of scope with that cause);
 * inputs ignored because they cannot change a SNAP or Lifeline result (tax-unit roles; county and ZIP code, where the
 * packages go by State) are allowed. Each in-scope value must agree (dollars within $1, judgments exactly) or be listed
 * in KNOWN_DIFFERENCES with its cause; docs/compatibility.md ("Measured agreement with PolicyEngine's Lifeline tests")
 * has the same table.
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

/** In-scope disagreements and their documented causes (docs/compatibility.md, Lifeline section). */
const TEXAS_SUPPORT = "Texas's own Lifeline support: PolicyEngine adds the State's $3.50 a month to the federal $9.25 (12.75 x 12 = 153); State supplements are not encoded (the packages give the federal support, 47 CFR 54.403(a))";
const TEXAS_LIMIT = "Texas's own income limit: PolicyEngine tests Texas households against 150% of the guidelines (the State program's limit); the federal limit the package encodes is 135% (47 CFR 54.409(a)(1))";
const KNOWN_DIFFERENCES: Record<string, string> = {
  'Texas elderly person with SSI - categorically eligible / lifeline': TEXAS_SUPPORT,
  'Texas disabled person with Medicaid / lifeline': TEXAS_SUPPORT,
  'lifeline_ca_state_max_amount (ca) / lifeline': "California LifeLine's State support: PolicyEngine gives California's amount (19 x 12 = 228); State programs are not encoded (federal support 9.25 x 12 = 111)",
  'lifeline_ks_supplement_added_to_federal_max (ks) / lifeline': "Kansas Lifeline Service Program support: PolicyEngine adds $7.77 a month for telephone service ((9.25 + 7.77) x 12 = 204.24); State programs are not encoded",
  'lifeline_tx_expanded_income_between_135_and_150pct_fpg (tx) / is_lifeline_eligible': TEXAS_LIMIT,
  'lifeline_tx_expanded_income_between_135_and_150pct_fpg (tx) / lifeline': TEXAS_LIMIT,
  'lifeline_tx_just_below_150pct_fpg (tx) / is_lifeline_eligible': TEXAS_LIMIT,
  'lifeline_tx_just_below_150pct_fpg (tx) / lifeline': TEXAS_LIMIT,
};

describeAgreement({
  label: 'Lifeline',
  program: 'lifeline',
  cases: 'pe-program-tests-dev.jsonl',
  meta: 'pe-program-variable-meta.json',
  group: 'spm_units',
  variables: Object.entries(OUTPUTS).filter(([, d]) => d.program === 'lifeline').map(([name]) => name),
  periodCause: (period) => ((period.length === 4 && period < '2024') || (period.length === 7 && period < '2023-10') ? 'period before the first encoded month (2023-10)' : null),
  harmless: /tax-unit roles|finer geography is not read/,
  everyValueComputed: false,
  knownDifferences: KNOWN_DIFFERENCES,
});
