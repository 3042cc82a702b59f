/**
 * The bundled federal child tax credit package (rules/programs/us/ctc, 26 U.S.C. 24; issue #28): listed with a sample
 * that computes to the outputs worked by hand; the statutory amounts per child ($2,000 for 2024, $2,200 for 2025 and
 * 2026), the $500 credit for other dependents, the $1,700 refundable cap per child, the 15% earned income formula,
 * the $50 per $1,000 phaseout above $200,000 / $400,000, the tax liability limit (standard deduction and brackets of
 * the year) and the filer SSN rule from 2025, each in a household worked by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

const calc = (household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'ctc', jurisdiction: 'us', household: household as never, ...(variables ? { variables } : {}) });
const OUT = ['ctc_value', 'ctc', 'ctc_non_refundable', 'ctc_refundable'];

/** A tax unit: head (and spouse when joint) with annual wages on the head, children of the given ages (SSNs unless said). */
function unit(year: number, status: string, wages: number, kids: Array<number | Record<string, unknown>>, head: Record<string, unknown> = {}): Record<string, unknown> {
  const people: Record<string, Record<string, unknown>> = { head: { age: 40, relationship_to_head: 'head', earned_income: wages / 12, has_valid_ssn: true, ...head } };
  if (status === 'joint') people.spouse = { age: 40, relationship_to_head: 'spouse', has_valid_ssn: true };
  kids.forEach((k, i) => (people[`child_${i + 1}`] = { relationship_to_head: 'child', has_valid_ssn: true, lived_with_filer_over_half_year: true, ...(typeof k === 'number' ? { age: k } : k) }));
  return { period: `${year}-12`, facts: { filing_status: status }, people };
}

describe('the CTC package', () => {
  it('is listed for jurisdiction us with a sample that computes to the worked outputs', async () => {
    const pkg = runtime.packages().find((p) => p.program_id === 'ctc' && p.jurisdiction === 'us');
    expect(pkg).toBeDefined();
    expect(runtime.problems.filter((p) => p.spec.includes('/ctc/'))).toEqual([]);
    const detail = pkg!.describe();
    expect(detail.sample_problem).toBeUndefined();
    // Head of 30 earning 24,000, child of 5, 2026, head of household: taxable income 24,000 - 24,150 -> 0, no tax; credit
    // 2,200; refundable min(2,200, 1,700, 15% x 21,500 = 3,225) = 1,700.
    const r = await calc(detail.sample_household as Record<string, unknown>);
    expect(r.outputs).toEqual({ ctc_value: 1700, ctc: 2200, ctc_non_refundable: 0, ctc_refundable: 1700, ctc_qualifying_children: 1, ctc_other_dependants: 0, tax_filing_status: 'head_of_household' });
    expect(r.person_outputs?.child).toMatchObject({ ctc_person_is_qualifying_child: true, ctc_person_is_other_dependant: false });
  });
});

describe('statutory amounts, worked by hand', () => {
  it('per qualifying child: $2,000 (2024), $2,200 (2025, 2026), all against tax when the tax covers it (26 U.S.C. 24(h)(2))', async () => {
    // Joint, wages 100,000: taxable income 70,800 (2024), 68,500 (2025), 67,800 (2026); tax 2,320 + 12% x 47,600 = 8,032;
    // 2,385 + 12% x 44,650 = 7,743; 2,480 + 12% x 43,000 = 7,640: each covers three children's credit.
    for (const [year, amount, tax] of [[2024, 2000, 8032], [2025, 2200, 7743], [2026, 2200, 7640]]) {
      for (let n = 1; n <= 3; n++) {
        const r = await calc(unit(year, 'joint', 100000, Array(n).fill(8)), [...OUT, 'tax_unit_regular_tax']);
        expect(r.outputs, `${year} ${n}`).toEqual({ ctc_value: n * amount, ctc: n * amount, ctc_non_refundable: n * amount, ctc_refundable: 0, tax_unit_regular_tax: tax });
      }
    }
  });

  it('$500 for a child of 17 or over, or without an SSN; never refundable (26 U.S.C. 24(c)(1), (h)(4))', async () => {
    // Head of household, wages 30,000, 2026: taxable income 30,000 - 24,150 = 5,850, tax 585.
    const r = await calc(unit(2026, 'head_of_household', 30000, [17]), [...OUT, 'ctc_other_dependants']);
    expect(r.outputs).toEqual({ ctc_value: 500, ctc: 500, ctc_non_refundable: 500, ctc_refundable: 0, ctc_other_dependants: 1 });
    const noSsn = await calc(unit(2026, 'head_of_household', 30000, [{ age: 5, has_valid_ssn: false }]), [...OUT, 'ctc_qualifying_children', 'ctc_other_dependants']);
    expect(noSsn.outputs).toEqual({ ctc_value: 500, ctc: 500, ctc_non_refundable: 500, ctc_refundable: 0, ctc_qualifying_children: 0, ctc_other_dependants: 1 });
  });

  it('refundable: the unused credit, at most $1,700 a child and 15% of earned income above $2,500 (26 U.S.C. 24(d), (h)(5), (h)(6))', async () => {
    // Joint, three children, wages 40,000, 2026: taxable income 7,800, tax 780; credit 6,600; unused 5,820; cap 5,100;
    // 15% x 37,500 = 5,625: refundable 5,100, total 5,880.
    expect((await calc(unit(2026, 'joint', 40000, [3, 6, 9]), OUT)).outputs).toEqual({ ctc_value: 5880, ctc: 6600, ctc_non_refundable: 780, ctc_refundable: 5100 });
    // Head of household, one child, wages 10,000, 2024: no tax; 15% x 7,500 = 1,125 is the least.
    expect((await calc(unit(2024, 'head_of_household', 10000, [4]), OUT)).outputs).toEqual({ ctc_value: 1125, ctc: 2000, ctc_non_refundable: 0, ctc_refundable: 1125 });
    // No earnings above 2,500: nothing refundable.
    expect((await calc(unit(2025, 'head_of_household', 2400, [4]), OUT)).outputs).toEqual({ ctc_value: 0, ctc: 2200, ctc_non_refundable: 0, ctc_refundable: 0 });
  });

  it('phaseout: $50 for each $1,000 or fraction above $400,000 joint, $200,000 otherwise (26 U.S.C. 24(b)(1), (h)(3))', async () => {
    // Joint, two children, AGI 450,000, 2025: 50 x 50 = 2,500 off 4,400 = 1,900. AGI 400,012: one fraction, 50 off.
    expect((await calc(unit(2025, 'joint', 450000, [5, 7]), ['ctc', 'ctc_phase_out_reduction'])).outputs).toEqual({ ctc: 1900, ctc_phase_out_reduction: 2500 });
    expect((await calc(unit(2025, 'joint', 400012, [5, 7]), ['ctc'])).outputs.ctc).toBe(4350);
    // Head of household, one child, AGI 210,500, 2026: 10,500 over, 11 steps, 550 off 2,200 = 1,650.
    expect((await calc(unit(2026, 'head_of_household', 210500, [5]), ['ctc', 'ctc_value'])).outputs).toEqual({ ctc: 1650, ctc_value: 1650 });
  });

  it('from 2025 the child part needs a filer\'s SSN: the head, or on a joint return the spouse (26 U.S.C. 24(h)(7) as amended by Pub. L. 119-21)', async () => {
    // Head of household without an SSN, wages 30,000, one child: 2024 allowed (taxable 8,100, tax 810, refundable
    // min(1,190, 1,700, 4,125) = 1,190: 2,000 in all); 2025 none.
    expect((await calc(unit(2024, 'head_of_household', 30000, [6], { has_valid_ssn: false }), ['ctc_value'])).outputs.ctc_value).toBe(2000);
    expect((await calc(unit(2025, 'head_of_household', 30000, [6], { has_valid_ssn: false }), ['ctc_value', 'ctc_meets_filer_ssn_requirement'])).outputs).toEqual({ ctc_value: 0, ctc_meets_filer_ssn_requirement: false });
    // Joint, the spouse has one: allowed in 2025 (taxable 30,000 - 31,500 -> 0; refundable min(2,200, 1,700, 4,125) = 1,700).
    expect((await calc(unit(2025, 'joint', 30000, [6], { has_valid_ssn: false }), ['ctc_value'])).outputs.ctc_value).toBe(1700);
  });

  it('the tax that limits the non-refundable part: standard deduction and brackets of the year (26 U.S.C. 1(j), 63)', async () => {
    // Single, 2026, wages 60,000: taxable 60,000 - 16,100 = 43,900; 10% x 12,400 + 12% x 31,500 = 1,240 + 3,780 = 5,020.
    expect((await calc(unit(2026, 'single', 60000, []), ['tax_unit_taxable_income', 'tax_unit_regular_tax'])).outputs).toEqual({ tax_unit_taxable_income: 43900, tax_unit_regular_tax: 5020 });
    // Joint, 2025, wages 150,000: taxable 118,500; 2,385 + 12% x 73,100 (8,772) + 22% x 21,550 (4,741) = 15,898.
    expect((await calc(unit(2025, 'joint', 150000, []), ['tax_unit_regular_tax'])).outputs.tax_unit_regular_tax).toBe(15898);
    // Head of household, 2024, wages 80,000: taxable 58,100; 10% x 16,550 + 12% x 41,550 = 1,655 + 4,986 = 6,641.
    expect((await calc(unit(2024, 'head_of_household', 80000, []), ['tax_unit_regular_tax'])).outputs.tax_unit_regular_tax).toBe(6641);
  });
});

describe('26 U.S.C. 6409: a tax credit is not income for any other program', () => {
  it('no bundled package takes a tax credit or refund as a fact (its compose spec\'s household and person aliases), so none can count one', () => {
    const credit = /eitc|ctc|child_tax|earned_income_tax|tax_credit|refund/;
    const readers: string[] = [];
    const specs = readdirSync(`${root}/rules/programs`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
    for (const file of specs) {
      const spec = parseYaml(readFileSync(`${root}/rules/programs/${file}`, 'utf8')) as { household_aliases?: object; person_aliases?: object };
      for (const name of [...Object.keys(spec.household_aliases ?? {}), ...Object.keys(spec.person_aliases ?? {})]) if (credit.test(name)) readers.push(`${file} ${name}`);
    }
    expect(specs.length).toBeGreaterThan(200);
    expect(readers).toEqual([]);
  });
});
