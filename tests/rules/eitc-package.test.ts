/**
 * The bundled federal EITC package (rules/programs/us/eitc, 26 U.S.C. 32; issue #28): the compose spec matches its
 * generator, the package is listed with a sample that computes to the outputs worked by hand, it reproduces the
 * IRS's published maximum credit, phaseout start and phaseout end for every filing status and 0-3 children in 2024,
 * 2025 and 2026 (tests/fixtures/tax/eitc-published-figures.json, written from the sources), and households worked by
 * hand per provision give the same answers through the calculation service, assumptions included.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
interface YearFigures {
  maximum_credit: number[];
  phase_out_start_other: number[];
  phase_out_end_other: number[];
  phase_out_start_joint: number[];
  phase_out_end_joint: number[];
  earned_income_amount: number[];
  investment_income_limit: number;
}
const published = JSON.parse(readFileSync(`${root}/tests/fixtures/tax/eitc-published-figures.json`, 'utf8')) as { years: Record<string, YearFigures> };

let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

type People = Record<string, Record<string, unknown>>;
const calc = (household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'eitc', jurisdiction: 'us', household: household as never, ...(variables ? { variables } : {}) });
const assumed = (r: CalculateResponse): string[] => r.assumptions.map((a) => `${a.entity_id}.${a.input}=${JSON.stringify(a.assumed_value)}`).sort();

/** A tax unit with annual wages `wages` (given monthly, wages / 12, on the head), `children` children of 5, and the status. */
function unit(year: string, status: string, children: number, wages: number): Record<string, unknown> {
  const people: People = { head: { age: 35, relationship_to_head: 'head', earned_income: wages / 12, has_valid_ssn: true } };
  if (status === 'joint') people.spouse = { age: 35, relationship_to_head: 'spouse', has_valid_ssn: true };
  for (let i = 1; i <= children; i++) people[`child_${i}`] = { age: 5, relationship_to_head: 'child', has_valid_ssn: true, lived_with_filer_over_half_year: true };
  return { period: `${year}-12`, facts: { filing_status: status }, people };
}

describe('the generated EITC compose spec and its listing', () => {
  it('matches the generator (node scripts/generate-tax-credit-rules.mjs --check)', () => {
    const out = execFileSync(process.execPath, [`${root}/scripts/generate-tax-credit-rules.mjs`, '--check'], { encoding: 'utf8' });
    expect(out).toContain('tax credit packages up to date (eitc, ctc)');
  });

  it('is listed for jurisdiction us with a sample that computes to the worked outputs', async () => {
    const pkg = runtime.packages().find((p) => p.program_id === 'eitc' && p.jurisdiction === 'us');
    expect(pkg).toBeDefined();
    expect(runtime.problems.filter((p) => p.spec.includes('/eitc/'))).toEqual([]);
    const detail = pkg!.describe();
    expect(detail.sample_problem).toBeUndefined();
    // Head of 30 earning 2,000 a month, child of 5, 2026: 34% x 13,020 = 4,426.80 less 15.98% x (24,000 - 23,890) = 17.578 -> 4,409.
    const r = await calc(detail.sample_household as Record<string, unknown>);
    expect(r.outputs).toEqual({ eitc: 4409, eitc_eligible: true, eitc_qualifying_children: 1, tax_filing_status: 'head_of_household', tax_unit_earned_income: 24000, tax_unit_adjusted_gross_income: 24000 });    // The 2026 figures were read only in summaries: the answer names the three it used (earned income amount and
    // phaseout amount for one child, investment income limit).
    expect(r.warnings.filter((w) => w.startsWith('Unverified figure used: us:statutes/26/32#eitc_'))).toHaveLength(3);
    expect(r.warnings.join('\n')).toContain('eitc_earned_income_amount_one_child (version from 2026-01-01)');
  });
});

describe('the IRS table reproduced: maximum credit, phaseout start and end, every filing status, 0-3 children, 2024-2026', () => {
  for (const [year, f] of Object.entries(published.years)) {
    for (const status of ['single', 'head_of_household', 'joint']) {
      it(`${year} ${status}`, async () => {
        const joint = status === 'joint';
        for (let n = 0; n <= 3; n++) {
          const start = joint ? f.phase_out_start_joint[n] : f.phase_out_start_other[n];
          const end = joint ? f.phase_out_end_joint[n] : f.phase_out_end_other[n];
          const at = async (wages: number): Promise<number> => (await calc(unit(year, status, n, wages), ['eitc'])).outputs.eitc as number;
          const where = `${year} ${status} ${n} children`;
          // The plateau: earned income from the earned income amount to the phaseout start earns the maximum credit.
          expect(await at(f.earned_income_amount[n]), `${where}: at the earned income amount`).toBe(f.maximum_credit[n]);
          expect(await at(start), `${where}: at the phaseout start`).toBe(f.maximum_credit[n]);
          // Below the earned income amount the credit is smaller; above the start it falls.
          expect(await at(f.earned_income_amount[n] - 100), `${where}: below the earned income amount`).toBeLessThan(f.maximum_credit[n]);
          expect(await at(start + 100), `${where}: past the phaseout start`).toBeLessThan(f.maximum_credit[n]);
          // The end: no credit at the published end; a credit a little below it. The statute's exact zero point and the
          // table's end (which divides the rounded maximum) differ by under $25 (docs/tax-credits.md).
          expect(await at(end), `${where}: at the phaseout end`).toBe(0);
          expect(await at(end - 25), `${where}: $25 below the phaseout end`).toBeGreaterThan(0);
        }
      }, 60_000);
    }
    it(`${year} married filing separately: no credit (26 U.S.C. 32(d))`, async () => {
      const r = await calc(unit(year, 'separate', 1, 15000), ['eitc', 'eitc_eligible']);
      expect(r.outputs).toEqual({ eitc: 0, eitc_eligible: false });
    });
    it(`${year} investment income limit ${f.investment_income_limit} (26 U.S.C. 32(i))`, async () => {
      const h = unit(year, 'single', 1, 15000) as { people: People };
      h.people.head.investment_income = f.investment_income_limit / 12;
      expect((await calc(h, ['eitc_eligible'])).outputs.eitc_eligible).toBe(true);
      h.people.head.investment_income = (f.investment_income_limit + 12) / 12;
      expect((await calc(h, ['eitc_eligible'])).outputs.eitc_eligible).toBe(false);
    });
  }
});

describe('households worked by hand, per provision', () => {
  const head = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ age: 30, relationship_to_head: 'head', has_valid_ssn: true, ...extra });
  const kid = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ age: 5, relationship_to_head: 'child', has_valid_ssn: true, lived_with_filer_over_half_year: true, ...extra });

  it('self-employment: net earnings 92.35% of profit less half the self-employment tax (26 U.S.C. 32(c)(2)(A)(ii), 1402(a)(12), 164(f)), 2025', async () => {
    // Profit (2,500 - 500) x 12 = 24,000; net earnings 24,000 x 0.9235 = 22,164; SE tax 22,164 x 0.153 = 3,391.092 -> 3,391.09
    // (to the cent, as Schedule SE), half 1,695.545. Earned income 22,164 - 1,695.545 = 20,468.455 -> 20,468.46; AGI
    // 24,000 - 1,695.545 = 22,304.455 -> 22,304.46. One child: 34% x min(20,468.46, 12,730) = 4,328.20; the greater of AGI
    // and earned income (22,304.46) is under 23,350: 4,328.
    const r = await calc({ period: '2025-12', facts: { filing_status: 'head_of_household' }, people: { head: head({ self_employment_income: 2500, self_employment_costs: 500 }), child: kid() } });
    expect(r.outputs).toMatchObject({ eitc: 4328, tax_unit_earned_income: 20468.46, tax_unit_adjusted_gross_income: 22304.46 });
    // No costs: profit 30,000; net earnings 27,705; SE tax 4,238.865 -> 4,238.87, half 2,119.435; earned income 25,585.565
    // -> 25,585.57; AGI 27,880.565 -> 27,880.57. Reduction 15.98% x (27,880.57 - 23,350) = 723.985086; 4,328.20 - 723.985086 = 3,604.21 -> 3,604.
    const s = await calc({ period: '2025-12', facts: { filing_status: 'head_of_household' }, people: { head: head({ self_employment_income: 2500 }), child: kid() } }, ['eitc', 'eitc_phase_out_reduction', 'tax_unit_earned_income', 'tax_unit_adjusted_gross_income']);
    expect(s.outputs).toEqual({ eitc: 3604, eitc_phase_out_reduction: 723.985086, tax_unit_earned_income: 25585.57, tax_unit_adjusted_gross_income: 27880.57 });
  });

  it('without a qualifying child: a filer aged 25 to 64, on a joint return either spouse (26 U.S.C. 32(c)(1)(A)(ii)(II)), 2026', async () => {
    // Wages 800 x 12 = 9,600. 7.65% x min(9,600, 8,680) = 664.02; under the 10,860 phaseout amount: 664.
    const single = (age: number) => ({ period: '2026-12', facts: { filing_status: 'single' }, people: { head: head({ age, earned_income: 800 }) } });
    expect((await calc(single(24), ['eitc', 'eitc_eligible'])).outputs).toEqual({ eitc: 0, eitc_eligible: false });
    expect((await calc(single(25), ['eitc', 'eitc_eligible'])).outputs).toEqual({ eitc: 664, eitc_eligible: true });
    expect((await calc(single(64), ['eitc'])).outputs.eitc).toBe(664);
    expect((await calc(single(65), ['eitc', 'eitc_eligible'])).outputs).toEqual({ eitc: 0, eitc_eligible: false });
    // Joint: a head of 70 and a spouse of 30 qualify through the spouse; the joint phaseout amount is 18,140.
    const joint = await calc({ period: '2026-12', people: { head: head({ age: 70, earned_income: 800 }), spouse: { age: 30, relationship_to_head: 'spouse', has_valid_ssn: true } } }, ['eitc', 'tax_filing_status', 'eitc_phase_out_start']);
    expect(joint.outputs).toEqual({ eitc: 664, tax_filing_status: 'joint', eitc_phase_out_start: 18140 });
  });

  it('Social Security numbers: a child without one is no qualifying child for the EITC; a head without one gets none (26 U.S.C. 32(c)(3)(D), (m)), 2026', async () => {
    // Wages 10,000. With the child: 34% x 10,000 = 3,400. Without the child's SSN: the worker of 30 gets the credit for no
    // children, 7.65% x 8,680 = 664.02 (under the 10,860 phaseout amount) -> 664. Without the head's SSN: no credit.
    const hh = (headSsn: boolean, childSsn: boolean) => ({ period: '2026-12', facts: { filing_status: 'head_of_household' }, people: { head: head({ earned_income: 10000 / 12, has_valid_ssn: headSsn }), child: kid({ has_valid_ssn: childSsn }) } });
    expect((await calc(hh(true, true), ['eitc', 'eitc_qualifying_children'])).outputs).toEqual({ eitc: 3400, eitc_qualifying_children: 1 });
    expect((await calc(hh(true, false), ['eitc', 'eitc_qualifying_children', 'tax_unit_qualifying_children'])).outputs).toEqual({ eitc: 664, eitc_qualifying_children: 0, tax_unit_qualifying_children: 1 });
    expect((await calc(hh(false, true), ['eitc', 'eitc_eligible'])).outputs).toEqual({ eitc: 0, eitc_eligible: false });
  });

  it('qualifying child age: under 19, under 24 as a full-time student, any age when permanently and totally disabled (26 U.S.C. 152(c)(3))', async () => {
    const count = async (child: Record<string, unknown>): Promise<unknown> =>
      (await calc({ period: '2026-12', people: { head: head({ age: 50, earned_income: 1000 }), child: kid(child) } }, ['tax_unit_qualifying_children'])).outputs.tax_unit_qualifying_children;
    expect(await count({ age: 18 })).toBe(1);
    expect(await count({ age: 19 })).toBe(0);
    expect(await count({ age: 19, is_full_time_student: true })).toBe(1);
    expect(await count({ age: 24, is_full_time_student: true })).toBe(0);
    expect(await count({ age: 30, is_permanently_and_totally_disabled: true })).toBe(1);
    expect(await count({ age: 10, lived_with_filer_over_half_year: false })).toBe(0);
    // A nephew is listed as other_relative, which does not tell a sibling's child from a parent: not counted (docs/tax-credits.md).
    expect(await count({ age: 10, relationship_to_head: 'other_relative' })).toBe(0);
  });

  it('only the filers\' income counts, the spouse\'s only on a joint return (26 U.S.C. 6013(d)(3))', async () => {
    const people = { head: head({ earned_income: 1000 }), spouse: { age: 30, relationship_to_head: 'spouse', earned_income: 500, has_valid_ssn: true }, child: kid({ age: 17, earned_income: 300 }) };
    // Joint: (1,000 + 500) x 12 = 18,000; the child's 300 a month is on the child's own return.
    expect((await calc({ period: '2026-12', people }, ['tax_unit_earned_income'])).outputs.tax_unit_earned_income).toBe(18000);
    // Separate: the head's 12,000 only, and no credit (32(d)).
    expect((await calc({ period: '2026-12', facts: { filing_status: 'separate' }, people }, ['tax_unit_earned_income', 'eitc'])).outputs).toEqual({ tax_unit_earned_income: 12000, eitc: 0 });
  });

  it('filing status derived and said to be inferred; stated, no assumption (26 U.S.C. 2(b), 6013)', async () => {
    const people = { head: head({ earned_income: 1500 }), spouse: { age: 31, relationship_to_head: 'spouse', has_valid_ssn: true }, child: kid() };
    const derived = await calc({ period: '2026-12', people });
    expect(derived.outputs.tax_filing_status).toBe('joint');
    expect(assumed(derived)).toEqual(['household.filing_status="joint"']);
    expect(derived.assumptions[0].message).toContain('inferred from tax_filing_status');
    const stated = await calc({ period: '2026-12', facts: { filing_status: 'joint' }, people });
    expect(assumed(stated)).toEqual([]);
    // The per-person results are in the trace: the child is a qualifying child, the filers are the head and the spouse.
    const persons = stated.trace.filter((e) => e.entity === 'Person').map((e) => `${e.entity_id}.${e.variable}=${JSON.stringify(e.value)}`);
    expect(persons).toEqual(expect.arrayContaining(['child.eitc_person_is_qualifying_child=true', 'head.tax_person_is_filer=true', 'spouse.tax_person_is_filer=true', 'child.tax_person_is_filer=false']));
    // And in the answer's person_outputs: who is in the unit and how (the head's 1,500 a month is 18,000 a year).
    expect(stated.person_outputs?.head).toMatchObject({ tax_person_is_filer: true, tax_person_earned_income: 18000 });
    expect(stated.person_outputs?.spouse).toMatchObject({ tax_person_is_filer: true, tax_person_earned_income: 0 });
    expect(stated.person_outputs?.child).toMatchObject({ tax_person_is_filer: false, tax_person_is_qualifying_child: true, eitc_person_is_qualifying_child: true });
  });

  it('a tax year the package does not encode is refused, not carried forward', async () => {
    await expect(calc({ period: '2027-01', people: { head: head({ earned_income: 1000 }) } })).rejects.toThrow(/2027-01 is not covered/);
    await expect(calc({ period: '2023-12', people: { head: head({ earned_income: 1000 }) } })).rejects.toThrow(/2023-12 is not covered/);
  });

  it('every listed person states age and relationship_to_head (no default)', async () => {
    await expect(calc({ period: '2026-12', people: { head: head({ earned_income: 1000 }), child: { relationship_to_head: 'child' } } })).rejects.toThrow(/age/);
  });
});
