import { describe, expect, it } from 'vitest';
import { compileClosure } from '../../../../core/engine/compile/index.js';
import { Evaluator } from '../../../../core/engine/explain/evaluate.js';
import { bool, num, toJson, type Value } from '../../../../core/engine/values.js';
import { MONTH, compileOne, evalRule, inputMap, moduleYaml, repoOf } from '../helpers.js';

const derived = (name: string, formula: string, dtype = 'Money', extra = ''): string =>
  `  - name: ${name}\n    kind: derived\n    entity: Household\n    dtype: ${dtype}\n${extra}    versions:\n      - effective_from: '2020-01-01'\n        formula: ${JSON.stringify(formula)}\n`;
const param = (name: string, value: string, extra = ''): string =>
  `  - name: ${name}\n    kind: parameter\n    dtype: Rate\n${extra}    versions:\n      - effective_from: '2020-01-01'\n        formula: '${value}'\n`;

describe('arithmetic and exact decimals', () => {
  it('computes exactly: 386.5 * 0.30 == 115.95, and division is exact to 28 digits', () => {
    const p = compileOne(param('rate', '0.30') + derived('contribution', 'income * rate') + derived('third', 'income / 3'));
    expect(evalRule(p, 'contribution', { income: 386.5 })).toBe(115.95);
    expect(evalRule(p, 'third', { income: 1 })).toBe('0.3333333333333333333333333333');
  });

  it('makes division by zero and a missing input hard errors', () => {
    const p = compileOne(derived('ratio', 'a / b'));
    expect(() => evalRule(p, 'ratio', { a: 1, b: 0 })).toThrow('division by zero');
    expect(() => evalRule(p, 'ratio', { a: 1 })).toThrow('missing input "b" for entity e1 (read by us-xx:policies/demo/m#ratio, formula line 1, column 5)');
  });

  it('supports max/min/floor/ceil and rounding written as floor(x + 0.5)', () => {
    const p = compileOne(derived('v', 'max(0, min(x, 10)) + floor(y + 0.5) + ceil(z)'));
    expect(evalRule(p, 'v', { x: 12.5, y: 2.5, z: 0.1 })).toBe(10 + 3 + 1);
  });

  it('supports period bounds and date functions', () => {
    const p = compileOne(derived('days_left', 'days_between(start_date, date_add_days(period_end, 1))', 'Integer'));
    expect(evalRule(p, 'days_left', { start_date: '2026-01-10' })).toBe(22);
  });

  it('rejects arithmetic on booleans and text at run time', () => {
    const p = compileOne(derived('v', 'a + 1'));
    expect(() => evalRule(p, 'v', { a: true })).toThrow(/needs a number, got boolean/);
  });
});

describe('three-valued judgments', () => {
  it('short-circuits and/or left to right: inputs right of a decided operand are never read', () => {
    const p = compileOne(derived('j_and', 'a and b', 'Judgment') + derived('j_or', 'a or b', 'Judgment'));
    expect(evalRule(p, 'j_and', { a: false })).toBe('not_holds');
    expect(evalRule(p, 'j_or', { a: true })).toBe('holds');
    expect(() => evalRule(p, 'j_and', { a: true })).toThrow('missing input "b"');
  });

  it('propagates undetermined: and/or/not follow Kleene logic and if treats undetermined as false', () => {
    const p = compileOne(
      derived('u', 'undetermined_leaf', 'Judgment') +
        derived('u_and_t', 'u and t', 'Judgment') +
        derived('u_and_f', 'u and f', 'Judgment') +
        derived('u_or_t', 'u or t', 'Judgment') +
        derived('not_u', 'not u', 'Judgment') +
        derived('pick', 'if u: 1 else: 2'),
    );
    // No leaf yields undetermined in practice (§4.6), so seed the memo of `u` with it directly.
    const ev = (name: string) => {
      const im = new Map<string, Map<string, Value>>([
        ['t', new Map([['e1', bool(true)]])],
        ['f', new Map([['e1', bool(false)]])],
      ]);
      const e = new Evaluator(p, { inputs: im, relations: new Map() }, MONTH);
      (e as unknown as { memo: Map<string, unknown> }).memo.set('u\u0000e1', { k: 'judg', j: 'undetermined' });
      return toJson(e.evaluate(name, 'e1'));
    };
    expect(ev('u_and_t')).toBe('undetermined');
    expect(ev('u_and_f')).toBe('not_holds');
    expect(ev('u_or_t')).toBe('holds');
    expect(ev('not_u')).toBe('undetermined');
    expect(ev('pick')).toBe(2);
  });

  it('evaluates only the chosen if branch', () => {
    const p = compileOne(derived('v', 'if size <= 2: small_amount else: large_amount'));
    expect(evalRule(p, 'v', { size: 1, small_amount: 24 })).toBe(24);
    expect(() => evalRule(p, 'v', { size: 3, small_amount: 24 })).toThrow('missing input "large_amount"');
  });

  it('uses the last arm of a match without _ as the fallback', () => {
    const p = compileOne(derived('rate', 'match kids: 0 => 0.0765 1 => 0.34 2 => 0.40'));
    expect(evalRule(p, 'rate', { kids: 1 })).toBe(0.34);
    expect(evalRule(p, 'rate', { kids: 7 })).toBe(0.4);
  });

  it('compares text with == only and numbers kind-insensitively', () => {
    const p = compileOne(derived('is_a', 'kind == "a"', 'Judgment') + derived('eq', 'n == 2.0', 'Judgment') + derived('lt', 'kind < "b"', 'Judgment'));
    expect(evalRule(p, 'is_a', { kind: 'a' })).toBe('holds');
    expect(evalRule(p, 'eq', { n: 2 })).toBe('holds');
    expect(() => evalRule(p, 'lt', { kind: 'a' })).toThrow(/only == and != are allowed/);
  });
});

describe('checker (lowering) errors name the rule and position', () => {
  const fails = (rules: string): string => {
    const repo = repoOf({ 'us-xx/policies/demo/m.yaml': moduleYaml(rules) });
    const r = compileClosure(['us-xx:policies/demo/m'], repo.modules);
    if (r.ok) throw new Error('expected a compile error');
    return r.diagnostics.map((d) => `${d.file}|${d.rule}|${d.message}`).join('\n');
  };

  it('rejects comparisons in scalar position and arithmetic in judgment position', () => {
    expect(fails(derived('v', 'a > 1'))).toMatch(/us-xx\/policies\/demo\/m.yaml\|v\|.*comparison ">" is only allowed where a judgment is expected.*\(line 1, column 3\)/);
    expect(fails(derived('j', 'a + 1', 'Judgment'))).toMatch(/arithmetic cannot be used where a judgment is expected/);
    expect(fails(derived('j', 'not x > 5', 'Judgment'))).toMatch(/"not" is only allowed where a judgment is expected/);
  });

  it('points lowering errors at the file line and column', () => {
    const repo = repoOf({ 'us-xx/policies/demo/m.yaml': moduleYaml(derived('v', 'a > 1')) });
    const r = compileClosure(['us-xx:policies/demo/m'], repo.modules);
    expect(r.ok).toBe(false);
    // Line 11 is `        formula: "a > 1"`; the ">" is at column 21.
    if (!r.ok) expect(r.diagnostics[0]).toMatchObject({ file: 'us-xx/policies/demo/m.yaml', rule: 'v', line: 11, column: 21 });
  });

  it('rejects unknown functions and bad table lookups', () => {
    expect(fails(derived('v', 'round(x)'))).toMatch(/unknown function "round"/);
    expect(fails(derived('v', 'x[1]'))).toMatch(/only a parameter table can be indexed/);
  });

  it('names a dependency cycle', () => {
    expect(fails(derived('a', 'b + 1') + derived('b', 'c + 1') + derived('c', 'a + 1'))).toMatch(/dependency cycle: a → b → c → a/);
  });

  it('makes the lifetime-only functions a clear run-time error', () => {
    const p = compileOne(derived('v', 'sum_top_n_over_periods(x, 35)'));
    expect(() => evalRule(p, 'v', { x: 1 })).toThrow(/needs lifetime \(multi-period\) execution/);
  });
});

describe('versions and parameters', () => {
  const versioned = `  - name: amount
    kind: derived
    entity: Household
    dtype: Money
    versions:
      - effective_from: '2024-01-01'
        effective_to: '2024-12-31'
        formula: '100'
      - effective_from: '2026-01-01'
        formula: '300'
`;
  it('selects the live version by the period start and honours effective_to (no fallback to an expired version)', () => {
    const p = compileOne(versioned);
    expect(evalRule(p, 'amount', {}, { period: { start: '2024-06-01', end: '2024-06-30' } })).toBe(100);
    expect(evalRule(p, 'amount', {}, { period: { start: '2026-01-01', end: '2026-01-31' } })).toBe(300);
    expect(() => evalRule(p, 'amount', {}, { period: { start: '2025-03-01', end: '2025-03-31' } })).toThrow(/has no formula version at 2025-03-01/);
  });

  const table = `  - name: fare
    kind: parameter
    dtype: Money
    unit: USD
    indexed_by: party_size
    versions:
      - effective_from: '2020-01-01'
        values: {1: 12, 2: 20, 3: 27}
      - effective_from: '2026-01-01'
        values: {1: 13, 2: 21, 3: 29}
`;
  it('looks tables up by integer key, never clamps, and reads key 0 when used bare', () => {
    const p = compileOne(table + derived('f', 'fare[min(party_size, 3)]') + derived('g', 'fare[party_size / 2]') + derived('bare', 'fare + 0'));
    expect(evalRule(p, 'f', { party_size: 9 })).toBe(29);
    expect(evalRule(p, 'f', { party_size: 2 }, { period: { start: '2025-01-01', end: '2025-01-31' } })).toBe(20);
    expect(() => evalRule(p, 'f', { party_size: 0 })).toThrow(/no value for key 0/);
    expect(() => evalRule(p, 'g', { party_size: 3 })).toThrow(/table key must be an integer/);
    expect(() => evalRule(p, 'bare', {})).toThrow(/no value for key 0/);
  });

  it('records each value with its rule, entity, legal sources and parameter reads (with their effective dates) in the trace', () => {
    const p = compileOne(table + derived('f', 'fare[party_size]', 'Money', '    source: Demo Code 1(a)\n'));
    const ev = new Evaluator(p, { inputs: new Map([['party_size', new Map([['e1', num(2)]])]]), relations: new Map() }, MONTH, { trace: true });
    expect(toJson(ev.evaluate('f', 'e1'))).toBe(21);
    expect(ev.trace).toEqual([
      {
        ruleId: 'us-xx:policies/demo/m#f',
        name: 'f',
        entity: 'e1',
        value: 21,
        sources: ['Demo Code 1(a)'],
        parameters: [{ id: 'us-xx:policies/demo/m#fare', name: 'fare', key: 2, effectiveFrom: '2026-01-01', effectiveTo: undefined, value: 21 }],
      },
    ]);
  });

  it('rounds currency outputs before caching, using the unit minor units', () => {
    const rules = derived('tax', 'income * 0.0725', 'Money', '    unit: USD\n    rounding: half_up\n') + derived('twice', 'tax * 2');
    const p = compileOne(rules);
    expect(evalRule(p, 'tax', { income: 100.1 })).toBe(7.26);
    expect(evalRule(p, 'twice', { income: 100.1 })).toBe(14.52);
    const whole = compileOne(rules, 'units:\n  - {name: USD, kind: currency, minor_units: 0}\n');
    expect(evalRule(whole, 'tax', { income: 100.1 })).toBe(7);
  });
});

describe('relations', () => {
  const rel = `  - name: member_of_household
    kind: data_relation
    data_relation: {arity: 2, arguments: [Person, Household]}
  - name: person_is_elderly
    kind: derived
    entity: Person
    dtype: Judgment
    versions:
      - effective_from: '2020-01-01'
        formula: age >= 60
`;
  const rules =
    rel +
    derived('size', 'len(member_of_household)', 'Integer') +
    derived('has_elderly', 'count_where(member_of_household, person_is_elderly) > 0', 'Judgment') +
    derived('elderly_income', 'sum_where(member_of_household, income, person_is_elderly)') +
    derived('total_income', 'sum(member_of_household.income)');
  const members = { p1: { age: 70, income: 100 }, p2: { age: 30, income: 50.5 } };
  const tuples: Record<string, [string, string][]> = { member_of_household: [['p2', 'e1'], ['p1', 'e1'], ['p1', 'e1'], ['x', 'other']] };

  it('aggregates over members (slot 0) of the current entity (slot 1)', () => {
    const p = compileOne(rules);
    expect(evalRule(p, 'size', {}, { relations: tuples, memberInputs: members })).toBe(2);
    expect(evalRule(p, 'has_elderly', {}, { relations: tuples, memberInputs: members })).toBe('holds');
    expect(evalRule(p, 'elderly_income', {}, { relations: tuples, memberInputs: members })).toBe(100);
    expect(evalRule(p, 'total_income', {}, { relations: tuples, memberInputs: members })).toBe(150.5);
  });

  it('gives 0 / not_holds for no rows, and errors on a missing member input', () => {
    const p = compileOne(rules);
    expect(evalRule(p, 'size', {})).toBe(0);
    expect(evalRule(p, 'has_elderly', {})).toBe('not_holds');
    expect(() => evalRule(p, 'has_elderly', {}, { relations: tuples, memberInputs: { p1: {} } })).toThrow(/missing input "age" for entity p1/);
  });

  it('filters a derived relation by its predicate per member', () => {
    const p = compileOne(
      rules +
        `  - name: elderly_members
    kind: derived_relation
    derived_relation: {arity: 2, source_relation: member_of_household}
    versions:
      - effective_from: '2020-01-01'
        formula: person_is_elderly and not excluded
` +
        derived('elderly_count', 'len(elderly_members)', 'Integer'),
    );
    expect(evalRule(p, 'elderly_count', {}, { relations: tuples, memberInputs: { p1: { age: 70, excluded: false }, p2: { age: 30 } } })).toBe(1);
  });
});

describe('pathological input', () => {
  it('reports a formula too deep to compile as a diagnostic instead of crashing', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `x${i}`).join(' + ');
    const repo = repoOf({ 'us-xx/policies/demo/m.yaml': moduleYaml(derived('huge', long)) });
    const r = compileClosure(['us-xx:policies/demo/m'], repo.modules);
    // Either it compiles, or it fails with a diagnostic naming the rule: it must not throw.
    if (!r.ok) expect(r.diagnostics[0].rule).toBe('huge');
  });
});

describe('resolution quirks of the reference', () => {
  it('supports exactly_one and the _ wildcard arm', () => {
    const p = compileOne(derived('one', 'exactly_one(a, b, c)', 'Judgment') + derived('m', 'match code: "x" => 1 _ => 9'));
    expect(evalRule(p, 'one', { a: true, b: false, c: false })).toBe('holds');
    expect(evalRule(p, 'one', { a: true, b: true, c: false })).toBe('not_holds');
    expect(evalRule(p, 'm', { code: 'y' })).toBe(9);
  });

  it('reads a Boolean parameter used bare in judgment position as an input of the same name (§4.4 trap)', () => {
    const p = compileOne(
      `  - name: program_active\n    kind: parameter\n    dtype: Boolean\n    versions:\n      - effective_from: '2020-01-01'\n        formula: 'true'\n` +
        derived('gate', 'program_active and eligible', 'Judgment') +
        derived('amount', 'if program_active: 1 else: 0'),
    );
    expect(() => evalRule(p, 'gate', { eligible: true })).toThrow('missing input "program_active"');
    expect(evalRule(p, 'gate', { eligible: true, program_active: false })).toBe('not_holds');
  });

  it('decides parameter vs derived by shape: a no-entity literal is a parameter, a no-entity formula is Scalar-derived', () => {
    const p = compileOne(
      `  - name: lit\n    kind: derived\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: '5'\n` +
        `  - name: computed\n    kind: parameter\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: lit * 2\n`,
    );
    expect(p.parameters.has('lit')).toBe(true);
    expect(p.derived.get('computed')?.rule.entity).toBeUndefined();
    expect(evalRule(p, 'computed')).toBe(10);
  });

  it('evaluates derived-relation predicates per member, reading current-entity judgments for the aggregating entity', () => {
    const p = compileOne(
      `  - name: member_of_household
    kind: data_relation
    data_relation: {arity: 2, arguments: [Person, Household]}
  - name: household_in_pilot
    kind: derived
    entity: Household
    dtype: Judgment
    versions:
      - effective_from: '2020-01-01'
        formula: pilot_flag
  - name: person_is_adult
    kind: derived
    entity: Person
    dtype: Judgment
    versions:
      - effective_from: '2020-01-01'
        formula: age >= 18
  - name: pilot_adults
    kind: derived_relation
    derived_relation: {arity: 2, source_relation: member_of_household, slot_entities: [Person, Household], member_relation: adults}
    versions:
      - effective_from: '2020-01-01'
        formula: person_is_adult and household_in_pilot and member_of_household
` + derived('adult_count', 'len(adults)', 'Integer'),
    );
    const relations: Record<string, [string, string][]> = { member_of_household: [['p1', 'e1'], ['p2', 'e1']] };
    const memberInputs = { p1: { age: 40 }, p2: { age: 10 } };
    expect(evalRule(p, 'adult_count', { pilot_flag: true }, { relations, memberInputs })).toBe(1);
    expect(evalRule(p, 'adult_count', { pilot_flag: false }, { relations, memberInputs })).toBe(0);
  });

  it('reads a derived relation with current_slot 0 the other way round: a person aggregates over its household', () => {
    const p = compileOne(
      `  - name: member_of_household
    kind: data_relation
    data_relation: {arity: 2, arguments: [Person, Household]}
  - name: household_of_person
    kind: derived_relation
    derived_relation: {arity: 2, source_relation: member_of_household, slot_entities: [Person, Household], current_slot: 0, related_slot: 1}
    versions:
      - effective_from: '2020-01-01'
        formula: 'true'
  - name: person_household_income
    kind: derived
    entity: Person
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: sum(household_of_person.household_income)
` + derived('household_income', 'income + 0'),
    );
    // p1 and p2 live in e1 (income 500), p3 in e2 (income 70): each person reads its own household's value.
    const relations = new Map<string, [string, string][]>([['member_of_household', [['p1', 'e1'], ['p2', 'e1'], ['p3', 'e2']]]]);
    const ev = new Evaluator(p, { inputs: inputMap({ income: 500 }, { e2: { income: 70 } }), relations }, MONTH);
    expect(toJson(ev.evaluate('person_household_income', 'p2'))).toBe(500);
    expect(toJson(ev.evaluate('person_household_income', 'p3'))).toBe(70);
  });
});
