/**
 * The /docs "Benefits screener" in a real browser (playwright-core driving Debian's chromium) against a real
 * listening server with the bundled rules: a family filled in and screened through the page's trial key shows what
 * POST /v1/screen answers for it (statuses, amounts, the deciding rule and its sources, totals, next questions);
 * answering a question adds the fact and screens again; the total over earnings is drawn with each cliff marked and
 * named (POST /v1/screen/sweep); the section fits a 390 px phone with its results and curve shown.
 * The page's figures are compared with the routes' answers for the same requests, made here with the page's key.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_QUESTIONS } from '../../../../adapters/http-h3/pages/docs-screen.js';
import { CURVE_RANGE } from '../../../../adapters/http-h3/pages/docs-screen-curve.js';
import { TRIAL_KEY_STORAGE } from '../../../../adapters/http-h3/pages/docs-trial.js';
import { CHROMIUM, haveChromium, LAUNCH_ARGS, openPage, serve, warnWithoutChromium, type Served } from '../../../support/chromium.js';

warnWithoutChromium('the /docs benefits screener');

const JURISDICTION = 'us-tx';
const shots = process.env.TENET_SCREENSHOTS;

/** Dollars as the page writes them: cents only when there are some. */
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: Math.round(n * 100) % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

describe.skipIf(!haveChromium)(`the benefits screener on /docs in chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  let served: Served;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    // The per-calculation time limit (2 s by default) is a production safeguard, not what this file tests: on a
    // loaded test machine the first combined sweep of the family (about 9,400 segments over $0-6,000, most of them
    // the EITC's whole-dollar steps) took 1.4-3.5 s in-process and the page then, rightly, showed a 502.
    served = await serve({ env: { TENET_CALC_TIME_LIMIT_MS: '60000' } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  /** Opens /docs, picks the State and the month, and screens the family the form starts with. */
  async function screenStartingFamily(page: Page): Promise<void> {
    await page.goto(`${served.server.url}/docs`);
    await page.selectOption('#screen-jurisdiction', JURISDICTION);
    await page.fill('#screen-period', '2026-11');
    await page.click('#screen-run');
    await page.locator('#screen-status', { hasText: /programs screened|failed/ }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#screen-status').textContent()).toMatch(/^\d+ programs screened for us-tx, 2026-11/);
  }

  /** POST /v1/screen with the page's trial key: what the page must show. */
  async function screenDirectly(page: Page, household: unknown): Promise<any> {
    const key = await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), TRIAL_KEY_STORAGE);
    expect(key).toMatch(/^tnt_/);
    const response = await fetch(`${served.server.url}/v1/screen`, {
      method: 'POST',
      headers: { 'x-api-key': key as string, 'content-type': 'application/json' },
      body: JSON.stringify({ jurisdiction: JURISDICTION, household, questions: SCREEN_QUESTIONS, trace: 'none' }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as any).data;
  }

  /** Every program card's status, in order, and the questions' fact paths, as the page shows them. */
  async function shown(page: Page): Promise<{ statuses: Array<[string | null, string | null]>; questions: Array<string | null> }> {
    const cards = page.locator('#screen-programs .screen-program');
    const statuses = await cards.evaluateAll((els) => els.map((e) => [e.getAttribute('data-program'), e.getAttribute('data-status')] as [string | null, string | null]));
    const questions = await page.locator('#screen-questions .screen-question').evaluateAll((els) => els.map((e) => e.getAttribute('data-where')));
    return { statuses, questions };
  }

  const startingHousehold = {
    period: '2026-11',
    facts: { shelter_costs: 900 },
    people: { head: { relationship_to_head: 'head', age: 34, earned_income: 2000 }, child_1: { relationship_to_head: 'child', age: 8 } },
  };

  it('shows each program\'s status, amount, deciding rule with its sources, the totals and the next questions', async () => {
    const { page, problems } = await openPage(browser);
    await screenStartingFamily(page);
    const answer = await screenDirectly(page, startingHousehold);
    const { statuses, questions } = await shown(page);
    expect(statuses).toEqual(answer.programs.map((p: any) => [p.program_id, p.status]));
    expect(new Set(statuses.map(([, s]) => s))).toEqual(new Set(['eligible', 'ineligible', 'undetermined']));
    expect(questions).toEqual(answer.questions.map((q: any) => q.where));
    expect(questions.length).toBe(SCREEN_QUESTIONS);

    // An eligible program with an amount: its amount and period, its deciding rule, and its sources as links.
    const paid = answer.programs.find((p: any) => p.status === 'eligible' && p.amount !== null);
    const card = page.locator(`#screen-programs .screen-program[data-program="${paid.program_id}"]`);
    expect(await card.locator('.screen-amount').textContent()).toContain(`${money(paid.amount)} a ${paid.amount_period}`);
    expect(await card.locator('.screen-rule').first().locator('code').textContent()).toBe(paid.decided_by.rule_id);
    const links = paid.decided_by.sources.filter((s: string) => /^https?:\/\//.test(s));
    expect(links.length).toBeGreaterThan(0);
    expect(await card.locator('.screen-rule').first().locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(links);
    // A program's own warnings (an unverified figure it read) are in its card.
    const warned = answer.programs.find((p: any) => p.warnings.length > 0);
    const warnedCard = page.locator(`#screen-programs .screen-program[data-program="${warned.program_id}"]`);
    expect(await warnedCard.locator('details summary').textContent()).toBe(`Warnings (${warned.warnings.length})`);
    expect(await warnedCard.locator('details li').allTextContents()).toEqual(warned.warnings);
    // An undetermined program with a range says so, and names the facts it depends on.
    const ranged = answer.programs.find((p: any) => p.status === 'undetermined' && p.range?.max !== null && p.range?.max !== undefined);
    const rangedCard = page.locator(`#screen-programs .screen-program[data-program="${ranged.program_id}"]`);
    expect(await rangedCard.locator('.screen-amount').textContent()).toContain(`${money(ranged.range.min)} to ${money(ranged.range.max)} a ${ranged.amount_period}`);
    expect(await rangedCard.textContent()).toContain(ranged.range.facts[0]);

    // The totals, as the answer sums them.
    const totals = await page.locator('#screen-totals .card .value').allTextContents();
    expect(totals.slice(0, 2)).toEqual([money(answer.totals.monthly.total), money(answer.totals.annual.total)]);
    expect(totals[3]).toBe(String(answer.totals.undetermined.length));
    expect(await page.locator('#screen-assumptions summary').textContent()).toBe(`Assumptions (${answer.assumptions.length})`);
    if (shots) for (const id of ['screen-form', 'screen-results']) await page.locator(`#${id}`).screenshot({ path: `${shots}/${id}.png` });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('answering a question adds the fact and screens again; the form\'s own fields (school, pregnancy, a new person) are sent too', async () => {
    const { page, problems } = await openPage(browser);
    await screenStartingFamily(page);
    const first = await screenDirectly(page, startingHousehold);
    const asked = first.questions[0];
    const where = asked.where.split('.');
    expect(where.slice(0, 2)).toEqual(['household', 'people']);
    // Its first button: the value the screen assumed (given now, it is no longer a guess).
    const question = page.locator('#screen-questions .screen-question').first();
    expect(await question.getAttribute('data-where')).toBe(asked.where);
    const value = JSON.parse((await question.locator('button.screen-answer').first().getAttribute('data-value')) ?? 'null');
    await question.locator('button.screen-answer').first().click();
    await page.locator(`#screen-questions .screen-question[data-where="${asked.where}"]`).waitFor({ state: 'detached', timeout: 60_000 });
    await page.locator('#screen-status', { hasText: /programs screened|failed/ }).waitFor({ timeout: 60_000 });
    expect(await page.locator(`.screen-person[data-person="${where[2]}"] .screen-added li`).textContent()).toContain(`${where[2]}: ${where[3]} =`);
    const people = startingHousehold.people as Record<string, Record<string, unknown>>;
    const answered = { ...startingHousehold, people: { ...people, [where[2]]: { ...people[where[2]], [where[3]]: value } } };
    const second = await screenDirectly(page, answered);
    expect((await shown(page)).statuses).toEqual(second.programs.map((p: any) => [p.program_id, p.status]));
    expect((await shown(page)).questions).toEqual(second.questions.map((q: any) => q.where));

    // The child in school and the parent not pregnant, from the form's fields; a spouse added with the button.
    await page.locator('.screen-person[data-person="child_1"] [data-field="is_in_school"]').selectOption('true');
    await page.locator('.screen-person[data-person="head"] [data-field="is_pregnant"]').selectOption('false');
    await page.click('#screen-add-person');
    const added = page.locator('.screen-person').last();
    await added.locator('[data-field="relationship_to_head"]').selectOption('spouse');
    await added.locator('[data-field="age"]').fill('33');
    expect(await added.locator('.screen-person-id').textContent()).toBe('spouse');
    await page.click('#screen-run');
    await page.locator('#screen-programs .screen-program[data-program="school_meals"]', { hasNotText: 'child_1.is_in_school' }).waitFor({ timeout: 60_000 });
    await page.locator('#screen-status', { hasText: /programs screened|failed/ }).waitFor({ timeout: 60_000 });
    const answeredPeople = answered.people as Record<string, Record<string, unknown>>;
    const third = await screenDirectly(page, {
      ...answered,
      people: {
        head: { ...answeredPeople.head, is_pregnant: false },
        child_1: { ...answeredPeople.child_1, is_in_school: true },
        spouse: { relationship_to_head: 'spouse', age: 33 },
      },
    });
    expect((await shown(page)).statuses).toEqual(third.programs.map((p: any) => [p.program_id, p.status]));
    const meals = third.programs.find((p: any) => p.program_id === 'school_meals');
    expect(meals.range?.facts ?? []).not.toContain('household.people.child_1.is_in_school');
    // Removing the fact added by the answer takes it out of the next screen.
    await page.locator(`.screen-person[data-person="${where[2]}"] .screen-added button`).click();
    expect(await page.locator(`.screen-person[data-person="${where[2]}"] .screen-added li`).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  /** POST /v1/screen/sweep of the starting family with the page's key and its detail "total": what the curve must show. */
  async function sweepDirectly(page: Page, axis: { person: string; from: number; to: number }): Promise<any> {
    const key = await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), TRIAL_KEY_STORAGE);
    const response = await fetch(`${served.server.url}/v1/screen/sweep`, {
      method: 'POST',
      headers: { 'x-api-key': key as string, 'content-type': 'application/json' },
      body: JSON.stringify({ jurisdiction: JURISDICTION, household: startingHousehold, axis: { input: 'earned_income', ...axis }, detail: 'total' }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as any).data;
  }

  async function curveDrawn(page: Page): Promise<string> {
    await page.locator('#screen-curve-status', { hasText: /cliffs in the total|failed/ }).waitFor({ timeout: 60_000 });
    return (await page.locator('#screen-curve-status').textContent()) ?? '';
  }

  it('draws the family\'s total over earnings with every cliff marked and named with its program and rule', async () => {
    const { page, problems } = await openPage(browser);
    const asked: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/screen/sweep')) asked.push(r.postDataJSON() as Record<string, unknown>);
    });
    await screenStartingFamily(page);
    // The earner is swept by default, over the range the form starts with.
    expect(await page.inputValue('#screen-curve-person')).toBe('head');
    const from = Number(await page.inputValue('#screen-curve-from'));
    const to = Number(await page.inputValue('#screen-curve-to'));
    expect([from, to]).toEqual([CURVE_RANGE.from, CURVE_RANGE.to]);
    const status = await curveDrawn(page);
    const answer = await sweepDirectly(page, { person: 'head', from, to });
    // The page asks only for what it draws (the total, the cliffs; breakpoints counted by cause).
    expect(asked.map((r) => r.detail)).toEqual(['total']);
    expect(status).toMatch(new RegExp(`^${answer.total.segments.length} segments, ${answer.total.segments.length - 1} breakpoints and ${answer.cliffs.length} cliffs in the total`));
    const counted = await page.locator('#screen-curve-breaks li').allTextContents();
    expect(counted).toEqual(answer.total.breakpoint_causes.map((c: any) => `${c.breakpoints} × ${c.program_id} · ${c.rule_id ?? 'no rule named'}`));
    expect(answer.cliffs.length).toBeGreaterThan(0);
    expect(await page.locator('#screen-curve path.screen-total').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ L/);
    // One marker and one list entry per cliff, in order, each naming its program and rule.
    const marks = page.locator('#screen-curve g.screen-cliff');
    expect(await marks.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-program')))).toEqual(answer.cliffs.map((c: any) => c.program_id));
    const items = page.locator('#screen-cliffs li');
    expect(await items.count()).toBe(answer.cliffs.length);
    for (const [i, cliff] of answer.cliffs.entries()) {
      expect(await items.nth(i).getAttribute('data-program')).toBe(cliff.program_id);
      expect(await items.nth(i).locator('code').textContent()).toBe(cliff.rule_id ?? 'no rule named');
      expect(await items.nth(i).locator('strong').textContent()).toBe(money(Number(cliff.at)));
      const tip = await marks.nth(i).locator('title').textContent();
      expect(tip).toContain(`${i + 1}. ${money(Number(cliff.at))}: ${cliff.program_id.split('_').join(' ')} ${cliff.before} → ${cliff.after}`);
      expect(tip).toContain(cliff.rule_id ?? 'no rule named');
    }
    // The first cliff's rule is cited with its sources, web addresses as links.
    const first = answer.cliffs[0];
    const links = (answer.rules[first.rule_id]?.sources ?? []).filter((s: string) => /^https?:\/\//.test(s));
    expect(await items.first().locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(links);
    if (shots) await page.locator('#screen-curve-box').screenshot({ path: `${shots}/screen-curve.png` });

    // Another range draws that range's answer.
    await page.fill('#screen-curve-to', '2500');
    await page.click('#screen-curve-run');
    await curveDrawn(page);
    const narrower = await sweepDirectly(page, { person: 'head', from, to: 2500 });
    expect(await page.locator('#screen-curve g.screen-cliff').count()).toBe(narrower.cliffs.length);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('fits a 390 px phone with the results shown: nothing widens the page', async () => {
    const width = 390;
    const { page, problems } = await openPage(browser, width);
    await screenStartingFamily(page);
    await page.locator('#screen-questions').waitFor();
    expect(await curveDrawn(page)).toMatch(/cliffs in the total/);
    expect(await page.locator('#screen-curve').evaluate((svg) => (svg as any).getBoundingClientRect().right)).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const rights = await page.locator('#screener ~ *').evaluateAll((els) => els.map((e) => (e as any).getBoundingClientRect().right));
    for (const right of rights) expect(right).toBeLessThanOrEqual(width);
    const cards = await page.locator('#screen-programs .screen-program').evaluateAll((els) => els.map((e) => ({ right: (e as any).getBoundingClientRect().right, overflow: (e as any).scrollWidth - (e as any).clientWidth })));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.overflow).toBe(0);
      expect(card.right).toBeLessThanOrEqual(width);
    }
    if (shots) for (const id of ['screen-form', 'screen-results', 'screen-curve-box']) await page.locator(`#${id}`).screenshot({ path: `${shots}/${id}-${width}.png` });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);
});

if (!haveChromium) {
  describe('the benefits screener in chromium', () => {
    it.skip(`SKIPPED: no chromium binary at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`, () => undefined);
  });
}
