import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatReports, runRepositoryTests, type CorpusProgress } from '../../../../adapters/cli/commands/corpus.js';
import { bar, LineProgress, progressWanted } from '../../../../adapters/cli/progress.js';
import { FsRuleRepository } from '../../../../adapters/rulespec-fs/fs-rule-repository.js';

const root = mkdtempSync(join(tmpdir(), 'tenet-corpus-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'us-xx/policies/demo'), { recursive: true });
writeFileSync(
  join(root, 'us-xx/policies/demo/m.yaml'),
  "format: rulespec/v1\nrules:\n  - name: half\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: x / 2\n",
);
writeFileSync(
  join(root, 'us-xx/policies/demo/m.test.yaml'),
  `- name: ok
  period: 2026-01
  input: {us-xx:policies/demo/m#input.x: 3}
  output: {us-xx:policies/demo/m#half: 1.5}
- name: wrong
  period: 2026-01
  input: {us-xx:policies/demo/m#input.x: 3}
  output: {us-xx:policies/demo/m#half: 2}
- name: missing
  period: 2026-01
  output: {us-xx:policies/demo/m#half: 2}
`,
);
// A module that does not parse, with a companion test: it counts as a module that failed to load.
writeFileSync(join(root, 'us-xx/policies/demo/broken.yaml'), 'format: rulespec/v1\nrules: [\n');
writeFileSync(join(root, 'us-xx/policies/demo/broken.test.yaml'), '- name: any\n  period: 2026-01\n  output: {us-xx:policies/demo/broken#y: 1}\n');

describe('tenet corpus test', () => {
  it('prints results per jurisdiction, each failure with test, rule, expected and actual, and the closing line', async () => {
    const r = await runRepositoryTests(new FsRuleRepository(root), root);
    const text = formatReports([r]);
    expect(text).toContain('  us-xx: 1 passed, 3 failed');
    expect(text).toContain('    FAIL us-xx/policies/demo/m.test.yaml :: wrong\n      us-xx:policies/demo/m#half: expected 2, actual 1.5');
    expect(text).toContain('us-xx:policies/demo/m#half: expected 2, error: missing input "x" for entity case-3');
    expect(text).toMatch(/\n {2}modules that failed to load: 1\n {4}us-xx\/policies\/demo\/broken\.yaml: /);
    expect(text.split('\n').at(-1)).toBe('1 passed, 3 failed; 1 module failed to load');
  });

  it('filters test files by path substring', async () => {
    const r = await runRepositoryTests(new FsRuleRepository(root), root, { filter: 'm.test' });
    expect(r.report).toMatchObject({ files: 1, passed: 1, failed: 2 });
    const none = await runRepositoryTests(new FsRuleRepository(root), root, { filter: 'no-such-path' });
    expect(none.report.files).toBe(0);
  });

  it('reports progress: module files read, then running totals per test file', async () => {
    const events: string[] = [];
    const progress: CorpusProgress = {
      reading: (done, total) => events.push(`read ${done}/${total}`),
      parsing: (modules) => events.push(`parse ${modules}`),
      testing: (done, total, passed, failed) => events.push(`test ${done}/${total} ${passed}/${failed}`),
    };
    const r = await runRepositoryTests(new FsRuleRepository(root), root, { progress });
    expect(events).toEqual(['read 1/2', 'read 2/2', 'parse 2', 'test 1/2 0/1', 'test 2/2 1/3']);
    expect(r.report).toMatchObject({ files: 2, passed: 1, failed: 3 });
  });
});

describe('progress line', () => {
  it('redraws in place at most every 100 ms unless forced, and erases itself', () => {
    let now = 1_000;
    let written = '';
    const line = new LineProgress((text) => void (written += text), () => now);
    line.update('a');
    now += 50;
    line.update('b');
    line.update('c', true);
    now += 1_450;
    line.update(`d ${line.elapsed()}`);
    line.clear();
    expect(written).toBe('\r\x1b[2Ka\r\x1b[2Kc\r\x1b[2Kd 1.5 s\r\x1b[2K');
  });

  it('is shown on a terminal unless TENET_PROGRESS=0, and off the terminal only with TENET_PROGRESS=1', () => {
    expect([progressWanted({}, true), progressWanted({ TENET_PROGRESS: '0' }, true), progressWanted({}, false), progressWanted({ TENET_PROGRESS: '1' }, false)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(bar(1, 4, 8)).toBe('[##------]');
    expect(bar(0, 0, 4)).toBe('[####]');
  });
});
