import { describe, expect, it } from 'vitest';
import { composeProgram, evaluatePackage, parseProgramSpec } from '../../../../core/engine/package/index.js';
import { repoOf } from '../helpers.js';

const federal = `format: rulespec/v1
module:
  source_verification:
    corpus_citation_path: us/statute/9/1
rules:
  - name: benefit_rate
    kind: parameter
    dtype: Rate
    source: 9 USC 1(a)
    versions:
      - effective_from: '2020-01-01'
        formula: '0.5'
  - name: member_of_household
    kind: data_relation
    data_relation: {arity: 2, arguments: [Person, Household]}
  - name: person_is_child
    kind: derived
    entity: Person
    dtype: Judgment
    versions:
      - effective_from: '2020-01-01'
        formula: age < 18
  - name: household_has_child
    kind: derived
    entity: Household
    dtype: Judgment
    versions:
      - effective_from: '2020-01-01'
        formula: count_where(member_of_household, person_is_child) > 0
  - name: demo_base_benefit
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    source: 9 USC 1(b)
    versions:
      - effective_from: '2020-01-01'
        formula: max(0, need - income) * benefit_rate
`;

const spec = `program: us-xx/demo
period: 2026-01
outputs:
  - demo_benefit
  - household_has_child
scope:
  federal:
    - statutes/9/1
transformations:
  - pattern: conditional_value
    name: demo_benefit
    effective_from: '2026-01-01'
    entity: Household
    dtype: Money
    unit: USD
    source: demo composition
    condition: household_has_child
    when_true: demo_base_benefit
    when_false: 0
household_aliases:
  size: household_size
input_defaults:
  income: 0
`;

describe('program composition', () => {
  const repo = repoOf({ 'us/statutes/9/1.yaml': federal });
  const parsed = parseProgramSpec('programs/us-xx/demo/fy-2026.yaml', spec);
  if (!parsed.ok) throw new Error(parsed.diagnostics[0].message);
  const composed = composeProgram(repo, parsed.spec);
  if (!composed.ok) throw new Error(composed.diagnostics.map((d) => d.message).join('; '));
  const pkg = composed.package;

  it('keeps unknown spec keys as extensions', () => {
    expect(parsed.spec.extensions).toEqual({ household_aliases: { size: 'household_size' }, input_defaults: { income: 0 } });
    expect(parsed.spec.jurisdiction).toBe('us-xx');
  });

  it('lists inputs with canonical names, accepted ids, entity, dtype and defaults', () => {
    expect(pkg.inputs).toEqual([
      { name: 'us:statutes/9/1#input.age', slot: 'age', accepted: ['us:statutes/9/1#input.age'], entity: 'Person', dtype: 'decimal', relation: 'member_of_household' },
      { name: 'us:statutes/9/1#input.income', slot: 'income', accepted: ['us:statutes/9/1#input.income'], entity: 'Household', dtype: 'decimal', default: 0 },
      { name: 'us:statutes/9/1#input.need', slot: 'need', accepted: ['us:statutes/9/1#input.need'], entity: 'Household', dtype: 'decimal' },
    ]);
    expect(pkg.outputs).toEqual([
      { name: 'demo_benefit', entity: 'Household', dtype: 'Money', unit: 'USD' },
      { name: 'household_has_child', legalId: 'us:statutes/9/1#household_has_child', entity: 'Household', dtype: 'Judgment', unit: undefined },
    ]);
  });

  it('builds the ProgramGraph of the API spec', () => {
    const byName = new Map(pkg.graph.rules.map((r) => [r.name, r]));
    expect(byName.get('demo_benefit')).toEqual({
      legalId: 'demo_benefit',
      name: 'demo_benefit',
      fileLegalId: 'programs/us-xx/demo',
      kind: 'derived',
      entity: 'Household',
      dtype: 'Money',
      period: null,
      unit: 'USD',
      source: 'demo composition',
      sourceUrl: null,
      ruleDeps: ['us:statutes/9/1#demo_base_benefit', 'us:statutes/9/1#household_has_child'],
      inputDeps: [],
      relationDeps: [],
      formula: 'if household_has_child: demo_base_benefit else: 0',
    });
    expect(byName.get('benefit_rate')?.kind).toBe('parameter');
    expect(byName.get('household_has_child')?.relationDeps).toEqual(['us:statutes/9/1#relation.member_of_household']);
    expect(pkg.graph.relations).toEqual([
      { legalId: 'us:statutes/9/1#relation.member_of_household', name: 'member_of_household', fileLegalId: 'us:statutes/9/1', memberInputIds: ['us:statutes/9/1#input.age'] },
    ]);
    expect(pkg.graph.inputs.find((i) => i.name === 'age')).toEqual({
      legalId: 'us:statutes/9/1#input.age',
      name: 'age',
      fileLegalId: 'us:statutes/9/1',
      entity: 'Person',
      relationLegalId: 'us:statutes/9/1#relation.member_of_household',
    });
    expect(pkg.graph.ownOutputs).toEqual(['demo_benefit', 'us:statutes/9/1#household_has_child']);
    expect(pkg.graph.terminalOutputs).toEqual(['demo_benefit']);
  });

  it('has a stable content digest that changes with the rules', () => {
    const again = composeProgram(repo, parsed.spec);
    expect(again.ok && again.package.digest).toBe(pkg.digest);
    expect(pkg.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const changed = composeProgram(repoOf({ 'us/statutes/9/1.yaml': federal.replace("formula: '0.5'", "formula: '0.6'") }), parsed.spec);
    expect(changed.ok && changed.package.digest).not.toBe(pkg.digest);
  });

  it('evaluates a household with relation rows, defaults and a trace', () => {
    const result = evaluatePackage(pkg, {
      inputs: { household: { 'us:statutes/9/1#input.need': 500 }, kid: { age: 4 }, adult: { age: 40 } },
      relations: { 'us:statutes/9/1#relation.member_of_household': [['kid', 'household'], ['adult', 'household']] },
      trace: true,
    });
    expect(result.errors).toEqual({});
    expect(result.outputs).toEqual({ demo_benefit: 250, household_has_child: 'holds' });
    const base = result.trace.find((t) => t.name === 'demo_base_benefit');
    expect(base).toMatchObject({ ruleId: 'us:statutes/9/1#demo_base_benefit', sources: ['9 USC 1(b)', 'us/statute/9/1'], value: 250 });
    expect(base?.parameters[0]).toMatchObject({ id: 'us:statutes/9/1#benefit_rate', effectiveFrom: '2020-01-01', value: 0.5 });
    const missing = evaluatePackage(pkg, { inputs: { kid: { age: 4 } }, relations: { member_of_household: [['kid', 'household']] } });
    expect(missing.errors.demo_benefit).toMatch(/missing input "need"/);
  });

  it('reports a scope module that does not exist', () => {
    const bad = parseProgramSpec('p.yaml', spec.replace('statutes/9/1', 'statutes/9/404'));
    if (!bad.ok) throw new Error('spec should parse');
    const r = composeProgram(repo, bad.spec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0].message).toMatch(/scope modules do not exist: us:statutes\/9\/404/);
  });
});

describe('evaluatePackage input validation', () => {
  const repo = repoOf({ 'us/statutes/9/1.yaml': 'format: rulespec/v1\nrules:\n  - name: v\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: \'2020-01-01\'\n        formula: x * 2\n' });
  const spec = parseProgramSpec('p.yaml', 'program: us-xx/v\nperiod: 2026-01\noutputs: [v]\nscope:\n  federal: [statutes/9/1]\n');
  if (!spec.ok) throw new Error('spec');
  const composed = composeProgram(repo, spec.spec);
  if (!composed.ok) throw new Error('compose');

  it('rejects malformed relations, inputs and values with an EvalError instead of crashing', () => {
    const pkg = composed.package;
    expect(() => evaluatePackage(pkg, { relations: { r: 'nope' as never } })).toThrow(/must be a list of \[member id, entity id\] pairs/);
    expect(() => evaluatePackage(pkg, { inputs: { household: 5 as never } })).toThrow(/must be an object/);
    expect(() => evaluatePackage(pkg, { inputs: { household: { x: { nested: 1 } } } })).toThrow(/unsupported input value/);
    expect(evaluatePackage(pkg, { inputs: { household: { x: 21 } } }).outputs).toEqual({ v: 42 });
  });
});
