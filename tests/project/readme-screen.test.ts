/**
 * README's "A first screen" is copy-paste for a new user: its request, run through the screen use case over the
 * bundled rules, gives the statuses, amounts, deciding rule and totals the README prints under it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScreenService } from '../../core/usecases/screen/screen.js';
import type { ScreenRequest } from '../../core/ports/screener.js';
import { bundledScreenServices } from '../support/screen-services.js';

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

/** The section's shell block: the request body after `-d '` and the answer printed as `#` lines. */
function firstScreen(): { request: ScreenRequest; printed: string } {
  const section = readme.slice(readme.indexOf('## A first screen'));
  const block = section.slice(section.indexOf('```sh') + 5, section.indexOf('```', section.indexOf('```sh') + 5));
  const body = block.slice(block.indexOf("-d '") + 4, block.indexOf("'\n"));
  const printed = block.split('\n').filter((line) => line.startsWith('#')).map((line) => line.slice(1).trim()).join('');
  return { request: JSON.parse(body) as ScreenRequest, printed };
}

/** Each printed program's id with the status and amount printed beside it. */
function printedPrograms(printed: string): Array<{ program_id: string; status: string; amount?: number }> {
  const found = [...printed.matchAll(/\{"program_id":"(\w+)","status":"(\w+)"(?:,"amount":([\d.]+))?/g)];
  return found.map(([, program_id, status, amount]) => ({ program_id, status, ...(amount === undefined ? {} : { amount: Number(amount) }) }));
}

let screens: ScreenService;
beforeAll(async () => {
  ({ screens } = await bundledScreenServices());
});

describe("README's first screen", () => {
  it('answers as the README prints it', async () => {
    const { request, printed } = firstScreen();
    const answer = await screens.screen(request);
    const expected = printedPrograms(printed);
    expect(expected.length).toBe(answer.programs.length);
    expect(answer.programs.map((p) => ({ program_id: p.program_id, status: p.status, ...(p.amount === null || p.amount === undefined ? {} : { amount: p.amount }) }))).toEqual(expected);
    const snapRule = printed.match(/"program_id":"snap".*?"decided_by":\{"rule_id":"([^"]+)"/)?.[1];
    expect(answer.programs.find((p) => p.program_id === 'snap')?.decided_by?.rule_id).toBe(snapRule);
    const totals = JSON.parse(`{${printed.match(/"monthly":\{[^}]*\},"annual":\{[^}]*\}/)![0]}}`) as Record<string, unknown>;
    expect({ monthly: answer.totals.monthly, annual: answer.totals.annual }).toEqual(totals);
  });
});
