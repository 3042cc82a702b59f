/**
 * Tenet's bundled SNAP rules (rules/): every module loads, every companion test passes, all 53 State agency
 * packages compose, their sample households compute to the independently worked outputs (also for a month after
 * the last encoded fiscal year), and every parity case matches a direct evaluation through the mapping in
 * docs/snap-package-contract.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsRuleRepository } from '../../adapters/rulespec-fs/fs-rule-repository.js';
import { runRepositoryTests } from '../../adapters/cli/commands/corpus.js';
import { composeProgram, evaluatePackage, loadRuleRepository, parseProgramSpec } from '../../core/engine/index.js';

const rulesRoot = join(import.meta.dirname, '..', '..', 'rules');
const parityRoot = join(import.meta.dirname, '..', '..', 'parity', 'snap');

const AGENCIES = ('ak al ar az ca co ct dc de fl ga gu hi ia id il in ks ky la ma md me mi mn mo ms mt nc nd ne nh nj nm nv ny oh ok or pa ri sc sd tn tx ut va vi vt wa wi wv wy').split(' ');

type Repo = Awaited<ReturnType<typeof loadRuleRepository>>;
type Household = { period: string; facts?: Record<string, unknown>; people?: Record<string, Record<string, unknown>> };

let repo: Repo;
beforeAll(async () => {
  repo = await loadRuleRepository(new FsRuleRepository(rulesRoot));
});

const packages = new Map<string, ReturnType<typeof composePackage>>();
const pkgFor = (jurisdiction: string) => {
  if (!packages.has(jurisdiction)) packages.set(jurisdiction, composePackage(jurisdiction));
  return packages.get(jurisdiction)!;
};

function composePackage(jurisdiction: string) {
  const file = `programs/${jurisdiction}/snap/fy-2026.yaml`;
  const spec = parseProgramSpec(file, readFileSync(join(rulesRoot, file), 'utf8'));
  if (!spec.ok) throw new Error(`${file}: ${JSON.stringify(spec.diagnostics)}`);
  const composed = composeProgram(repo, spec.spec);
  if (!composed.ok) throw new Error(`${file}: ${JSON.stringify(composed.diagnostics)}`);
  return composed.package;
}

// The contract's mapping: defaults, then facts (by alias) on `household`; each person gets person defaults plus
// its facts and a member_of_snap_household row.
function run(jurisdiction: string, household: Household, outputs: string[], period = household.period) {
  const pkg = pkgFor(jurisdiction);
  const ext = pkg.spec.extensions as Record<string, Record<string, unknown>>;
  const inputs: Record<string, Record<string, unknown>> = { household: { ...ext.input_defaults } };
  for (const [k, v] of Object.entries(household.facts ?? {})) {
    if (!(k in ext.household_aliases)) throw new Error(`unknown household alias ${k}`);
    inputs.household[k] = v;
  }
  const rows: Array<[string, string]> = [];
  for (const [pid, facts] of Object.entries(household.people ?? {})) {
    inputs[pid] = { ...ext.person_input_defaults, ...facts };
    rows.push([pid, 'household']);
  }
  return evaluatePackage(pkg, { period, entityId: 'household', inputs, relations: { member_of_snap_household: rows }, outputs });
}

const asRuleValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 'holds' : 'not_holds') : v);

describe('bundled SNAP rules', () => {
  it('load without diagnostics and pass every companion test', async () => {
    expect(repo.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const { report } = await runRepositoryTests(new FsRuleRepository(rulesRoot), 'rules');
    expect(report.failures.map((f) => `${f.file} :: ${f.name}`)).toEqual([]);
    expect(report.passed).toBeGreaterThan(1000);
    // Puerto Rico, American Samoa and the Northern Mariana Islands have Lifeline packages only (no SNAP there).
    expect(new Set(report.jurisdictions.map((j) => j.jurisdiction))).toEqual(new Set(['us', ...AGENCIES.map((a) => `us-${a}`), 'us-as', 'us-mp', 'us-pr']));
  });

  it('matches the generator output (State modules, compose specs, parity cases, coverage doc)', () => {
    const script = join(import.meta.dirname, '..', '..', 'scripts', 'generate-snap-state-rules.mjs');
    expect(execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' })).toContain('53 State packages up to date');
  });

  it('has one compose spec per State agency (53)', () => {
    const specs = repo.programFiles.filter((f) => f.endsWith('/snap/fy-2026.yaml'));
    expect(specs.map((f) => f.split('/')[1]).sort()).toEqual(AGENCIES.map((a) => `us-${a}`).sort());
  });

  it.each(AGENCIES)('us-%s: sample household computes to its worked outputs, and carries forward past FY2027', (a) => {
    const pkg = pkgFor(`us-${a}`);
    const ext = pkg.spec.extensions as Record<string, unknown>;
    const expected = ext.sample_expected_outputs as Record<string, unknown>;
    const sample = ext.sample_household as Household;
    const now = run(`us-${a}`, sample, Object.keys(expected));
    expect(now.errors).toEqual({});
    for (const [k, v] of Object.entries(expected)) expect(now.outputs[k], k).toEqual(asRuleValue(v));
    // FY2028 (from 2027-10) computes with the FY2027 figures: the same answer as the last month of FY2027.
    const lastEncoded = run(`us-${a}`, sample, Object.keys(expected), '2027-09');
    const later = run(`us-${a}`, sample, Object.keys(expected), '2027-11');
    expect(later.errors).toEqual({});
    expect(later.outputs.snap_allotment).toEqual(lastEncoded.outputs.snap_allotment);
    expect((ext.fiscal_year_parameters as string[]).length).toBeGreaterThan(8);
  });

  it('gives $562 for the snap-rules.md worked example in Texas ($445 SUA)', () => {
    const r = run('us-tx', { period: '2026-01', facts: { household_size: 3, earned_income: 2000, shelter_costs: 900, utility_type: 'heating_cooling' } },
      ['snap_allotment', 'snap_net_income', 'snap_excess_shelter_deduction']);
    expect(r.outputs).toEqual({ snap_allotment: 562, snap_net_income: 741.5, snap_excess_shelter_deduction: 649.5 });
  });

  it('reads Guam\'s utility tables to 13 members (FNS FY 2026 SUA table: electricity 442 for 10, 453 for 11-13+)', () => {
    const allowance = (period: string, size: number) =>
      run('us-gu', { period, facts: { household_size: size, utility_type: 'heating_cooling' } }, ['snap_utility_allowance']).outputs.snap_utility_allowance;
    expect([10, 11, 12, 13, 15].map((n) => allowance('2026-01', n))).toEqual([442, 453, 453, 453, 453]);
    // Before FY2026 sizes 11-13 repeat the 10-member figure (430 in FY2025), as the package applied it before.
    expect(allowance('2025-01', 12)).toBe(430);
  });

  it('matches every parity case', () => {
    const files = readdirSync(parityRoot).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(53);
    for (const f of files) {
      const cases = JSON.parse(readFileSync(join(parityRoot, f), 'utf8')) as Array<{
        id: string; jurisdiction: string; variables: string[]; expected_axiom_outputs: Record<string, unknown>;
        axiom_request: { household: Household };
      }>;
      for (const c of cases) {
        const r = run(c.jurisdiction, c.axiom_request.household, c.variables);
        expect(r.errors, c.id).toEqual({});
        for (const [k, v] of Object.entries(c.expected_axiom_outputs)) expect(r.outputs[k], `${c.id} ${k}`).toEqual(asRuleValue(v));
      }
    }
  });
});
