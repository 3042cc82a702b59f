/**
 * applyParameterOverrides on a small composed package: each override form gives the outputs and parameter reads
 * of the same package composed from a hand-edited copy of the rule file, on the explain and fast paths; bad
 * overrides name the parameter and what it accepts.
 */
import { describe, expect, it } from 'vitest';
import { applyParameterOverrides, composeProgram, evaluatePackage, MAX_PARAMETER_OVERRIDES, parseProgramSpec, type PackageRequest, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';
import { repoOf } from '../helpers.js';

const rules = (rate: string, table: string, flag: string) => `format: rulespec/v1
module:
  source_verification:
    corpus_citation_path: us/statute/9/1
rules:
  - name: benefit_rate
    kind: parameter
    dtype: Rate
    source: 9 USC 1(a)
    versions:
${rate}
  - name: allowance
    kind: parameter
    dtype: Money
    unit: USD
    indexed_by: household_size
    source: 9 USC 1(b)
    versions:
${table}
  - name: allowance_applies
    kind: parameter
    dtype: Boolean
    source: 9 USC 1(c)
    versions:
${flag}
  - name: demo_benefit
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    source: 9 USC 1(d)
    versions:
      - effective_from: '2020-01-01'
        formula: max(0, need - income) * benefit_rate + demo_allowance
  - name: demo_allowance
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    source: 9 USC 1(c)
    versions:
      - effective_from: '2020-01-01'
        formula: 'if allowance_applies == true: allowance[min(household_size, 3)] else: 0'
`;

const RATE = `      - effective_from: '2020-01-01'\n        formula: '0.5'\n      - effective_from: '2025-10-01'\n        formula: '0.25'`;
const TABLE = `      - effective_from: '2020-01-01'\n        values: {1: 100, 2: 150, 3: 200}`;
const FLAG = `      - effective_from: '2020-01-01'\n        formula: 'true'`;

const SPEC = `program: us-xx/demo\nperiod: 2026-01\noutputs:\n  - demo_benefit\nscope:\n  federal:\n    - statutes/9/1\n`;

function compose(text: string): RuntimePackage {
  const parsed = parseProgramSpec('programs/us-xx/demo/fy-2026.yaml', SPEC);
  if (!parsed.ok) throw new Error(parsed.diagnostics[0].message);
  const composed = composeProgram(repoOf({ 'us/statutes/9/1.yaml': text }), parsed.spec);
  if (!composed.ok) throw new Error(composed.diagnostics.map((d) => d.message).join('; '));
  return composed.package;
}

const base = compose(rules(RATE, TABLE, FLAG));

function overridden(overrides: Record<string, unknown>): RuntimePackage {
  const result = applyParameterOverrides(base, overrides);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.parameter}: ${p.message}`).join('; '));
  return result.package;
}

function problems(overrides: Record<string, unknown>): string[] {
  const result = applyParameterOverrides(base, overrides);
  return result.ok ? [] : result.problems.map((p) => `${p.parameter}: ${p.message}`);
}

const requests: PackageRequest[] = [
  { period: '2026-01', inputs: { household: { need: 900, income: 300, household_size: 2 } }, trace: true },
  { period: '2025-01', inputs: { household: { need: 900, income: 300, household_size: 5 } }, trace: true },
];

/** Outputs and every rule's parameter reads, explain and fast, for both requests. */
function answers(pkg: RuntimePackage): unknown[] {
  return requests.flatMap((request) =>
    [evaluatePackage, evaluatePackageFast].map((evaluate) => {
      const result = evaluate(pkg, request);
      return { outputs: result.outputs, reads: result.trace.map((t) => [t.name, t.value, t.parameters]) };
    }),
  );
}

describe('applyParameterOverrides', () => {
  it('a plain scalar value changes every version, as editing each version of the rule would', () => {
    // 2026-01: (900 - 300) x 0.3 + 150 = 330; the base gives 600 x 0.25 + 150 = 300.
    const edited = compose(rules(RATE.replace("'0.5'", "'0.3'").replace("'0.25'", "'0.3'"), TABLE, FLAG));
    const pkg = overridden({ benefit_rate: 0.3 });
    expect(answers(pkg)).toEqual(answers(edited));
    expect(evaluatePackage(pkg, requests[0]).outputs.demo_benefit).toBe(330);
    expect(evaluatePackage(base, requests[0]).outputs.demo_benefit).toBe(300);
  });

  it('a table entry given by key is merged into every version; the durable id works too', () => {
    // size 2: 600 x 0.25 + 175 = 325 in 2026-01.
    const edited = compose(rules(RATE, TABLE.replace('2: 150', '2: 175'), FLAG));
    const pkg = overridden({ 'us:statutes/9/1#allowance': { 2: 175 } });
    expect(answers(pkg)).toEqual(answers(edited));
    expect(evaluatePackage(pkg, requests[0]).outputs.demo_benefit).toBe(325);
  });

  it('dated versions replace the versions, as a rewritten versions list would', () => {
    const dated = [
      { effective_from: '2020-01-01', value: { 1: 90, 2: 140, 3: 190 } },
      { effective_from: '2025-10-01', value: { 1: 110, 2: 160, 3: 210 } },
    ];
    const table = `      - effective_from: '2020-01-01'\n        values: {1: 90, 2: 140, 3: 190}\n      - effective_from: '2025-10-01'\n        values: {1: 110, 2: 160, 3: 210}`;
    const edited = compose(rules(RATE, table, FLAG));
    const pkg = overridden({ allowance: dated, allowance_applies: [{ effective_from: '2020-01-01', value: true }] });
    expect(answers(pkg)).toEqual(answers(edited));
    // 2025-01, size 5 reads key 3 of the first version: 600 x 0.5 + 190 = 490.
    expect(evaluatePackage(pkg, requests[1]).outputs.demo_benefit).toBe(490);
  });

  it('a boolean parameter follows its override on both paths', () => {
    const edited = compose(rules(RATE, TABLE, FLAG.replace("'true'", "'false'")));
    expect(answers(overridden({ allowance_applies: false }))).toEqual(answers(edited));
  });

  it('the digest differs from the base, is stable, and ignores how the same change is spelled', () => {
    const a = overridden({ benefit_rate: 0.3, allowance: { 2: 175 } });
    const b = overridden({ 'us:statutes/9/1#allowance': { 2: '175.00' }, benefit_rate: '0.30' });
    expect(a.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.digest).not.toBe(base.digest);
    expect(b.digest).toBe(a.digest);
    expect(overridden({ benefit_rate: 0.31 }).digest).not.toBe(a.digest);
    // No overrides: the package itself.
    expect(applyParameterOverrides(base, {})).toMatchObject({ ok: true, package: base });
  });

  it('refuses ids that are not parameters, with a suggestion', () => {
    expect(problems({ benefit_rte: 0.3 })[0]).toContain('did you mean "benefit_rate"?');
    expect(problems({ demo_benefit: 1 })[0]).toContain('is a derived rule');
    expect(problems({ benefit_rate: 0.3, 'us:statutes/9/1#benefit_rate': 0.4 })[0]).toContain('names the same parameter');
  });

  it('refuses values that do not fit the declared type, unit or table shape', () => {
    expect(problems({ benefit_rate: 'high' })[0]).toMatch(/^benefit_rate: "high" is not a Rate value/);
    expect(problems({ allowance: { 2: 17.505 } })[0]).toContain('more than 2 decimal places for USD');
    // A figure past a household input's magnitude would leave exact cents and JSON's safe numbers (issue #25).
    expect(problems({ allowance: { 2: 1e21 } })[0]).toContain('is more than 10000000000000 in magnitude');
    expect(problems({ benefit_rate: '-123456789012345678901234567890' })[0]).toContain('in magnitude');
    expect(problems({ allowance: 150 })[0]).toContain('is a table indexed by household_size (keys 1-3)');
    expect(problems({ allowance: { 7: 10 } })[0]).toContain('table key 7 is not one of the table');
    expect(problems({ benefit_rate: { 1: 0.3 } })[0]).toContain('is a single value (Rate), not a table');
    expect(problems({ allowance_applies: 'yes' })[0]).toContain('give true or false');
    expect(problems({ benefit_rate: [{ effective_from: '2026-13-01', value: 0.3 }] })[0]).toContain('effective_from must be a YYYY-MM-DD date');
    expect(problems({ benefit_rate: [{ effective_from: '2026-01-01', value: 0.3 }, { effective_from: '2026-01-01', value: 0.4 }] })[0]).toContain('two versions start 2026-01-01');
    expect(problems({ benefit_rate: null })[0]).toContain('needs a value');
    const many = Object.fromEntries(Array.from({ length: MAX_PARAMETER_OVERRIDES + 1 }, (_, i) => [`p${i}`, 1]));
    expect(problems(many)[0]).toContain(`at most ${MAX_PARAMETER_OVERRIDES} parameters`);
  });
});
