/**
 * Issue #29 item 7: a household asking for several State programs' variables gets them from one screen evaluation
 * per SPM unit-month (one household mapping, the links computed once), and the answers equal those of the programs
 * run one by one. The one-by-one app is the same runtime without its screener; the counting app counts the merged
 * package's evaluations. Households: a hand-made Colorado family, and PolicyEngine's development cases of the five
 * programs (../shared/oracle, read only; TENET_SHARED_DIR names another copy; skipped loudly without it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledRuntime } from '../../../../../adapters/runtime-compiled/compiled-runtime.js';
import type { Calculator } from '../../../../../core/ports/calculator.js';
import type { ScreenablePackage, Screener } from '../../../../../core/ports/screener.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { stateOfTest, toHousehold, type OracleCase } from '../../../../support/pe-oracle.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';
const SHARED = process.env.TENET_SHARED_DIR ?? fileURLToPath(new URL('../../../../../../shared/', import.meta.url));
const CASES = `${SHARED}/oracle/pe-program-tests-dev.jsonl`;
const META = `${SHARED}/oracle/pe-program-variable-meta.json`;
const present = existsSync(CASES) && existsSync(META);
if (!present) console.warn(`\n!!! compat screen-together: ${SHARED}/oracle not found: the PolicyEngine households are SKIPPED (the hand-made one still runs) !!!\n`);

/** The runtime seen through `screener` (undefined: a runtime that cannot screen); its methods stay bound to it. */
function withScreener(runtime: CompiledRuntime, screener: Screener | undefined): Calculator {
  return new Proxy(runtime, {
    get(target, key) {
      if (key === 'screener') return screener;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Calculator;
}

/** The runtime's screener, counting the merged packages' evaluations. */
function counting(runtime: CompiledRuntime, count: { executions: number }): Screener {
  const inner = runtime.screener;
  const wrap = (screen: ScreenablePackage): ScreenablePackage =>
    new Proxy(screen, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === 'execute') return (...args: Parameters<ScreenablePackage['execute']>) => ((count.executions += 1), target.execute(...args));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    programs: (jurisdiction) => inner.programs(jurisdiction),
    screenable: (jurisdiction, programs) => {
      const screen = inner.screenable(jurisdiction, programs);
      return typeof screen === 'string' ? screen : wrap(screen);
    },
  };
}

/** Every State program's variables asked of the household for `period`: the unit's and each person's. */
function askEverything(household: Record<string, Record<string, Record<string, unknown>>>, period: string): void {
  for (const unit of Object.values(household.spm_units ?? {})) {
    for (const name of ['snap', 'is_snap_eligible', 'is_lifeline_eligible', 'lifeline', 'school_meal_tier', 'school_meal_countable_income']) unit[name] = { [period]: null };
  }
  for (const person of Object.values(household.people ?? {})) {
    for (const name of ['is_wic_eligible', 'is_head_start_eligible', 'is_early_head_start_eligible', 'is_head_start_income_eligible']) person[name] = { [period]: null };
  }
}

/** A Colorado family: a pregnant mother earning 30,000 a year, a child of 4, a child of 8 in school. */
function coloradoFamily(period: string): Record<string, Record<string, Record<string, unknown>>> {
  const household = {
    people: { mother: { age: 29, employment_income: 30_000, is_pregnant: true }, preschooler: { age: 4 }, pupil: { age: 8, is_in_k12_school: true } },
    spm_units: { unit: { members: ['mother', 'preschooler', 'pupil'], phone_cost: 240 } },
    households: { home: { members: ['mother', 'preschooler', 'pupil'], state_code: 'CO' } },
  } as Record<string, Record<string, Record<string, unknown>>>;
  askEverything(household, period);
  return household;
}

describe('several programs of one unit-month in one screen evaluation', () => {
  let together: TestApp;
  let alone: TestApp;
  let counted: TestApp;
  const count = { executions: 0 };
  beforeAll(async () => {
    const runtime = await bundledRuntime();
    together = await compatApp([runtime]);
    alone = await compatApp([withScreener(runtime, undefined)]);
    counted = await compatApp([withScreener(runtime, counting(runtime, count))]);
  }, 180_000);
  afterAll(async () => {
    await together?.close();
    await alone?.close();
    await counted?.close();
  });

  const ask = async (app: TestApp, household: unknown): Promise<{ status: number; body: any }> => app.request('POST', PATH, { json: { household }, headers: auth(partner) });

  it('one evaluation per unit-month answers SNAP, Lifeline, WIC, school meals and Head Start', async () => {
    count.executions = 0;
    const month = await ask(counted, coloradoFamily('2026-03'));
    expect(month.status).toBe(200);
    expect(count.executions).toBe(1);
    const programs = new Set(month.body.tenet.computed.map((c: { variable: string }) => c.variable));
    for (const name of ['snap', 'is_lifeline_eligible', 'school_meal_tier', 'is_wic_eligible', 'is_head_start_eligible']) expect(programs).toContain(name);
    // A year: one evaluation per month, not one per program and month.
    count.executions = 0;
    await ask(counted, coloradoFamily('2026'));
    expect(count.executions).toBe(12);
  });

  it('the hand-made family\'s answers equal the programs run one by one', async () => {
    for (const period of ['2026-03', '2026']) {
      const [a, b] = [await ask(together, coloradoFamily(period)), await ask(alone, coloradoFamily(period))];
      expect(a.status).toBe(200);
      expect(a.body.result).toEqual(b.body.result);
      expectSameSidecar(a.body.tenet, b.body.tenet, period);
    }
  });

  it("a homeless family (is_homeless given for the household and, by the translation, every member) in one evaluation, as one by one", async () => {
    // Before, the merged package refused a member's is_homeless and the programs ran one at a time.
    const homeless = (period: string) => {
      const household = coloradoFamily(period);
      household.households.home.is_homeless = true;
      household.people.mother.employment_income = 80_000;
      return household;
    };
    count.executions = 0;
    const [a, b] = [await ask(counted, homeless('2026-03')), await ask(alone, homeless('2026-03'))];
    expect(count.executions).toBe(1);
    expect(a.status).toBe(200);
    expect(a.body.result).toEqual(b.body.result);
    expectSameSidecar(a.body.tenet, b.body.tenet, 'homeless');
    // 80,000 a year is over Head Start's income line for 3; the preschooler is a homeless child, eligible whatever the
    // income (45 CFR 1302.12(c)(1)(iii)).
    expect(a.body.result.people.preschooler.is_head_start_eligible).toEqual({ '2026-03': true });
  });

  it.skipIf(!present)("PolicyEngine's development households of the five programs: the same answers both ways", async () => {
    const meta = JSON.parse(readFileSync(META, 'utf8')).variables as Record<string, { entity: string }>;
    const programs = new Set(['snap', 'lifeline', 'wic', 'school_meals', 'head_start']);
    const tests = readFileSync(CASES, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as OracleCase & { program: string });
    let compared = 0;
    let screened = 0;
    for (const test of tests.filter((c) => programs.has(c.program) && c.input_kind === 'household' && String(c.period) >= '2025')) {
      const household = toHousehold(test, meta);
      if (stateOfTest(household) === null || 'axes' in (test.input as Record<string, unknown>)) continue;
      askEverything(household, `${String(test.period).slice(0, 4)}-03`);
      const [a, b] = [await ask(together, household), await ask(alone, household)];
      expect(a.status, `${test.name}: ${JSON.stringify(a.body.message ?? a.body.error)}`).toBe(b.status);
      if (a.status !== 200) continue;
      expect(a.body.result, test.name).toEqual(b.body.result);
      expectSameSidecar(a.body.tenet, b.body.tenet, test.name);
      compared += 1;
      const before = count.executions;
      await ask(counted, household);
      if (count.executions > before) screened += 1;
    }
    // The others ran one program at a time: fewer than two programs could run for their unit-month.
    console.log(`compat screen-together: ${compared} PolicyEngine household(s) answered the same both ways; ${screened} of them in one evaluation per unit-month`);
    expect(compared).toBeGreaterThan(20);
    expect(screened).toBeGreaterThan(compared / 2);
  }, 600_000);
});

/**
 * The two sidecars agree: the same values computed, not computed (with reasons) and assumed; the screen's warnings
 * are the one-by-one warnings plus, possibly, unverified-figure warnings of figures its wider evaluation reached (a
 * screen evaluates each program's default outputs too, docs/compatibility.md).
 */
function expectSameSidecar(a: Record<string, unknown>, b: Record<string, unknown>, label: string): void {
  const sorted = (list: unknown): string[] => (list as unknown[]).map((x) => JSON.stringify(x)).sort();
  for (const key of ['computed', 'unsupported', 'assumptions']) expect(sorted(a[key]), `${label}: ${key}`).toEqual(sorted(b[key]));
  for (const key of ['runtime', 'jurisdiction', 'package', 'period']) expect(a[key], `${label}: ${key}`).toEqual(b[key]);
  const alone = new Set(b.warnings as string[]);
  const extra = (a.warnings as string[]).filter((w) => !alone.has(w));
  expect([...alone].filter((w) => !(a.warnings as string[]).includes(w)), `${label}: warnings lost`).toEqual([]);
  expect(extra.filter((w) => !w.startsWith('Unverified figure used:')), `${label}: warnings added`).toEqual([]);
}
