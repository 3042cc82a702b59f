import { describe, expect, it } from 'vitest';
import { SharedRepositories } from '../../../adapters/read-surface/shared-repositories.js';
import type { RuleRepository } from '../../../core/ports/rule-repository.js';

function memoryRepository(files: Record<string, string>, reads: string[]): RuleRepository {
  return {
    provenance: async () => ({ name: 'mem', root: 'mem' }),
    listFiles: async () => Object.keys(files).sort(),
    readText: async (path) => {
      reads.push(path);
      return files[path];
    },
  };
}

const MODULE = 'format: rulespec/v1\nrules:\n  - name: rate\n    kind: parameter\n    dtype: Rate\n    versions:\n      - effective_from: 2026-01-01\n        formula: "0.3"\n';

describe('SharedRepositories', () => {
  it('loads once for every claimant and releases when the last is done', async () => {
    const reads: string[] = [];
    const shared = new SharedRepositories(() => [memoryRepository({ 'us/statutes/1/a.yaml': MODULE }, reads)]);
    shared.claim('a');
    shared.claim('b');
    const [first, second] = await Promise.all([shared.load(), shared.load()]);
    expect(first).toBe(second);
    expect(first[0].model.modules.get('us:statutes/1/a')?.rules[0].name).toBe('rate');
    expect(reads).toEqual(['us/statutes/1/a.yaml']);
    shared.done('a');
    expect(await shared.load()).toBe(first);
    shared.done('b');
    expect(await shared.load()).not.toBe(first);
    expect(reads).toHaveLength(2);
  });
});
