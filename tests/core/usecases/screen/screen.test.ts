/**
 * The screen use case over the bundled packages (docs/screening.md): one evaluation of every screenable program of
 * a jurisdiction, each program's figures equal to POST /v1/calculate of that program for the same household.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import type { ScreenService } from '../../../../core/usecases/screen/screen.js';
import type { JsonValue } from '../../../../core/domain/household/shape.js';
import { bundledScreenServices, calculateAlone } from '../../../support/screen-services.js';

let screens: ScreenService;
let calculations: CalculationService;
beforeAll(async () => {
  ({ screens, calculations } = await bundledScreenServices());
});

/** us-tx, November 2026: three people, $2,000 earned, $900 rent (the FY2027 hand-worked SNAP test: $455). */
const texas: Record<string, JsonValue> = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: {
    parent: { age: 34, earned_income: 2000, relationship_to_head: 'head' },
    child_1: { age: 8, relationship_to_head: 'child' },
    child_2: { age: 5, relationship_to_head: 'child' },
  },
};

describe('screen', () => {
  it('runs every screenable program once and gives each the figures POST /v1/calculate gives', async () => {
    const answer = await screens.screen({ jurisdiction: 'us-tx', household: texas, assume_defaults: true });
    // The State's programs and the federal credits (jurisdiction us), which apply in every State.
    expect(answer.programs.map((p) => `${p.package.jurisdiction}/${p.program_id}`)).toEqual(expect.arrayContaining(['us-tx/lifeline', 'us-tx/snap', 'us-tx/wic', 'us/eitc', 'us/ctc']));
    const snap = answer.programs.find((p) => p.program_id === 'snap')!;
    expect(snap).toMatchObject({ status: 'eligible', amount: 455, amount_period: 'month', kind: 'near_cash', recipient: { type: 'household' } });
    expect(snap.decided_by?.rule_id).toBe('us:regulations/7-cfr/273/10/e/2/iii#snap_certified');
    for (const program of answer.programs) {
      const { jurisdiction } = program.package;
      const alone = await calculateAlone(calculations, program.program_id, jurisdiction, texas);
      expect(program.outputs, program.program_id).toEqual(alone.outputs);
      expect(program.assumptions, program.program_id).toEqual(alone.assumptions);
      expect(program.package.digest).toBe(alone.package_digest);
    }
    // Lifeline: 12 x $2,000 = $24,000 a year, at or below 135% of the 2026 guideline for three (15,960 + 2 x 5,680 =
    // 27,320; x 1.35 = 36,882): it qualifies on income, so SNAP eligibility was not needed (the link not used).
    // Totals: 455 + 9.25 = 464.25 a month; x 12 = 5,571 a year.
    const lifeline = answer.programs.find((p) => p.program_id === 'lifeline')!;
    expect(lifeline).toMatchObject({ status: 'eligible', amount: 9.25 });
    // Lifeline links SNAP and Medicaid: neither stood in for receipt for a household eligible by income.
    expect(lifeline.links).toEqual([expect.objectContaining({ program: 'snap', used: false }), expect.objectContaining({ program: 'medicaid', used: false })]);
    // The credits for tax year 2026 on $24,000 of earnings (12 x 2,000) with two qualifying children, head of
    // household: docs/tax-credits.md works the EITC; the CTC is $2,200 per child, limited by tax and refundability.
    const eitc = answer.programs.find((p) => p.program_id === 'eitc')!;
    const ctc = answer.programs.find((p) => p.program_id === 'ctc')!;
    expect(eitc).toMatchObject({ status: 'eligible', amount_period: 'year', kind: 'cash', recipient: { type: 'tax_unit' } });
    expect(ctc).toMatchObject({ status: 'eligible', amount_period: 'year', kind: 'cash' });
    const cash = eitc.amount! + ctc.amount!;
    const cents = (x: number) => Math.round(x * 100) / 100;
    expect(answer.totals.annual).toEqual({ cash, near_cash: 5571, total: cash + 5571 });
    expect(answer.totals.monthly).toEqual({ cash: cents(cash / 12), near_cash: 464.25, total: cents(cash / 12 + 464.25) });
    expect(answer.trace.length).toBeGreaterThan(0);
  });

  it('lists the Medicaid link as used where the Medicaid eligibility computed stood in for Medicaid receipt', async () => {
    // us-co, March 2026: a pregnant woman earning $2,000, SNAP receipt stated false, Medicaid receipt not given.
    // Lifeline: 2,000 x 12 = 24,000 > 21,546 (135% of 15,960): not income-eligible. Medicaid: family size 2 (the
    // child expected), 21,640 x 1.95 = 42,198 >= 24,000 (Colorado's CHIP standard for pregnant people is higher, so
    // Medicaid's gets no disregard): eligible, so Lifeline qualifies through Medicaid (47 CFR 54.409(a)(2)).
    const household: Record<string, JsonValue> = { period: '2026-03', facts: { receives_snap: false }, people: { mother: { age: 28, earned_income: 2000, is_pregnant: true } } };
    const answer = await screens.screen({ jurisdiction: 'us-co', household, assume_defaults: true });
    const lifeline = answer.programs.find((p) => p.program_id === 'lifeline')!;
    expect(lifeline).toMatchObject({ status: 'eligible', amount: 9.25 });
    expect(lifeline.links).toEqual([expect.objectContaining({ program: 'snap', used: false }),
      expect.objectContaining({ program: 'medicaid', used: true, rule: expect.objectContaining({ rule_id: 'us:regulations/47-cfr/54/409#lifeline_medicaid_eligibility_computed' }) })]);
    const medicaid = answer.programs.find((p) => p.program_id === 'medicaid')!;
    expect(medicaid.status).toBe('eligible');
    // WIC (2026-03, her family of 2: 3,261 a month) passes her on income, so its Medicaid link is not used.
    const wic = answer.programs.find((p) => p.program_id === 'wic')!;
    expect(wic.status).toBe('eligible');
    expect(wic.links).toEqual([expect.objectContaining({ program: 'snap', used: false }), expect.objectContaining({ program: 'medicaid', used: false })]);
    const alone = await calculateAlone(calculations, 'lifeline', 'us-co', household);
    expect(lifeline.assumptions).toEqual(alone.assumptions);
  });

  it('names the failed test that decided an ineligible program', async () => {
    const rich = { ...texas, people: { parent: { age: 34, earned_income: 9000 }, child_1: { age: 8 }, child_2: { age: 5 } } };
    const answer = await screens.screen({ jurisdiction: 'us-tx', household: rich, assume_defaults: true, trace: 'none' });
    const snap = answer.programs.find((p) => p.program_id === 'snap')!;
    expect(snap.status).toBe('ineligible');
    expect(snap.decided_by).toMatchObject({ variable: 'snap_passes_gross_income_test', value: false });
    expect(snap.decided_by?.sources.length).toBeGreaterThan(0);
    expect(answer.trace).toEqual([]);
    expect(answer.warnings.some((w) => w.includes('trace was left out'))).toBe(true);
  });

  it('answers ineligible, decided by certification, for an eligible household of three whose allotment is $0', async () => {
    // us-tx, November 2026 (FY2027): $3,700 earned, no shelter costs. Gross 3,700 is over the 130% limit (2,960) but
    // within Texas's BBCE limit for three (165% of 27,320 / 12 = 3,756.50), so the household is eligible; net income
    // 3,700 - 740 (20% of earnings) - 217 (standard deduction for three) = 2,743; 30% of it, 822.90, rounds up to 823,
    // above the maximum allotment for three (808), so the allotment is $0, and 7 CFR 273.10(e)(2)(iii)(A) denies an
    // eligible household of three or more entitled to no benefits.
    const household = { ...texas, facts: { ...(texas.facts as Record<string, JsonValue>), shelter_costs: 0 }, people: { ...(texas.people as Record<string, JsonValue>), parent: { age: 34, earned_income: 3700, relationship_to_head: 'head' } } };
    const alone = await calculateAlone(calculations, 'snap', 'us-tx', household);
    expect(alone.outputs).toMatchObject({ snap_eligible: true, snap_allotment: 0 });
    const answer = await screens.screen({ jurisdiction: 'us-tx', household, assume_defaults: true, trace: 'none' });
    const snap = answer.programs.find((p) => p.program_id === 'snap')!;
    expect(snap).toMatchObject({ status: 'ineligible', amount: 0 });
    expect(snap.decided_by).toMatchObject({ rule_id: 'us:regulations/7-cfr/273/10/e/2/iii#snap_certified', value: false });
    expect(snap.decided_by?.sources.length).toBeGreaterThan(0);
    // Lifeline reads the same certification: no SNAP link to qualify through (it may still qualify on income).
    expect(answer.totals.monthly.near_cash).not.toBeGreaterThan(9.25);
  });

  it('sizes the trace as calculate does: full, decisive (the rules that decided) or none, the rest of the answer the same', async () => {
    const ask = (trace: 'full' | 'decisive' | 'none') => screens.screen({ jurisdiction: 'us-tx', household: texas, trace, questions: 2 });
    const [full, decisive, none] = await Promise.all([ask('full'), ask('decisive'), ask('none')]);
    const rest = ({ trace: _, warnings, ...answer }: Awaited<ReturnType<typeof ask>>) => ({ ...answer, warnings: warnings.filter((w) => !w.includes('trace was left out')) });
    expect(rest(decisive)).toEqual(rest(full));
    expect(rest(none)).toEqual(rest(full));
    expect(none.trace).toEqual([]);
    // Decisive: a part of the full trace, entry for entry, and smaller.
    const key = (e: (typeof full.trace)[number]) => `${e.rule_id} ${e.entity_id} ${JSON.stringify(e.value)}`;
    const fullKeys = new Set(full.trace.map(key));
    expect(decisive.trace.length).toBeGreaterThan(0);
    expect(decisive.trace.length).toBeLessThan(full.trace.length);
    expect(decisive.trace.filter((e) => !fullKeys.has(key(e)))).toEqual([]);
    // It keeps what decided each program: the deciding rule and the amount's rule at the household, and each
    // eligible person's person outputs (Medicaid's coverage is decided per person).
    const kept = new Set(decisive.trace.map((e) => `${e.rule_id} ${e.entity_id}`));
    for (const program of full.programs.filter((p) => !p.error)) {
      for (const rule of [program.decided_by, program.amount_rule]) if (rule) expect(kept.has(`${rule.rule_id} household`), `${program.program_id} ${rule.rule_id}`).toBe(true);
    }
    const medicaid = full.programs.find((p) => p.program_id === 'medicaid')!;
    expect(medicaid.recipient.people?.length).toBeGreaterThan(0);
    for (const id of medicaid.recipient.people ?? []) expect(decisive.trace.some((e) => e.entity_id === id)).toBe(true);
  });
});
