/**
 * docs/household.md, the one table of household facts (issue #27), matches the bundled packages: the generator's
 * --check fails when the file is stale, when two packages describe one name differently, or when a reserved name is
 * read by a package (the decision is written at the top of docs/household.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', '..', 'scripts', 'generate-household-doc.mjs');

function run(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [script, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const e = error as { status: number; stderr: string; stdout: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

/** A programs folder with one spec per [jurisdiction, program, input_docs]. */
function programs(specs: Array<[string, string, Record<string, { description: string; period: string; unit: string }>]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenet-vocabulary-'));
  for (const [jurisdiction, program, docs] of specs) {
    mkdirSync(join(dir, jurisdiction, program), { recursive: true });
    const lines = [`program: ${jurisdiction}/${program}`, `jurisdiction: ${jurisdiction}`, `program_id: ${program}`, 'input_docs:'];
    for (const [name, d] of Object.entries(docs)) lines.push(`  ${name}:`, `    description: ${JSON.stringify(d.description)}`, `    period: ${d.period}`, `    unit: ${d.unit}`);
    writeFileSync(join(dir, jurisdiction, program, 'spec.yaml'), `${lines.join('\n')}\n`);
  }
  return dir;
}

describe('docs/household.md', () => {
  it('matches the bundled packages (node scripts/generate-household-doc.mjs --check)', () => {
    const { code, out } = run(['--check']);
    expect(out).toContain('docs/household.md up to date');
    expect(code).toBe(0);
  });

  it('fails when two packages give one name different words', () => {
    const dir = programs([
      ['us-aa', 'snap', { earned_income: { description: 'Gross earned income in the month.', period: 'month', unit: 'USD per month' } }],
      ['us-aa', 'lifeline', { earned_income: { description: 'Earnings in the year.', period: 'year', unit: 'USD' } }],
    ]);
    const { code, out } = run(['--check', '--programs', dir]);
    expect(code).toBe(1);
    expect(out).toContain('household earned_income: description in rules/programs/us-aa/snap/spec.yaml differs from rules/programs/us-aa/lifeline/spec.yaml');
    expect(out).toContain('household earned_income: period');
  });

  it('fails when a package reads a reserved name (its docs must then be the source)', () => {
    const dir = programs([['us-aa', 'wic', { state: { description: 'State code.', period: 'none', unit: 'text' } }]]);
    const { code, out } = run(['--check', '--programs', dir]);
    expect(code).toBe(1);
    expect(out).toContain('household state is reserved in scripts/lib/household-vocabulary.mjs but read by wic');
  });
});
