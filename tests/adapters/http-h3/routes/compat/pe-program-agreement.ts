/**
 * Runs PolicyEngine-US development cases (../shared/oracle/pe-program-tests-dev.jsonl, read only) of some programs
 * through the compatibility endpoint and sorts each expected value into agreeing, differing or out of scope (with the
 * reason): shared by the agreement tests of the federal credits and of Medicaid/CHIP. A case is in scope when it has
 * no reform or parameter override, no axes, every value it asks of these programs is computed, and every input it
 * gives is used except inputs whose reason says they cannot change the result (`harmless`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OUTPUTS } from '../../../../../core/domain/compat/variables.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { literal, toHousehold, type OracleCase } from '../../../../support/pe-oracle.js';
import { auth, partner } from './support.js';

const SHARED = process.env.TENET_SHARED_DIR ?? fileURLToPath(new URL('../../../../../../shared/', import.meta.url));
export const TESTS = `${SHARED}/oracle/pe-program-tests-dev.jsonl`;
export const META = `${SHARED}/oracle/pe-program-variable-meta.json`;
export const oraclePresent = existsSync(TESTS) && existsSync(META);

const GROUPS = ['people', 'tax_units', 'spm_units', 'families', 'households', 'marital_units'] as const;

export interface Outcome {
  name: string;
  program: string;
  variable: string;
  entity: string;
  expected: unknown;
  actual: unknown;
  agrees: boolean;
}

export interface AgreementRun {
  /** Cases of the programs that expect a mapped variable. */
  claimed: number;
  inScope: number;
  outcomes: Outcome[];
  outOfScope: Map<string, number>;
}

interface Expected {
  group: string;
  entity: string;
  variable: string;
  value: unknown;
}

type Household = Record<string, Record<string, Record<string, unknown>>>;

/** The mapped values a case expects, per entity (entity-keyed outputs; flat ones go to the group's entities in order). */
function expectedValues(test: OracleCase, household: Household, mapped: Set<string>): Expected[] {
  const out: Expected[] = [];
  const output = test.output as Record<string, unknown>;
  if (Object.keys(output).some((k) => (GROUPS as readonly string[]).includes(k))) {
    for (const group of GROUPS) {
      for (const [entity, values] of Object.entries((output[group] ?? {}) as Record<string, Record<string, unknown>>)) {
        for (const [variable, value] of Object.entries(values)) if (mapped.has(variable) && OUTPUTS[variable].group === group) out.push({ group, entity, variable, value: literal(value) });
      }
    }
    return out;
  }
  for (const [variable, value] of Object.entries(output)) {
    if (!mapped.has(variable)) continue;
    const group = OUTPUTS[variable].group;
    const entities = Object.keys(household[group] ?? {});
    if (Array.isArray(value)) value.forEach((v, i) => entities[i] !== undefined && out.push({ group, entity: entities[i], variable, value: literal(v) }));
    else if (entities[0] !== undefined) out.push({ group, entity: entities[0], variable, value: literal(value) });
  }
  return out;
}

/** The case's household with a tax unit of everyone when it has none (a flat case's credit variables need one). */
function withTaxUnit(household: Household): Household {
  if (household.tax_units !== undefined) return household;
  return { ...household, tax_units: { tax_unit: { members: Object.keys(household.people ?? {}) } } };
}

function agrees(expected: unknown, actual: unknown, margin: number | null): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') return Math.abs(expected - actual) <= (margin ?? 0) + 1e-9;
  return expected === actual;
}

export async function runAgreement(t: TestApp, programs: string[], harmless: RegExp): Promise<AgreementRun> {
  const meta = JSON.parse(readFileSync(META, 'utf8')).variables as Record<string, { entity: string }>;
  const tests = readFileSync(TESTS, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as OracleCase & { program: string });
  const mapped = new Set(Object.entries(OUTPUTS).filter(([, d]) => programs.includes(d.program)).map(([name]) => name));
  const run: AgreementRun = { claimed: 0, inScope: 0, outcomes: [], outOfScope: new Map() };
  const skip = (reason: string): void => void run.outOfScope.set(reason, (run.outOfScope.get(reason) ?? 0) + 1);
  for (const test of tests.filter((c) => programs.includes(c.program))) {
    const household = withTaxUnit(toHousehold(test, meta) as Household);
    const expected = expectedValues(test, household, mapped);
    if (expected.length === 0) continue;
    run.claimed += 1;
    if (test.reforms.length > 0 || Object.keys(test.parameter_overrides).length > 0) {
      skip('reform or parameter override');
      continue;
    }
    if ('axes' in (test.input as Record<string, unknown>)) {
      skip('axes (one household per request)');
      continue;
    }
    const period = String(test.period);
    for (const e of expected) {
      const entity = (household[e.group] ??= {})[e.entity] ?? (household[e.group][e.entity] = {});
      entity[e.variable] = { [period]: null };
    }
    const res = await t.request('POST', '/v1/household/us/calculate', { json: { household }, headers: auth(partner) });
    if (res.status !== 200) {
      skip(`refused ${res.status}: ${String(res.body.error?.message ?? res.body.message).replace(/^/, '')}`);
      continue;
    }
    const unsupported = res.body.tenet.unsupported as Array<{ kind: string; variable: string; reason: string }>;
    const notComputed = unsupported.filter((u) => u.kind === 'output');
    if (notComputed.length > 0) {
      skip(`not computed: ${[...new Set(notComputed.map((u) => u.reason.replace(/\(.*\)/, '(...)').replace(/^.*? has no age/, '<person> has no age')))].join('; ')}`);
      continue;
    }
    const unused = unsupported.filter((u) => u.kind === 'input' && !u.reason.startsWith('ignored: replaced by') && !harmless.test(u.reason));
    if (unused.length > 0) {
      skip(`gives inputs the endpoint does not use: ${[...new Set(unused.map((u) => u.variable))].sort().join(', ')}`);
      continue;
    }
    run.inScope += 1;
    for (const e of expected) {
      const actual = res.body.result[e.group][e.entity][e.variable][period];
      run.outcomes.push({ name: test.name, program: OUTPUTS[e.variable].program, variable: e.variable, entity: e.entity, expected: e.value, actual, agrees: agrees(e.value, actual, test.absolute_error_margin) });
    }
  }
  return run;
}

/** The run in words: per program, values and agreement; each value; the out-of-scope reasons counted. */
export function report(title: string, run: AgreementRun): string {
  const programs = [...new Set(run.outcomes.map((o) => o.program))].sort();
  const perProgram = programs.map((p) => {
    const own = run.outcomes.filter((o) => o.program === p);
    const cases = new Set(own.map((o) => o.name)).size;
    return `${p}: ${cases} case(s), ${own.length} value(s), ${own.filter((o) => o.agrees).length} agree, ${own.filter((o) => !o.agrees).length} differ`;
  });
  return [
    `${title}: ${run.claimed} case(s) expect a mapped variable; ${run.inScope} in scope`,
    ...perProgram.map((line) => `  ${line}`),
    ...run.outcomes.map((o) => `  ${o.agrees ? 'agree' : 'DIFF '} ${o.variable} (${o.entity}): expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)} — ${o.name}`),
    '  out of scope:',
    ...[...run.outOfScope.entries()].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `    ${n} ${reason}`),
  ].join('\n');
}
