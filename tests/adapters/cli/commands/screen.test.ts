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

  it('passes the service refusal on (exit 1 in main)', async () => {
    await expect(runScreen('us-zz', { household: file })).rejects.toMatchObject({ code: 'unsupported_program' });
  }, 120_000);
});
