import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatReports, runRepositoryTests } from '../../../../adapters/cli/commands/corpus.js';
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

describe('tenet corpus test', () => {
  it('prints results per jurisdiction, each failure with test, rule, expected and actual, and the closing line', async () => {
    const r = await runRepositoryTests(new FsRuleRepository(root), root);
    const text = formatReports([r]);
    expect(text).toContain('  us-xx: 1 passed, 2 failed');
    expect(text).toContain('    FAIL us-xx/policies/demo/m.test.yaml :: wrong\n      us-xx:policies/demo/m#half: expected 2, actual 1.5');
    expect(text).toContain('us-xx:policies/demo/m#half: expected 2, error: missing input "x" for entity case-3');
    expect(text.split('\n').at(-1)).toBe('1 passed, 2 failed');
  });

  it('filters test files by path substring', async () => {
    const r = await runRepositoryTests(new FsRuleRepository(root), root, { filter: 'no-such-path' });
    expect(formatReports([r]).split('\n').at(-1)).toBe('0 passed, 0 failed');
  });
});
