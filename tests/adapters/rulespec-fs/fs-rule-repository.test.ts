import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsRuleRepository, gitProvenance } from '../../../adapters/rulespec-fs/fs-rule-repository.js';
import { loadRuleRepository } from '../../../core/engine/load/load-repository.js';

const root = mkdtempSync(join(tmpdir(), 'tenet-rulespec-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (rel: string, text: string): void => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};

describe('FsRuleRepository', () => {
  write('us-xx/statutes/1/a.yaml', "format: rulespec/v1\nrules:\n  - name: r\n    kind: parameter\n    versions:\n      - effective_from: '2020-01-01'\n        formula: '1'\n");
  write('us-xx/statutes/1/a.test.yaml', '[]\n');
  write('us-xx/statutes/1/bad.yaml', 'format: rulespec/v2\nrules: []\n');
  write('programs/us-xx/demo/fy-2026.yaml', 'program: us-xx/demo\n');
  write('.hidden/x.yaml', 'ignored: true\n');
  write('us-xx/statutes/1/notes.txt', 'not yaml');
  symlinkSync(join(root, 'us-xx/statutes/1/a.yaml'), join(root, 'us-xx/statutes/1/link.yaml'));
  mkdirSync(join(root, '.git/refs/heads'), { recursive: true });
  writeFileSync(join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(root, '.git/refs/heads/main'), `${'a'.repeat(40)}\n`);

  it('lists real .yaml files only (no dot-directories, no symlinks), sorted', async () => {
    expect(await new FsRuleRepository(root).listFiles()).toEqual([
      'programs/us-xx/demo/fy-2026.yaml',
      'us-xx/statutes/1/a.test.yaml',
      'us-xx/statutes/1/a.yaml',
      'us-xx/statutes/1/bad.yaml',
    ]);
  });

  it('reads git branch and commit from .git files', async () => {
    expect(gitProvenance(root)).toEqual({ branch: 'main', commit: 'a'.repeat(40) });
    const p = await new FsRuleRepository(root).provenance();
    expect(p).toMatchObject({ branch: 'main', commit: 'a'.repeat(40), root });
  });

  it('loads modules, tests and program specs through the port, reporting the bad module', async () => {
    const repo = await loadRuleRepository(new FsRuleRepository(root));
    expect([...repo.modules.keys()]).toEqual(['us-xx:statutes/1/a', 'us-xx:statutes/1/bad']);
    expect(repo.modules.get('us-xx:statutes/1/bad')?.ok).toBe(false);
    expect(repo.testFiles.get('us-xx:statutes/1/a')).toBe('us-xx/statutes/1/a.test.yaml');
    expect(repo.programFiles).toEqual(['programs/us-xx/demo/fy-2026.yaml']);
  });

  it('refuses paths that climb out of the root', async () => {
    await expect(new FsRuleRepository(root).readText('../etc/passwd')).rejects.toThrow(/outside the repository/);
  });
});
