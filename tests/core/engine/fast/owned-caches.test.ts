/**
 * The fast path's caches belong to the program or package they serve (program.caches, package.caches): two
 * programs never share kernels, a package derived with parameter overrides never reuses the original's sessions,
 * and each cache stays within its stated bound.
 */
import { describe, expect, it } from 'vitest';
import type { Period } from '../../../../core/engine/explain/evaluate.js';
import { kernelFor, kernelsOf, layoutOf, ProgramKernels } from '../../../../core/engine/fast/kernel/kernel.js';
import { slotTypeOf } from '../../../../core/engine/fast/evaluate/dataset.js';
import { evaluatePackageFast, PackageSessions, sessionsOf } from '../../../../core/engine/fast/evaluate/package.js';
import { applyParameterOverrides, composeProgram, parseProgramSpec, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { fromRaw } from '../../../../core/engine/values.js';
import { MONTH, compileOne, repoOf } from '../helpers.js';

const derived = (name: string, formula: string, dtype = 'Money'): string =>
  `  - name: ${name}\n    kind: derived\n    entity: Household\n    dtype: ${dtype}\n    versions:\n      - effective_from: '2020-01-01'\n        formula: ${JSON.stringify(formula)}\n`;

/** The first day and last day of the i-th month from January 2020. */
function month(i: number): Period {
  const y = 2020 + Math.floor(i / 12);
  const m = (i % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${last}` };
}

describe('kernel caches owned by their program', () => {
  it('gives two programs compiled from the same rules their own kernels', () => {
    const rules = derived('v', 'income * 2');
    const first = compileOne(rules);
    const second = compileOne(rules);
    const sig = layoutOf(first).slots.map(() => slotTypeOf([fromRaw(1)]));
    const a = kernelFor(first, MONTH, sig, ['v']);
    expect(kernelFor(first, MONTH, sig, ['v'])).toBe(a);
    const b = kernelFor(second, MONTH, sig, ['v']);
    expect(b).not.toBe(a);
    expect(b.source).toBe(a.source);
    expect(kernelsOf(first)).not.toBe(kernelsOf(second));
    expect(kernelsOf(first).size).toBe(1);
    expect(kernelsOf(second).size).toBe(1);
  });

  it('keeps at most MAX_KERNELS kernels per program, dropping the oldest first', () => {
    // The formula reads the period's dates, so every month is its own kernel.
    const p = compileOne(derived('d', 'days_between(period_start, period_end)', 'Integer'));
    const sig = layoutOf(p).slots.map(() => slotTypeOf([fromRaw(1)]));
    const months = ProgramKernels.MAX_KERNELS + 20;
    const firstKernel = kernelFor(p, month(0), sig, ['d']);
    let latest = firstKernel;
    for (let i = 1; i < months; i++) latest = kernelFor(p, month(i), sig, ['d']);
    expect(kernelsOf(p).size).toBe(ProgramKernels.MAX_KERNELS);
    expect(kernelFor(p, month(months - 1), sig, ['d'])).toBe(latest);
    // The first month's kernel was dropped: asking again generates a new one (the same code).
    const again = kernelFor(p, month(0), sig, ['d']);
    expect(again).not.toBe(firstKernel);
    expect(again.source).toBe(firstKernel.source);
    expect(kernelsOf(p).size).toBe(ProgramKernels.MAX_KERNELS);
  });
});

const MODULE = `format: rulespec/v1
module:
  summary: demo
rules:
  - name: rate
    kind: parameter
    dtype: Rate
    versions:
      - effective_from: '2020-01-01'
        formula: '0.5'
${derived('benefit', 'income * rate')}`;
const SPEC = `program: us-xx/demo\nperiod: 2026-01\noutputs:\n  - benefit\nscope:\n  federal:\n    - statutes/9/1\n`;

function compose(): RuntimePackage {
  const parsed = parseProgramSpec('programs/us-xx/demo/fy-2026.yaml', SPEC);
  if (!parsed.ok) throw new Error(parsed.diagnostics[0].message);
  const composed = composeProgram(repoOf({ 'us/statutes/9/1.yaml': MODULE }), parsed.spec);
  if (!composed.ok) throw new Error(composed.diagnostics.map((d) => d.message).join('; '));
  return composed.package;
}

describe('sessions owned by their package', () => {
  it('answers a package derived with parameter overrides from its own sessions, not the original package', () => {
    const pkg = compose();
    const request = { period: '2026-01', inputs: { household: { income: 300 } } };
    // 300 x 0.5 = 150, on the fast path (this fills the original package's session and kernel).
    expect(evaluatePackageFast(pkg, request)).toMatchObject({ outputs: { benefit: 150 }, path: 'fast' });
    const result = applyParameterOverrides(pkg, { rate: 0.2 });
    if (!result.ok) throw new Error(result.problems[0].message);
    // 300 x 0.2 = 60: the derived package does not reuse the original's kernel (which has 0.5 in it).
    expect(evaluatePackageFast(result.package, request)).toMatchObject({ outputs: { benefit: 60 }, path: 'fast' });
    expect(sessionsOf(result.package)).not.toBe(sessionsOf(pkg));
    expect(kernelsOf(result.package.program)).not.toBe(kernelsOf(pkg.program));
    expect(evaluatePackageFast(pkg, request).outputs.benefit).toBe(150);
  });

  it('keeps at most MAX_SESSIONS sessions per package', () => {
    const pkg = compose();
    for (let i = 0; i < PackageSessions.MAX_SESSIONS + 10; i++) {
      const p = month(i);
      // 100 x 0.5 = 50 in every month (one version of each rule).
      expect(evaluatePackageFast(pkg, { period: p.start.slice(0, 7), inputs: { household: { income: 100 } } }).outputs.benefit).toBe(50);
    }
    expect(sessionsOf(pkg).size).toBe(PackageSessions.MAX_SESSIONS);
  });
});
