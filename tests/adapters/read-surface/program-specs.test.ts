import { describe, expect, it } from 'vitest';
import { catalogProgramSpec } from '../../../adapters/read-surface/load.js';
import { composeProgram, parseProgramSpec } from '../../../core/engine/package/index.js';
import { repoOf } from '../../core/engine/helpers.js';

const MODULE = "format: rulespec/v1\nrules:\n  - name: v\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: x * 2\n";
const repo = repoOf({ 'us/statutes/9/1.yaml': MODULE, 'us-xx/policies/v/2.yaml': MODULE.replace('name: v', 'name: w') });

/** Whether the composer accepts the spec (the runtime's view) beside what the catalog declares (the read view). */
function bothViews(text: string) {
  const parsed = parseProgramSpec('programs/us-xx/v/fy.yaml', text);
  return { composes: parsed.ok && composeProgram(repo, parsed.spec).ok, catalog: catalogProgramSpec(repo, 'programs/us-xx/v/fy.yaml', text) };
}

describe('the catalog reads program specs with the engine parser', () => {
  it('declares the program with the scope modules the composer starts from', () => {
    const { composes, catalog } = bothViews('# V benefit\nprogram: us-xx/v\nperiod: 2026-01\noutputs: [v]\nscope:\n  federal: [statutes/9/1.yaml]\n');
    expect(composes).toBe(true);
    expect(catalog).toEqual({
      program: 'us-xx/v',
      path: 'programs/us-xx/v/fy.yaml',
      period: '2026-01',
      outputs: ['v'],
      acknowledgedIncomplete: [],
      scopeModules: ['us:statutes/9/1'],
      description: 'V benefit.',
    });
  });

  it('declares nothing for a spec the composer refuses: a reserved scope key (once skipped by the catalog only)', () => {
    const { composes, catalog } = bothViews('program: us-xx/v\noutputs: [v]\nscope:\n  exclude: [statutes/9/2]\n  federal: [statutes/9/1]\n');
    expect(composes).toBe(false);
    expect(catalog).toBeUndefined();
  });

  it('declares nothing for a rule named in scope (once trimmed to its module by the catalog only)', () => {
    const { composes, catalog } = bothViews('program: us-xx/v\noutputs: [v]\nscope:\n  federal: [statutes/9/1#v]\n');
    expect(composes).toBe(false);
    expect(catalog).toBeUndefined();
  });

  it('takes the composer\'s roots for a spec without scope (the catalog once saw no modules)', () => {
    // No scope: the producer of each output, in the program's jurisdiction first (us-xx:policies/v/2 makes w).
    const { composes, catalog } = bothViews('program: us-xx/v\noutputs: [w]\n');
    expect(composes).toBe(true);
    expect(catalog?.scopeModules).toEqual(['us-xx:policies/v/2']);
  });

  it('keeps a scope module that does not exist yet (the catalog lists it as planned)', () => {
    expect(bothViews('program: us-xx/v\noutputs: [v]\nscope:\n  federal: [statutes/9/404]\n').catalog?.scopeModules).toEqual(['us:statutes/9/404']);
  });
});
