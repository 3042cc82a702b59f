/**
 * A package's extensions reach the runtime only through its program profile: a spec whose extensions are well
 * formed composes with them (aliases, limits, closed lists, material inputs, default outputs), and one whose
 * extension is malformed does not compose, listed among the runtime's problems with the package, the extension
 * and what is wrong.
 */
import { describe, expect, it } from 'vitest';
import type { RuleRepository } from '../../../core/ports/rule-repository.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const MODULE = `format: rulespec/v1
module:
  summary: A test credit.
  source_verification:
    corpus_citation_path: us-zz/statute/1/a
rules:
  - name: credit
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    period: Month
    source: Test Code 1(a)
    versions:
      - effective_from: '2025-01-01'
        formula: |-
          if region == "north": members * 10 else: members * 5
`;

const spec = (program: string, extensions: string) => `program: us-zz/${program}
period: 2026-01
outputs:
  - credit
scope:
  state:
    - statutes/1/a
${extensions}`;

const FILES: Record<string, string> = {
  'us-zz/statutes/1/a.yaml': MODULE,
  'programs/us-zz/good/fy-2026.yaml': spec(
    'good',
    `default_outputs: [credit]
household_aliases: {household_size: us-zz:statutes/1/a#input.members, region: us-zz:statutes/1/a#input.region}
input_defaults: {household_size: 1, region: south}
input_limits: {household_size: {minimum: 1, maximum: 20}}
input_values: {region: [north, south]}
material_inputs: {household: {region: {reason: the credit is higher in the north}}}
`,
  ),
  'programs/us-zz/bad/fy-2026.yaml': spec('bad', 'input_limits: {household_size: {minimum: one}}\n'),
};

const memoryRepository: RuleRepository = {
  provenance: async () => ({ name: 'memory-test', root: 'memory' }),
  listFiles: async () => Object.keys(FILES).sort(),
  readText: async (path) => FILES[path],
};

describe('program profiles in the compiled runtime', () => {
  it('composes a package from its profile and refuses one whose extension is malformed, naming it', async () => {
    const runtime = await CompiledRuntime.fromRepositories([memoryRepository], { companionTests: 'off' });
    expect(runtime.problems).toEqual([
      { root: 'memory', spec: 'programs/us-zz/bad/fy-2026.yaml', message: 'us-zz/bad: extension input_limits (household_size.minimum): must be a number, got "one"' },
    ]);
    expect(runtime.find('bad', 'us-zz')).toBeUndefined();
    const good = runtime.find('good', 'us-zz');
    const inputs = good?.shape.entities[0].inputs ?? [];
    expect(inputs.find((i) => i.name.endsWith('members'))).toMatchObject({ default: 1, minimum: 1, maximum: 20 });
    expect(inputs.find((i) => i.name.endsWith('region'))).toMatchObject({ default: 'south', values: ['north', 'south'], material: { reason: 'the credit is higher in the north' } });
    expect(good?.shape.household_aliases).toMatchObject({ household_size: expect.stringMatching(/members$/), region: expect.stringMatching(/region$/) });
  });
});
