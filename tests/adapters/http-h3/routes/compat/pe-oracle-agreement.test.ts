/**
 * Agreement with the external engine's own SNAP tests (../shared/oracle, read only; skipped when absent).
 * In scope: tests with no reforms or parameter overrides, whose expected outputs include a variable the endpoint
 * maps, whose inputs are all mapped (or listed as neutral below), in a State we package, for a month from
 * 2023-10 or a year from 2024. Prints the classification and the match rate (figure recorded in docs/compatibility.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateCodeOf } from '../../../../../core/domain/compat/states.js';
import { INPUTS, OUTPUTS, type EntityGroup } from '../../../../../core/domain/compat/variables.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const ORACLE = fileURLToPath(new URL('../../../../../../shared/oracle/', import.meta.url));
const TESTS = `${ORACLE}pe-snap-tests-dev.jsonl`;
const META = `${ORACLE}pe-variable-meta.json`;
const present = existsSync(TESTS) && existsSync(META);
if (!present) console.warn(`\n!!! compat oracle agreement: ${ORACLE} not found: the agreement measurement is SKIPPED !!!\n`);

/** Inputs that only keep the external engine's work-requirement and labour-supply logic out of the way. */
const NEUTRAL = new Set(['weekly_hours_worked_before_lsr', 'employment_income_before_lsr', 'self_employment_income_before_lsr']);

const ENTITY_GROUP: Record<string, EntityGroup> = {
  person: 'people', spm_unit: 'spm_units', household: 'households', tax_unit: 'tax_units', family: 'families', marital_unit: 'marital_units',
};
const SINGLE_ID: Record<EntityGroup, string> = {
  people: 'person1', spm_units: 'spm_unit', households: 'household', tax_units: 'tax_unit', families: 'family', marital_units: 'marital_unit',
};

interface OracleCase {
  name: string;
  period: number | string;
  absolute_error_margin: number | null;
  reforms: unknown[];
  parameter_overrides: Record<string, unknown>;
  input_kind: 'flat' | 'household';
  input: Record<string, any>;
  output: Record<string, unknown>;
}

/** The test files write some amounts as arithmetic ("2_000 * 12"): + - * / and parentheses over numbers. */
function arithmetic(text: string): number | null {
  const tokens = text.replace(/_/g, '').match(/\d+(?:\.\d+)?|[-+*/()]/g);
  if (tokens === null || tokens.join('') !== text.replace(/[_\s]/g, '')) return null;
  let i = 0;
  const primary = (): number => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      i++;
      return v;
    }
    if (t === '-') return -primary();
    return Number(t);
  };
  const product = (): number => {
    let v = primary();
    while (tokens[i] === '*' || tokens[i] === '/') v = tokens[i++] === '*' ? v * primary() : v / primary();
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === '+' || tokens[i] === '-') v = tokens[i++] === '+' ? v + product() : v - product();
    return v;
  };
  const value = sum();
  return i === tokens.length && Number.isFinite(value) ? value : null;
}

function literal(value: unknown): unknown {
  if (typeof value === 'string') return arithmetic(value) ?? value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, literal(v)]));
  return value;
}

/** The test's input as a wire household (flat inputs go onto one entity per group, sharing one person). */
function toHousehold(test: OracleCase, meta: Record<string, { entity: string }>): Record<string, Record<string, Record<string, unknown>>> {
  const household: Record<string, Record<string, Record<string, unknown>>> = {};
  if (test.input_kind === 'household') {
    for (const [group, entities] of Object.entries(test.input)) {
      household[group] = Object.fromEntries(Object.entries(entities as Record<string, Record<string, unknown>>).map(([id, e]) => [id, literal(e) as Record<string, unknown>]));
    }
  } else {
    household.people = { person1: {} };
    for (const [name, value] of Object.entries(test.input)) {
      const group = ENTITY_GROUP[meta[name]?.entity ?? 'person'];
      household[group] ??= {};
      household[group][SINGLE_ID[group]] ??= group === 'people' ? {} : { members: ['person1'] };
      household[group][SINGLE_ID[group]][name] = literal(value);
    }
  }
  household.spm_units ??= { spm_unit: { members: Object.keys(household.people ?? {}) } };
  return household;
}

function stateOfTest(household: Record<string, Record<string, Record<string, unknown>>>): string | null {
  for (const entity of Object.values(household.households ?? {})) {
    for (const name of ['state_code', 'state_code_str', 'state_name']) {
      const raw = entity[name];
      const value = raw !== null && typeof raw === 'object' ? Object.values(raw)[0] : raw;
      if (typeof value === 'string' && stateCodeOf(value) !== null) return stateCodeOf(value);
    }
  }
  return null;
}

function unmappedNames(household: Record<string, Record<string, Record<string, unknown>>>): string[] {
  const names = new Set<string>();
  for (const [group, entities] of Object.entries(household)) {
    for (const entity of Object.values(entities)) {
      for (const name of Object.keys(entity)) {
        if (name === 'members' || NEUTRAL.has(name)) continue;
        if (INPUTS[name]?.group !== group) names.add(name);
      }
    }
  }
  return [...names].sort();
}

describe.skipIf(!present)('compatibility endpoint against the external engine\'s SNAP tests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t?.close());

  it('computes every in-scope value and reports the match rate', async () => {
    const meta = JSON.parse(readFileSync(META, 'utf8')).variables as Record<string, { entity: string }>;
    const tests = readFileSync(TESTS, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as OracleCase);
    const runtime = await bundledRuntime();
    const outOfScope = new Map<string, number>();
    const skip = (reason: string): void => void outOfScope.set(reason, (outOfScope.get(reason) ?? 0) + 1);
    const results: Array<{ name: string; variable: string; expected: unknown; actual: unknown; match: boolean }> = [];
    let inScope = 0;

    for (const test of tests) {
      const mapped = Object.keys(test.output).filter((name) => OUTPUTS[name] !== undefined);
      if (mapped.length === 0) continue;
      const period = String(test.period);
      const household = toHousehold(test, meta);
      const state = stateOfTest(household);
      const unmapped = unmappedNames(household);
      if (test.reforms.length > 0 || Object.keys(test.parameter_overrides).length > 0) skip('reform or parameter override');
      else if (unmapped.length > 0) skip('inputs without a mapping (intermediate variables set directly, immigration, student or work rules)');
      else if ((period.length === 4 && period < '2024') || (period.length === 7 && period < '2023-10')) skip('period before FY2024');
      else if (state === null) skip('no State in the test (the external engine applies its default State)');
      else if (runtime.find('snap', `us-${state.toLowerCase()}`) === undefined) skip('State without a package');
      else {
        inScope += 1;
        const unitId = Object.keys(household.spm_units)[0];
        for (const name of mapped) household.spm_units[unitId][name] = { [period]: null };
        const res = await t.request('POST', '/v1/household/us/calculate', { json: { household }, headers: auth(partner) });
        expect(res.status, test.name).toBe(200);
        expect(res.body.tenet.unsupported, test.name).toEqual([]);
        const margin = Math.max(test.absolute_error_margin ?? 0, 0.01);
        for (const name of mapped) {
          const expected = literal(test.output[name]);
          const actual = res.body.result.spm_units[unitId][name][period];
          const match = typeof expected === 'number' && typeof actual === 'number' ? Math.abs(expected - actual) <= margin : expected === actual;
          results.push({ name: test.name, variable: name, expected, actual, match });
        }
      }
    }

    const matched = results.filter((r) => r.match).length;
    const lines = [
      `compat oracle agreement: ${inScope} in-scope test(s), ${results.length} value(s), ${matched} match (${results.length === 0 ? 'n/a' : ((100 * matched) / results.length).toFixed(1)}%)`,
      ...results.map((r) => `  ${r.match ? 'match' : 'DIFF '} ${r.variable}: expected ${JSON.stringify(r.expected)}, got ${JSON.stringify(r.actual)} — ${r.name}`),
      '  out of scope:',
      ...[...outOfScope.entries()].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `    ${n} ${reason}`),
    ];
    console.log(lines.join('\n'));
    expect(inScope).toBeGreaterThan(0);
  });
});
