/**
 * Agreement with PolicyEngine-US's Medicaid and CHIP development cases (../shared/oracle/pe-program-tests-dev.jsonl,
 * read only; skipped loudly when absent; TENET_SHARED_DIR names another copy of ../shared) through the compatibility
 * endpoint, by the shared harness (tests/support/pe-agreement.ts): `medicaid` and `chip` cases expecting a person's
 * is_medicaid_eligible, medicaid_category, is_chip_eligible or chip_category. A period the packages do not cover
 * (before 2025) is reported by the endpoint from the package's refusal and counted out of scope with
 * that cause, as is a year whose months differ. Inputs whose reason says they change nothing here (roles that agree
 * with the package's MAGI household, an ESI offer, Medicare or disability given false, SSI facts of a person under 65
 * not blind or disabled; county and ZIP code) are allowed. Each in-scope value must agree exactly or be listed in
 * KNOWN_DIFFERENCES with its cause (docs/compatibility.md, "Medicaid and CHIP").
 */
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import { describeAgreement } from '../../../../support/pe-agreement.js';

const TEXAS_PARENT_LIMIT = 'PolicyEngine\'s Texas parent limit (19%) differs from the CMS table\'s standard the package reads (12% + 5)';
const KANSAS_DEPRIVATION = 'PolicyEngine\'s Kansas deprivation rule for two-parent households is not encoded';

/** In-scope disagreements and their documented causes (docs/compatibility.md, "Medicaid and CHIP"). */
const KNOWN_DIFFERENCES: Record<string, string> = {
  // California, 2025, one adult of 35 earning 15,000, undocumented: PolicyEngine counts California's State-funded
  // coverage of undocumented adults as Medicaid; the package decides federal Medicaid (8 U.S.C. 1611; 42 U.S.C. 1396b(v)).
  'Case 4, undocumented adult in CA 2025 computed enrollment. / is_medicaid_eligible': 'State-funded coverage of people federal Medicaid excludes is not encoded',
  // A child of 1 in California: PolicyEngine's infant group there runs past the first birthday; the package's infant
  // group is under 1 (42 CFR 435.118(c)), so the child is a child 1-5. Both find the child eligible (California's 261%).
  'medicaid_ca_infant_age_1_extended_age_range (ca) / medicaid_category': 'PolicyEngine extends California\'s infant group past age 1; the package does not',
  // Texas, 2026, a parent earning 4,000 a year with a child of 5: 2 people, 2026 guideline 21,640. The package: Texas's
  // parent standard 12% (CMS table) + 5 points = 17%: 3,678.80 < 4,000, not eligible. PolicyEngine's limit is 19%
  // (4,111.60), from its own table.
  'medicaid_parent_below_19pct_fpl_limit (federal) / is_medicaid_eligible': TEXAS_PARENT_LIMIT,
  'medicaid_parent_below_19pct_fpl_limit (federal) / medicaid_category': TEXAS_PARENT_LIMIT,
  // Kansas, two parents and a child (head and spouse both differ): PolicyEngine keeps a two-parent household's parents
  // out of the parent group; the package applies 42 CFR 435.110 alike in every State and reads no such rule.
  'medicaid_ks_two_parent_household_fails_deprivation_rule (ks) / is_medicaid_eligible': KANSAS_DEPRIVATION,
  'medicaid_ks_two_parent_household_fails_deprivation_rule (ks) / medicaid_category': KANSAS_DEPRIVATION,
  // A pregnant woman above the State's pregnancy standards, covered by PolicyEngine through CHIP's unborn-child option
  // (42 CFR 457.10, PREGNANT_FCEP); the packages do not encode the option (docs/medicaid-coverage.md).
  'chip_pregnant_fcep_unborn_child_option (federal) / chip_category': 'CHIP\'s unborn-child option is not encoded',
  'chip_pregnant_fcep_unborn_child_option (federal) / is_chip_eligible': 'CHIP\'s unborn-child option is not encoded',
};

describeAgreement({
  label: 'Medicaid and CHIP',
  program: 'medicaid',
  cases: 'pe-program-tests-dev.jsonl',
  meta: 'pe-program-variable-meta.json',
  select: (test) => test.program === 'medicaid' || test.program === 'chip',
  group: 'people',
  variables: Object.entries(OUTPUTS).filter(([, d]) => d.program === 'medicaid').map(([name]) => name),
  // The packages say which months they cover: a month they refuse is reported unsupported and counted with its reason.
  periodCause: () => null,
  harmless: /changes nothing here|finer geography is not read/,
  everyValueComputed: false,
  knownDifferences: KNOWN_DIFFERENCES,
});
