/**
 * The Done-when of #16 item 1 as a property test: for every bundled SNAP package's sample household swept over
 * earned income from 0 to twice its gross income limit, every breakpoint is confirmed by calculating one cent on
 * each side with the normal calculate path, and calculations at random points of every segment match the
 * segment's line to the cent. The suite sweeps every package but confirms a seeded sample of each output's
 * breakpoints and segments (one random point each), to stay within a minute on a shared 2-core machine;
 * TENET_SWEEP_FULL=1 confirms every breakpoint and 1,000 random points per segment (the bar; hours for all
 * packages), TENET_SWEEP_POINTS=n sets the points per segment of that run, and TENET_SWEEP_PACKAGES=us-co,us-tx limits
 * the packages.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { SweepService, type SweepRequest } from '../../../../core/usecases/calculate/sweep.js';
import { householdAt, resolveAxis } from '../../../../core/usecases/calculate/sweep-axis.js';
import { indexShape, type JsonValue } from '../../../../core/domain/household/shape.js';
import { Decimal } from '../../../../core/engine/values.js';
import type { CompiledPackage } from '../../../../core/engine/run/compiled-package.js';
import type { SweepDescription } from '../../../../core/ports/sweeper.js';
import { mulberry32 } from '../../../support/prng.js';

const RULES = fileURLToPath(new URL('../../../../rules', import.meta.url));
const FULL = process.env.TENET_SWEEP_FULL === '1';
const POINTS_PER_SEGMENT = FULL ? Number(process.env.TENET_SWEEP_POINTS ?? 1000) : 1;
/** Breakpoints and segments checked per output in the suite (all with TENET_SWEEP_FULL=1). */
const SAMPLE = FULL ? Infinity : 12;
const ONLY = process.env.TENET_SWEEP_PACKAGES?.split(',');

let runtime: CompiledRuntime;
let calculation: CalculationService;
let sweeps: SweepService;

beforeAll(async () => {
  runtime = await CompiledRuntime.load([RULES], { companionTests: 'off' });
  calculation = new CalculationService([runtime], { timeLimitMs: 60_000 });
  sweeps = new SweepService(calculation);
});

/** Sweeps the earner of the sample (the first person with earned income), or the household's own earned income. */
function earner(household: Record<string, JsonValue>): string | undefined {
  const people = household.people;
  if (typeof people !== 'object' || people === null || Array.isArray(people)) return undefined;
  return Object.keys(people).find((id) => {
    const person = people[id];
    return typeof person === 'object' && person !== null && !Array.isArray(person) && typeof person.earned_income === 'number';
  });
}

/** `count` items of `list` drawn without replacement (all when it has no more), in their order. */
function sample<T>(list: readonly T[], count: number, random: () => number): T[] {
  if (list.length <= count) return [...list];
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(random() * list.length));
  return [...picked].sort((a, b) => a - b).map((i) => list[i]);
}

/** The output's line over a segment at x, or its value (a non-number keeps its value). */
function lineAt(segment: SweepDescription['segments'][number], x: Decimal): JsonValue {
  if (typeof segment.value !== 'number') return segment.value;
  return new Decimal(segment.value).plus(new Decimal(segment.slope).times(x.minus(segment.from))).toNumber();
}

function sameToTheCent(actual: JsonValue, expected: JsonValue): boolean {
  if (typeof actual === 'number' && typeof expected === 'number') return Math.abs(actual - expected) < 0.005;
  return actual === expected;
}

describe('exact sweeps of every bundled SNAP package', () => {
  it('confirm breakpoints a cent on each side and segments at random points (seeded sample; all with TENET_SWEEP_FULL=1)', async () => {
    const random = mulberry32(16);
    const packages = runtime.packages().filter((p) => p.program_id === 'snap' && (ONLY === undefined || ONLY.includes(p.jurisdiction)));
    if (ONLY === undefined) expect(packages.length).toBeGreaterThanOrEqual(50);
    let checked = 0;
    let breakpoints = 0;
    for (const pkg of packages as CompiledPackage[]) {
      const household = pkg.describe().sample_household as Record<string, JsonValue>;
      const person = earner(household);
      const base = { program_id: pkg.program_id, jurisdiction: pkg.jurisdiction, household };
      const limit = (await calculation.calculate({ ...base, variables: ['snap_gross_income_limit'] })).outputs.snap_gross_income_limit as number;
      const to = Math.round(limit * 2 * 100) / 100;
      const request: SweepRequest = { ...base, axis: { input: 'earned_income', from: 0, to, ...(person ? { person } : {}) } };
      const swept = await sweeps.sweep(request);
      const axis = resolveAxis(indexShape(pkg.shape), request.axis, household);
      // Normal calculations at x, memoised: each answers every output.
      const seen = new Map<string, Record<string, JsonValue>>();
      const calculateAt = async (x: Decimal): Promise<Record<string, JsonValue>> => {
        const key = x.toFixed(2);
        let outputs = seen.get(key);
        if (!outputs) {
          const at = householdAt(household, axis, person, x.toNumber());
          outputs = (await calculation.calculate({ ...base, household: at as Record<string, unknown> })).outputs;
          seen.set(key, outputs);
        }
        return outputs;
      };
      const where = `${pkg.jurisdiction}`;
      for (const [name, description] of Object.entries(swept.outputs)) {
        const { segments } = description;
        expect(segments[0].from, `${where} ${name}`).toBe(0);
        expect(segments[segments.length - 1].to, `${where} ${name}`).toBe(to);
        expect(description.breakpoints.length).toBe(segments.length - 1);
        for (const b of sample(description.breakpoints, SAMPLE, random)) {
          const at = new Decimal(b.at);
          expect((await calculateAt(at.minus('0.01')))[name], `${where} ${name} below ${b.at}`).toEqual(b.before);
          expect((await calculateAt(at))[name], `${where} ${name} at ${b.at}`).toEqual(b.after);
          expect(b.rule_id, `${where} ${name} at ${b.at}`).not.toBeNull();
          breakpoints++;
        }
        for (const segment of sample(segments, SAMPLE, random)) {
          const cents = new Decimal(segment.to).minus(segment.from).times(100).toNumber();
          for (let i = 0; i < POINTS_PER_SEGMENT; i++) {
            const x = new Decimal(segment.from).plus(new Decimal(Math.floor(random() * (cents + 1))).dividedBy(100));
            const actual = (await calculateAt(x))[name];
            if (!sameToTheCent(actual, lineAt(segment, x))) expect(actual, `${where} ${name} at ${x} in segment ${JSON.stringify(segment)}`).toEqual(lineAt(segment, x));
            checked++;
          }
        }
      }
    }
    expect(breakpoints).toBeGreaterThan(packages.length * 12);
    expect(checked).toBeGreaterThan(packages.length * 12);
  }, 600_000);
});
