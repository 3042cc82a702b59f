/**
 * `tenet screen` (adapters/cli/commands/screen.ts), run in-process: --json is the API's data (equal to
 * service.screen), the text form is the programs table, totals and next questions, and bad flags or household files
 * are usage errors (exit 2) before any rules are loaded.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScreen } from '../../../../adapters/cli/commands/screen.js';
import { UsageError } from '../../../../adapters/cli/errors.js';
import { createRuleService, type RuleService } from '../../../../adapters/embedding/index.js';

/** The FY2027 hand-worked Texas household of docs/screening.md (SNAP $455 a month). */
const household = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 8 }, child_2: { age: 5 } },
};
/** Amounts as the text prints them: whole dollars as they are, otherwise to the cent. */
const money = (n: number | undefined): string => (Number.isInteger(n) ? String(n) : (n ?? NaN).toFixed(2));
const dir = mkdtempSync(join(tmpdir(), 'tenet-screen-'));
const file = join(dir, 'household.json');
writeFileSync(file, JSON.stringify(household));
/**
 * The same family with $2,000 of shelter costs, so its SNAP allotment stays above $0 up to the gross income limit: a
 * household of three whose allotment is $0 is denied (7 CFR 273.10(e)(2)(iii)(A)) and has no SNAP to link.
 */
const sheltered = { ...household, facts: { ...household.facts, shelter_costs: 2000 } };
const shelteredFile = join(dir, 'sheltered.json');
writeFileSync(shelteredFile, JSON.stringify(sheltered));

let service: RuleService;
beforeAll(async () => {
  service = await createRuleService();
}, 120_000);
afterAll(async () => service?.close());

describe('tenet screen', () => {
  it('prints the answer as JSON equal to service.screen', async () => {
    const printed = JSON.parse(await runScreen('us-tx', { household: file, programs: 'snap,lifeline', questions: '2', json: true }));
    const answer = await service.screen({ jurisdiction: 'us-tx', household, programs: ['snap', 'lifeline'], questions: 2 });
    expect(printed).toEqual(answer);
    expect(printed.programs.map((p: { program_id: string }) => p.program_id)).toEqual(['lifeline', 'snap']);
    expect(printed.trace.length).toBeGreaterThan(0);
  }, 120_000);

  it('prints a table of programs, the totals and the next questions', async () => {
    const [text, answer] = await Promise.all([
      runScreen('us-tx', { household: file, questions: '3', assumeDefaults: true }),
      service.screen({ jurisdiction: 'us-tx', household, questions: 3, assume_defaults: true, trace: 'none' }),
    ]);
    expect(text).toMatch(/^us-tx 2026-11; \d+ programs; package sha256:/);
    expect(text).toMatch(/^PROGRAM +STATUS +AMOUNT +DECIDED BY$/m);
    // docs/screening.md: SNAP $455 a month for this household, decided by the allotment's eligibility rule.
    const snap = answer.programs.find((p) => p.program_id === 'snap');
    expect(text).toMatch(new RegExp(`^snap +eligible +455/month +${snap?.decided_by?.rule_id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'));
    for (const p of answer.programs) expect(text).toMatch(new RegExp(`^${p.program_id} +${p.status} `, 'm'));
    expect(text).toContain(`monthly:      ${money(answer.totals.monthly.total)} (cash ${money(answer.totals.monthly.cash)}, near cash ${money(answer.totals.monthly.near_cash)})`);
    const first = answer.questions?.[0];
    expect(first).toBeDefined();
    expect(text).toContain(`next questions:\n1. ${first?.where}: monthly total ${money(first?.total_monthly.min)}..${money(first?.total_monthly.max)} (${first?.programs.join(', ')}`);
    expect(text).not.toMatch(/^VARIABLE/m);
  }, 120_000);

  it('refuses bad flags and household files with exit 2 before loading rules', async () => {
    await expect(runScreen('us-tx', { household: file, questions: '99' })).rejects.toThrow(new UsageError('--questions must be a whole number 0-20 (got "99")'));
    await expect(runScreen('us-tx', { household: file, questions: '1.5' })).rejects.toThrow(UsageError);
    await expect(runScreen('us-tx', { household: file, programs: ' , ' })).rejects.toThrow(new UsageError('--programs must name at least one program id'));
    await expect(runScreen('us-tx', { household: join(dir, 'missing.json') })).rejects.toThrow(/^--household: cannot read/);
  });

  it('draws the monthly total over earnings with the cliffs numbered and listed, after the table (--chart)', async () => {
    const programs = 'head_start,lifeline,snap';
    const [text, sweep] = await Promise.all([
      runScreen('us-tx', { household: shelteredFile, programs, assumeDefaults: true, chart: true, chartTo: '5000' }),
      service.screenSweep({ jurisdiction: 'us-tx', household: sheltered, programs: programs.split(','), assume_defaults: true, axis: { from: 0, to: 5000 } }),
    ]);
    const [table, chart] = text.split('\nMonthly total (cash and near cash) over earned_income of parent, $0 to $5,000, on the defaults of facts not given; ');
    expect(table).toMatch(/^PROGRAM +STATUS/m);
    expect(chart).toBeDefined();
    const lines = chart.split('\n');
    // The plot: 10 rows of at most 64 columns after a 9-column margin, the tallest column at the top row's label.
    const plot = lines.slice(1, 11);
    expect(plot.every((line) => line.length <= 9 + 64)).toBe(true);
    const top = Math.max(...sweep.total.segments.map((s) => Number(s.value)));
    expect(plot[0].trimStart().startsWith(`$${Math.round(top).toLocaleString('en-US')} |`)).toBe(true);
    expect(plot[0]).toContain('#');
    expect(lines[11]).toMatch(/^ +\$0 \+-{64}$/);
    // SNAP, Lifeline and Head Start end together at the Texas gross income limit (ceil(27,320 x 1.65 / 12) = 3,757):
    // one marker, numbered 1, in the column of 3,757.01 (64 columns over 0-5,000: column 48), and its legend line.
    const markers = lines[13];
    expect(markers.indexOf('1') - 9).toBe(Math.floor((3757.01 / 5000) * 64));
    expect(chart).toContain('  1. $3,757.01: head_start eligible -> ineligible');
    expect(chart).toMatch(/lifeline eligible -> ineligible \(us:regulations\/7-cfr\/273\/2\/j#snap_meets_bbce_gross_income_limit\)/);
    expect(sweep.cliffs.map((c) => c.at)).toEqual([3757.01, 3757.01, 3757.01]);
    // --json is unchanged: the API's data, no chart, even with --chart.
    const json = await runScreen('us-tx', { household: file, programs, json: true, chart: true });
    expect(JSON.parse(json).programs).toHaveLength(3);
  }, 180_000);

  it('refuses a bad --chart-to before loading rules', async () => {
    await expect(runScreen('us-tx', { household: file, chart: true, chartTo: '-5' })).rejects.toThrow(UsageError);
    await expect(runScreen('us-tx', { household: file, chart: true, chartTo: '10.001' })).rejects.toThrow(UsageError);
  });

  it('passes the service refusal on (exit 1 in main)', async () => {
    await expect(runScreen('us-zz', { household: file })).rejects.toMatchObject({ code: 'unsupported_program' });
  }, 120_000);
});
