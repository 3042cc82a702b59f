/**
 * Every bundled State SNAP package (rules/programs/us-xx/snap): the fast path, traced, equals the explain path
 * (outputs and trace) for a few households per package, built from the package's own input defaults.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsRuleRepository } from '../../../../adapters/rulespec-fs/fs-rule-repository.js';
import { composeProgram, evaluatePackage, parseProgramSpec, type PackageRequest } from '../../../../core/engine/package/index.js';
import { loadRuleRepository } from '../../../../core/engine/load/load-repository.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');

describe('bundled packages on the fast path', () => {
  it('all State SNAP packages: outputs and trace equal the explain path, on generated code', async () => {
    const repo = await loadRuleRepository(new FsRuleRepository(ROOT));
    // Puerto Rico, American Samoa and the Northern Mariana Islands have a Lifeline package only.
    const states = readdirSync(join(ROOT, 'programs')).filter((d) => d.startsWith('us-') && readdirSync(join(ROOT, 'programs', d)).includes('snap'));
    expect(states.length).toBeGreaterThan(50);
    let fast = 0;
    let total = 0;
    for (const state of states) {
      const file = `programs/${state}/snap/fy-2026.yaml`;
      const spec = parseProgramSpec(file, readFileSync(join(ROOT, file), 'utf8'));
      if (!spec.ok) throw new Error(`${file}: ${JSON.stringify(spec.diagnostics)}`);
      const composed = composeProgram(repo, spec.spec);
      if (!composed.ok) throw new Error(`${file}: ${JSON.stringify(composed.diagnostics)}`);
      const pkg = composed.package;
      const defaults = (pkg.spec.extensions.input_defaults ?? {}) as Record<string, unknown>;
      const people = (pkg.spec.extensions.person_input_defaults ?? {}) as Record<string, unknown>;
      const households: PackageRequest[] = [
        { inputs: { household: { ...defaults, household_size: 1, earned_income: 0 } } },
        { inputs: { household: { ...defaults, household_size: 3, earned_income: 2000, shelter_costs: 1200.5 } } },
        {
          inputs: { household: { ...defaults, household_size: 2, shelter_costs: 650 }, p1: { ...people, age: 72, medical_costs: 140.25 }, p2: { ...people, earned_income: 850.1 } },
          relations: { member_of_snap_household: [['p1', 'household'], ['p2', 'household']] },
        },
        { period: '2024-11', inputs: { household: { ...defaults, household_size: 5, unearned_income: 3100 } } },
      ];
      for (const h of households) {
        const req = { period: '2026-01', ...h, trace: true };
        const explain = evaluatePackage(pkg, req);
        const got = evaluatePackageFast(pkg, req);
        total++;
        if (got.path === 'fast') fast++;
        expect({ state, outputs: got.outputs, errors: got.errors }).toEqual({ state, outputs: explain.outputs, errors: explain.errors });
        expect(JSON.stringify(got.trace)).toBe(JSON.stringify(explain.trace));
      }
    }
    expect(fast).toBe(total);
  }, 300_000);
});
