/**
 * Property test over 10,000 generated Colorado SNAP households (seeded, reproducible):
 *  - the explain path's outputs satisfy the SNAP invariants (an integer allotment between 0 and the maximum
 *    allotment, no allotment when ineligible, net income within gross income) and agree with its own trace;
 *  - the fast evaluator compiled packages answer with (core/engine/run/fast-path.ts) gives identical
 *    outputs and an identical attribution trace.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CompiledPackage, explainEvaluator } from '../../../../core/engine/run/compiled-package.js';
import { fastEvaluator } from '../../../../core/engine/run/fast-path.js';
import { mulberry32 as prng } from '../../../support/snap-households.js';

const HOUSEHOLDS = 10_000;
const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));

function generator(seed: number) {
  const rand = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  // One household in ten carries cents (the fast path keys its kernels by each input's decimal scale, so cents
  // everywhere would make most households compile a new kernel).
  let cents = false;
  const money = (hi: number) => (rand() < 0.4 ? 0 : cents ? Math.round(rand() * hi * 100) / 100 : Math.round(rand() * hi));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  // Every encoded fiscal year, both sides of each 1 October, and a carried-forward month (kept few: the fast
  // path generates one kernel per period and input signature).
  const months = ['2023-10', '2024-03', '2024-09', '2024-10', '2025-06', '2025-09', '2025-10', '2026-01', '2026-09', '2026-11'];
  return () => {
    cents = rand() < 0.1;
    const people: Record<string, unknown> = {};
    const count = int(0, 4);
    for (let i = 0; i < count; i += 1) people[`p${i}`] = { age: int(0, 95), is_disabled: rand() < 0.1, earned_income: money(3000), unearned_income: money(1500), medical_costs: money(400) };
    return {
      period: pick(months),
      facts: {
        household_size: int(1, 10),
        earned_income: money(6000),
        unearned_income: money(2500),
        shelter_costs: money(3000),
        utility_type: pick(['none', 'heating_cooling', 'limited', 'telephone', 'single_utility']),
        has_elderly_or_disabled_member: rand() < 0.2,
        dependent_care_costs: money(800),
        medical_costs: money(500),
        child_support_paid: money(600),
        is_homeless: rand() < 0.05,
        countable_resources: money(8000),
        all_members_receive_tanf_or_ssi: rand() < 0.1,
      },
      people,
    };
  };
}

let pkg: CompiledPackage;
beforeAll(async () => {
  const runtime = await CompiledRuntime.load([rulesRoot]);
  pkg = runtime.find('snap', 'us-co') as CompiledPackage;
});

describe(`Colorado SNAP over ${HOUSEHOLDS} generated households`, () => {
  it('explain-path outputs keep the SNAP invariants and match their trace; the fast path gives identical outputs and trace', () => {
    if (!fastEvaluator) console.warn('\n!!! fast-path parity: no fast evaluator is registered (core/engine/run/fast-path.ts); only the explain-path invariants are checked !!!\n');
    const index = indexShape(pkg.shape);
    const next = generator(20261121);
    const outputs = ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_maximum_allotment'];
    let eligible = 0;
    let fastComputed = 0;
    for (let n = 0; n < HOUSEHOLDS; n += 1) {
      const household = next();
      const mapped = mapHousehold(index, household);
      const request = { period: mapped.period, entityId: 'household', inputs: mapped.inputs, relations: mapped.relations as Record<string, Array<[string, string]>>, outputs, trace: true };
      const explained = explainEvaluator(pkg.pkg, request);
      const where = `household #${n}: ${JSON.stringify(household)}`;
      expect(explained.errors, where).toEqual({});
      const { snap_allotment: allotment, snap_eligible: isEligible, snap_gross_income: gross, snap_net_income: net, snap_maximum_allotment: max } = explained.outputs as Record<string, number | string>;
      if (isEligible === 'holds') eligible += 1;
      if (!(Number.isInteger(allotment) && (allotment as number) >= 0 && (allotment as number) <= (max as number))) expect.fail(`allotment ${allotment} outside 0..${max} for ${where}`);
      if (isEligible !== 'holds' && allotment !== 0) expect.fail(`ineligible household has allotment ${allotment}: ${where}`);
      if ((net as number) > (gross as number) + 1e-9 || (net as number) < 0) expect.fail(`net income ${net} outside 0..${gross}: ${where}`);
      const traced = new Map(explained.trace.filter((e) => e.entity === 'household').map((e) => [e.name, e.value]));
      for (const name of outputs) if (traced.get(name) !== explained.outputs[name]) expect.fail(`trace value of ${name} ${traced.get(name)} differs from output ${explained.outputs[name]}: ${where}`);
      if (fastEvaluator) {
        // With the trace, as every CalculateResponse asks: outputs and the whole attribution trace must match.
        const fast = fastEvaluator(pkg.pkg, request);
        if ((fast as { path?: string }).path === 'fast') fastComputed += 1;
        if (JSON.stringify(fast.outputs) !== JSON.stringify(explained.outputs) || JSON.stringify(fast.errors) !== JSON.stringify(explained.errors)) {
          expect.fail(`fast ${JSON.stringify(fast.outputs)} != explain ${JSON.stringify(explained.outputs)}: ${where}`);
        }
        if (JSON.stringify(fast.trace) !== JSON.stringify(explained.trace)) expect.fail(`fast trace differs from the explain trace: ${where}`);
      }
    }
    // The kernel must carry (nearly) every household itself, or parity would only compare explain with explain.
    if (fastEvaluator) expect(fastComputed).toBeGreaterThan(HOUSEHOLDS * 0.99);
    // The generator must reach both branches, or the invariants above prove little.
    expect(eligible).toBeGreaterThan(HOUSEHOLDS * 0.1);
    expect(eligible).toBeLessThan(HOUSEHOLDS * 0.9);
  }, 120_000);
});
