/**
 * Shared by the fast-path property tests and bench/engine-fastpath.ts: the seeded PRNG their random SNAP
 * households are drawn from, and loading one composed program package from a rules root.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FsRuleRepository } from '../../adapters/rulespec-fs/fs-rule-repository.js';
import { composeProgram, parseProgramSpec, type RuntimePackage } from '../../core/engine/package/index.js';
import { loadRuleRepository } from '../../core/engine/load/load-repository.js';

export { mulberry32 } from './prng.js';

/** The package composed from program spec `file` (relative to `root`) over the rules under `root`; throws with the diagnostics. */
export async function loadProgramPackage(root: string, file: string): Promise<RuntimePackage> {
  const repo = await loadRuleRepository(new FsRuleRepository(root));
  const spec = parseProgramSpec(file, readFileSync(join(root, file), 'utf8'));
  if (!spec.ok) throw new Error(`${file}: ${JSON.stringify(spec.diagnostics)}`);
  const pkg = composeProgram(repo, spec.spec);
  if (!pkg.ok) throw new Error(`${file}: ${JSON.stringify(pkg.diagnostics)}`);
  return pkg.package;
}

/**
 * The person-level eligibility facts of the bundled SNAP packages at their common-case defaults
 * (docs/snap-package-contract.md section 8). A raw engine request has no defaults, so every listed person needs them.
 */
export const PERSON_FACT_DEFAULTS = {
  citizenship_status: 'citizen',
  is_higher_ed_student: false,
  student_exemption: false,
  abawd_time_limit_exhausted: false,
  abawd_exempt: false,
  work_rule_disqualified: false,
  self_employment_income: 0,
  self_employment_costs: 0,
  self_employment_is_farm: false,
  ipv_disqualified: false,
  drug_felony_disqualified: false,
  ssn_noncompliant: false,
  // What the person pays or holds (7 CFR 273.11(c), (d)); added to the household's figures.
  shelter_costs: 0,
  dependent_care_costs: 0,
  child_support_paid: 0,
  countable_resources: 0,
} as const;

/** The same facts as batch columns for `n` people. */
export function personFactColumns(n: number): Record<string, Float64Array | Uint8Array | string[]> {
  return {
    citizenship_status: Array.from({ length: n }, () => 'citizen'),
    is_higher_ed_student: new Uint8Array(n),
    student_exemption: new Uint8Array(n),
    abawd_time_limit_exhausted: new Uint8Array(n),
    abawd_exempt: new Uint8Array(n),
    work_rule_disqualified: new Uint8Array(n),
    self_employment_income: new Float64Array(n),
    self_employment_costs: new Float64Array(n),
    self_employment_is_farm: new Uint8Array(n),
    ipv_disqualified: new Uint8Array(n),
    drug_felony_disqualified: new Uint8Array(n),
    ssn_noncompliant: new Uint8Array(n),
    shelter_costs: new Float64Array(n),
    dependent_care_costs: new Float64Array(n),
    child_support_paid: new Float64Array(n),
    countable_resources: new Float64Array(n),
  };
}
