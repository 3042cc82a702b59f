import { describe, expect, it } from 'vitest';
import { compileClosure } from '../../../../core/engine/compile/index.js';
import { isCanonicalCitationPath, moduleIdFromPath, parseImport, targetProblem } from '../../../../core/engine/syntax/ids.js';
import { loadModule } from '../../../../core/engine/load/module-loader.js';
import { evalRule, repoOf } from '../helpers.js';

const ok = `format: rulespec/v1
module:
  summary: fine
  source_verification:
    corpus_citation_path: us-xx/statute/1/2
rules:
  - name: base_amount
    kind: parameter
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: '100'
`;

describe('ids', () => {
  it('maps file paths to module ids and validates targets', () => {
    expect(moduleIdFromPath('us/statutes/7/2017/a.yaml')).toBe('us:statutes/7/2017/a');
    expect(moduleIdFromPath('us/statutes/7/2017/a.test.yaml')).toBeUndefined();
    expect(targetProblem('us:statutes/7/2017/a')).toBeUndefined();
    expect(targetProblem('us:manual/x')).toMatch(/not an atomic root/);
    expect(targetProblem('us-la:statutes/47:294')).toMatch(/exactly one ":"/);
    expect(targetProblem('us:statutes')).toMatch(/at least two/);
    expect(parseImport('us:statutes/7/2017/a#snap_x')).toEqual({ id: 'us:statutes/7/2017/a' });
    expect(parseImport('us:statutes/7/2017/a#bad frag').problem).toMatch(/fragment/);
    expect(isCanonicalCitationPath('us/statute/7/2017')).toBe(true);
    expect(isCanonicalCitationPath('us/statute')).toBe(false);
  });
});

describe('module loader', () => {
  it('loads a module, classifying by shape: a no-entity literal rule is a parameter whatever its kind', () => {
    const m = loadModule('us-xx:statutes/1/2', 'us-xx/statutes/1/2.yaml', ok.replace('kind: parameter', 'kind: derived'));
    expect(m.ok).toBe(true);
    expect(m.rules[0]).toMatchObject({ shape: 'parameter', declaredKind: 'derived', id: 'us-xx:statutes/1/2#base_amount', citationPath: 'us-xx/statute/1/2', line: 7 });
  });

  it('reports shape errors with the file, rule and line, and a plain message', () => {
    const bad = ok.replace("formula: '100'", "formula: '100'\n    default: 3");
    const m = loadModule('us-xx:statutes/1/2', 'us-xx/statutes/1/2.yaml', bad);
    expect(m.ok).toBe(false);
    expect(m.diagnostics[0]).toMatchObject({ severity: 'error', file: 'us-xx/statutes/1/2.yaml', rule: 'base_amount', line: 7 });
    expect(m.diagnostics[0].message).toMatch(/"default:" is not allowed/);
  });

  it('reports formula syntax errors with the formula position', () => {
    const m = loadModule('us-xx:statutes/1/2', 'us-xx/statutes/1/2.yaml', ok.replace("formula: '100'", "formula: 'a < b < c'").replace('kind: parameter', 'kind: derived\n    entity: Person'));
    expect(m.ok).toBe(false);
    expect(m.diagnostics[0].message).toMatch(/formula: comparisons cannot be chained.*\(line 1, column 7\)/);
    expect(m.diagnostics[0].rule).toBe('base_amount');
  });

  it('points syntax errors at the file line and column of the formula (block and inline scalars)', () => {
    const text = `format: rulespec/v1
rules:
  - name: first
    kind: derived
    entity: Person
    versions:
      - effective_from: '2020-01-01'
        formula: |-
          max(0,
              a < b < c)
  - name: second
    kind: derived
    entity: Person
    versions:
      - effective_from: '2020-01-01'
        formula: a +
`;
    const m = loadModule('us-xx:statutes/1/2', 'us-xx/statutes/1/2.yaml', text);
    const [first, second] = m.diagnostics;
    expect(first).toMatchObject({ rule: 'first', line: 10, column: 21 });
    expect(first.message).toMatch(/comparisons cannot be chained.*\(line 2, column 11\)/);
    expect(second).toMatchObject({ rule: 'second', line: 16, column: 21 });
    expect(second.message).toMatch(/unexpected end of formula/);
  });

  it.each([
    ['a wrong format', ok.replace('rulespec/v1', 'rulespec/v2'), /"format" must be exactly rulespec\/v1/],
    ['a top-level relations key', `${ok}relations: []\n`, /top-level "relations" is not allowed/],
    ['a missing kind', ok.replace('    kind: parameter\n', ''), /missing or unknown kind/],
    ['a duplicate effective_from', ok.replace("        formula: '100'\n", "        formula: '100'\n      - effective_from: '2020-01-01'\n        formula: '200'\n"), /two versions starting 2020-01-01/],
    ['overlapping effective_to', ok.replace("        formula: '100'\n", "        effective_to: '2021-06-01'\n        formula: '100'\n      - effective_from: '2021-01-01'\n        formula: '200'\n"), /on or after the next version starts/],
    ['a table without indexed_by', ok.replace("formula: '100'", 'values: {1: 10}'), /values table but no indexed_by/],
    ['a non-integer table key', ok.replace("formula: '100'", 'values: {a: 10}').replace('dtype: Money', 'dtype: Money\n    indexed_by: n'), /table key "a" is not an integer/],
    ['rounding on a parameter', ok.replace('dtype: Money', 'dtype: Money\n    rounding: half_up'), /only allowed on derived rules/],
    ['broken YAML', 'format: rulespec/v1\nrules: [\n', /YAML syntax error/],
  ])('rejects %s', (_what, text, message) => {
    const m = loadModule('us-xx:statutes/1/2', 'us-xx/statutes/1/2.yaml', text);
    expect(m.ok).toBe(false);
    expect(m.diagnostics.map((d) => d.message).join('\n')).toMatch(message);
  });

  it('keeps loading the rest of the repository when one module is bad, and names it when imported', () => {
    const repo = repoOf({
      'us-xx/statutes/1/good.yaml': ok,
      'us-xx/statutes/1/bad.yaml': 'format: rulespec/v1\nrules:\n  - name: x\n    kind: derived\n    entity: P\n    versions:\n      - effective_from: 2020-01-01\n        formula: "1 +"\n',
      'us-xx/statutes/1/user.yaml': 'format: rulespec/v1\nimports: [us-xx:statutes/1/bad]\nrules: []\n',
    });
    expect(repo.modules.get('us-xx:statutes/1/good')?.ok).toBe(true);
    expect(repo.modules.get('us-xx:statutes/1/bad')?.ok).toBe(false);
    expect(repo.diagnostics.find((d) => d.module === 'us-xx:statutes/1/bad')?.message).toMatch(/unexpected end of formula/);
    const r = compileClosure(['us-xx:statutes/1/user'], repo.modules);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0].message).toMatch(/module us-xx:statutes\/1\/bad failed to load \(imported by us-xx:statutes\/1\/user\)/);
  });

  it('detects import cycles and missing imports', () => {
    const repo = repoOf({
      'us-xx/statutes/1/a.yaml': 'format: rulespec/v1\nimports: [us-xx:statutes/1/b]\nrules: []\n',
      'us-xx/statutes/1/b.yaml': 'format: rulespec/v1\nimports: [us-xx:statutes/1/a, us-xx:statutes/1/missing]\nrules: []\n',
    });
    const r = compileClosure(['us-xx:statutes/1/a'], repo.modules);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const text = r.diagnostics.map((d) => d.message).join('\n');
      expect(text).toMatch(/import cycle: us-xx:statutes\/1\/a → us-xx:statutes\/1\/b → us-xx:statutes\/1\/a/);
      expect(text).toMatch(/imported module "us-xx:statutes\/1\/missing" does not exist/);
    }
  });
});

describe('closure namespace and sets bindings', () => {
  const federal = `format: rulespec/v1
rules:
  - name: state_utility_allowance
    kind: parameter
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: '0'
  - name: allowance_used
    kind: derived
    entity: Household
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: state_utility_allowance + extra
`;
  const state = `format: rulespec/v1
imports: [us:regulations/1/hook]
rules:
  - name: xx_utility_allowance
    kind: parameter
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: '512'
  - name: xx_sets_allowance
    kind: source_relation
    source_relation:
      type: sets
      target: us:regulations/1/hook#state_utility_allowance
      value: us-xx:regulations/1/state#xx_utility_allowance
      basis: {delegation: us:regulations/1/hook#allowance_used}
`;
  it('binds a federal hook to the state value through sets, only in closures with the state module', () => {
    const repo = repoOf({ 'us/regulations/1/hook.yaml': federal, 'us-xx/regulations/1/state.yaml': state });
    const fed = compileClosure(['us:regulations/1/hook'], repo.modules);
    const st = compileClosure(['us-xx:regulations/1/state'], repo.modules);
    if (!fed.ok || !st.ok) throw new Error('compile failed');
    expect(evalRule(fed.program, 'allowance_used', { extra: 1 })).toBe(1);
    expect(evalRule(st.program, 'allowance_used', { extra: 1 })).toBe(513);
    expect(st.program.parameters.get('state_utility_allowance')?.boundBy).toEqual({ hook: 'us-xx:regulations/1/state#xx_sets_allowance', value: 'us-xx:regulations/1/state#xx_utility_allowance' });
  });

  it('rejects two derived rules with the same name in one closure', () => {
    const dup = federal.replace('rules:\n', 'imports: [us:regulations/1/hook]\nrules:\n');
    const repo = repoOf({ 'us/regulations/1/hook.yaml': federal, 'us/regulations/1/dup.yaml': dup.replace(/ {2}- name: state_utility_allowance[\s\S]*?formula: '0'\n/, '') });
    const r = compileClosure(['us:regulations/1/dup'], repo.modules);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0].message).toMatch(/derived rule "allowance_used" is defined in both us:regulations\/1\/hook and us:regulations\/1\/dup/);
  });
});
