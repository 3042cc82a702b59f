import { describe, expect, it } from 'vitest';
import { composeProgram, parseProgramSpec } from '../../../../core/engine/package/index.js';
import { repoOf } from '../helpers.js';

function parsed(text: string) {
  const result = parseProgramSpec('programs/us-co/snap/fy-2026.yaml', text);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  return result.spec;
}

function refusal(text: string): string {
  const result = parseProgramSpec('p.yaml', text);
  if (result.ok) throw new Error('expected the spec to be refused');
  return result.diagnostics.map((d) => d.message).join('; ');
}

describe('parseProgramSpec scope', () => {
  it('resolves anchors to module ids once, first mention first (reference §9)', () => {
    const spec = parsed(`program: us-co/snap
period: 2026-01
outputs: [snap_benefit]
scope:
  federal: [statutes/7/2017/a, statutes/7/2017/a]
  state: [policies/cdhs/snap/sua.yaml]
  us-ca: [regulations/mpp/63-503]
  other: ['us-ny:policies/otda/snap', '  ']
`);
    // federal -> us, state -> the program's jurisdiction, another key is the prefix itself, a path with ':' is an id;
    // a file name loses its .yaml (it names the same module); blank entries and repeats are dropped.
    expect(spec.scopeModules).toEqual(['us:statutes/7/2017/a', 'us-co:policies/cdhs/snap/sua', 'us-ca:regulations/mpp/63-503', 'us-ny:policies/otda/snap']);
  });

  it('refuses a reserved scope key and a rule named in scope (the catalog once skipped or trimmed them)', () => {
    expect(refusal('program: us-co/snap\noutputs: [x]\nscope:\n  include: [a]\n  federal: [statutes/7/2017/a]\n')).toBe('scope key "include" is reserved');
    expect(refusal('program: us-co/snap\noutputs: [x]\nscope:\n  federal: [statutes/7/2017/a#snap_benefit]\n')).toMatch(/names a rule; scope lists modules/);
  });

  it('has no scope modules without a scope (the composer then finds each output\'s producer)', () => {
    expect(parsed('program: us-co/snap\noutputs: [x]\n').scopeModules).toEqual([]);
  });

  it('lets the composer find a module named by its file in scope', () => {
    const repo = repoOf({ 'us/statutes/9/1.yaml': "format: rulespec/v1\nrules:\n  - name: v\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: x * 2\n" });
    const composed = composeProgram(repo, parsed('program: us-xx/v\nperiod: 2026-01\noutputs: [v]\nscope:\n  federal: [statutes/9/1.yaml]\n'));
    expect(composed.ok).toBe(true);
  });
});
