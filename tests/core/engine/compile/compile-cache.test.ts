import { describe, expect, it } from 'vitest';
import { compileClosure } from '../../../../core/engine/compile/index.js';
import { composeProgram, parseProgramSpec } from '../../../../core/engine/package/index.js';
import { repoOf } from '../helpers.js';

const FILES = {
  'us/statutes/9/1.yaml': "format: rulespec/v1\nrules:\n  - name: rate\n    kind: parameter\n    dtype: Rate\n    versions:\n      - effective_from: '2020-01-01'\n        formula: '0.5'\n  - name: v\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: x * rate\n",
};
const SPEC = 'program: us-xx/v\nperiod: 2026-01\noutputs: [v]\nscope:\n  federal: [statutes/9/1]\n';

function composed(repo: ReturnType<typeof repoOf>) {
  const spec = parseProgramSpec('p.yaml', SPEC);
  if (!spec.ok) throw new Error('spec');
  const result = composeProgram(repo, spec.spec);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  return result.package;
}

describe('CompileCache: one per loaded repository', () => {
  it('shares lowered rules between the closures of one repository and nothing between repositories', () => {
    const repo = repoOf(FILES);
    const first = composed(repo);
    const remembered = repo.compileCache.entries;
    expect(remembered).toBeGreaterThan(0);
    const second = composed(repo);
    // The second composition reuses every lowered rule (same objects) and remembers nothing new.
    expect(second.program.derived.get('v')).toBe(first.program.derived.get('v'));
    expect(repo.compileCache.entries).toBe(remembered);

    const other = repoOf(FILES);
    const elsewhere = composed(other);
    expect(elsewhere.program.derived.get('v')).not.toBe(first.program.derived.get('v'));
    expect(other.compileCache).not.toBe(repo.compileCache);
    // Same rules, same digest, whichever cache computed the canonical texts.
    expect(elsewhere.digest).toBe(first.digest);
  });

  it('compiles a closure on its own when given no cache', () => {
    const repo = repoOf(FILES);
    const a = compileClosure(['us:statutes/9/1'], repo.modules);
    const b = compileClosure(['us:statutes/9/1'], repo.modules);
    if (!a.ok || !b.ok) throw new Error('compile');
    expect(a.program.derived.get('v')).not.toBe(b.program.derived.get('v'));
    expect(repo.compileCache.entries).toBe(0);
  });
});
