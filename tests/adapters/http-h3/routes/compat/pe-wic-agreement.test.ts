/**
 * Agreement with PolicyEngine-US's WIC development cases (../shared/oracle/pe-program-tests-dev.jsonl, read only;
 * skipped loudly when absent; TENET_SHARED_DIR names another copy of ../shared) through the compatibility endpoint.
 * A case is in scope when it has no reform or parameter override, expects a WIC variable the endpoint computes
 * (is_wic_eligible, wic_category) for a person, asks for a month from 2023-10 or a year from 2024, names a State with
 * a WIC package, every requested value is computed, and every input it gives is used, except inputs that cannot
 * change a WIC result here (tax-unit roles; county and ZIP code, where the packages go by State). Each in-scope value
 * must agree exactly or be listed in KNOWN_DIFFERENCES with its cause (docs/compatibility.md, "WIC").
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { literal, stateOfTest, toHousehold, type OracleCase } from './oracle.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const SHARED = process.env.TENET_SHARED_DIR ?? fileURLToPath(new URL('../../../../../../shared/', import.meta.url));
const TESTS = `${SHARED}/oracle/pe-program-tests-dev.jsonl`;
const META = `${SHARED}/oracle/pe-program-variable-meta.json`;
const present = existsSync(TESTS) && existsSync(META);
if (!present) console.warn(`\n!!! compat WIC agreement: ${SHARED}/oracle not found: the agreement measurement is SKIPPED !!!\n`);

const WIC = Object.entries(OUTPUTS).filter(([, d]) => d.program === 'wic').map(([name]) => name);
const GROUPS = new Set(['people', 'tax_units', 'spm_units', 'families', 'households', 'marital_units']);
/** Inputs the endpoint ignores that cannot change a WIC result here (docs/compatibility.md). */
const HARMLESS = /tax-unit roles|finer geography is not read/;

/** In-scope disagreements and their documented causes (docs/compatibility.md, "WIC"). */
const KNOWN_DIFFERENCES: Record<string, string> = {
  // Wages 45,000 and a self-employment loss of 10,000 a year; a pregnant woman expecting one: a family of 2.
  // PolicyEngine: 35,000 / 12 = 2,916.67 <= 3,261 (July 2025 - June 2026) and 3,337 (from July 2026): eligible.
  // The package: 45,000 / 12 = 3,750 > both: not eligible in any month.
  'wic_pregnant_negative_self_employment_income (federal) / is_wic_eligible':
    'a non-farm self-employment loss: PolicyEngine offsets it against wages; the WIC packages count it as 0 (7 CFR 246.7(d)(2); docs/wic-coverage.md)',
};

interface Expected {
  person: string;
  variable: string;
  value: unknown;
}

/** The WIC values a case expects, per person (entity-keyed outputs, or flat ones: arrays list the people in order). */
function expectedValues(test: OracleCase, people: string[]): Expected[] {
  const out: Expected[] = [];
  const output = test.output as Record<string, unknown>;
  if (Object.keys(output).some((k) => GROUPS.has(k))) {
    for (const [person, values] of Object.entries((output.people ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const [variable, value] of Object.entries(values)) if (WIC.includes(variable)) out.push({ person, variable, value: literal(value) });
    }
    return out;
  }
  for (const [variable, value] of Object.entries(output)) {
    if (!WIC.includes(variable)) continue;
    if (Array.isArray(value)) value.forEach((v, i) => people[i] !== undefined && out.push({ person: people[i], variable, value: literal(v) }));
    else out.push({ person: people[0], variable, value: literal(value) });
  }
  return out;
}

describe.skipIf(!present)("compatibility endpoint against PolicyEngine-US's WIC tests", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t?.close());

  it('every in-scope case agrees or has a documented cause', async () => {
    const meta = JSON.parse(readFileSync(META, 'utf8')).variables as Record<string, { entity: string; unit?: string }>;
    const tests = readFileSync(TESTS, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as OracleCase & { program: string });
    const runtime = await bundledRuntime();
    const outOfScope = new Map<string, number>();
    const skip = (reason: string): void => void outOfScope.set(reason, (outOfScope.get(reason) ?? 0) + 1);
    const outcomes: Array<{ name: string; variable: string; person: string; expected: unknown; actual: unknown; agrees: boolean }> = [];
    let claimed = 0;
    let inScope = 0;

    for (const test of tests.filter((c) => c.program === 'wic')) {
      const household = toHousehold(test, meta);
      const expected = expectedValues(test, Object.keys(household.people ?? {}));
      if (expected.length === 0) continue;
      claimed += 1;
      const period = String(test.period);
      const state = stateOfTest(household);
      const cause =
        test.reforms.length > 0 || Object.keys(test.parameter_overrides).length > 0 ? 'reform or parameter override'
          : (period.length === 4 && period < '2024') || (period.length === 7 && period < '2023-10') ? 'period before the first encoded month (2023-10)'
            : 'axes' in (test.input as Record<string, unknown>) ? 'axes (one household per request)'
              : state === null ? 'no State' : runtime.find('wic', `us-${state.toLowerCase()}`) === undefined ? 'State without a package' : null;
      if (cause !== null) {
        skip(cause);
        continue;
      }
      for (const e of expected) household.people[e.person][e.variable] = { [period]: null };
      const res = await t.request('POST', '/v1/household/us/calculate', { json: { household }, headers: auth(partner) });
      expect(res.status, `${test.name}: ${JSON.stringify(res.body.message ?? res.body.error)}`).toBe(200);
      const unsupported = res.body.tenet.unsupported as Array<{ kind: string; variable: string; reason: string }>;
      const notComputed = unsupported.filter((u) => u.kind === 'output');
      if (notComputed.length > 0) {
        skip(`not computed: ${notComputed.map((u) => u.reason.replace(/\(.*\)/, '(...)')).join('; ')}`);
        continue;
      }
      const unused = unsupported.filter((u) => u.kind === 'input' && !u.reason.startsWith('ignored: replaced by') && !HARMLESS.test(u.reason));
      if (unused.length > 0) {
        skip(`gives inputs the endpoint does not use: ${[...new Set(unused.map((u) => u.variable))].sort().join(', ')}`);
        continue;
      }
      inScope += 1;
      for (const e of expected) {
        const actual = res.body.result.people[e.person][e.variable][period];
        outcomes.push({ name: test.name, variable: e.variable, person: e.person, expected: e.value, actual, agrees: e.value === actual });
      }
    }

    const agreeing = outcomes.filter((o) => o.agrees).length;
    console.log([
      `compat WIC agreement: ${claimed} case(s) expect a WIC variable the endpoint computes; ${inScope} in scope; ${outcomes.length} value(s); ${agreeing} agree`,
      ...outcomes.map((o) => `  ${o.agrees ? 'agree' : 'DIFF '} ${o.variable} (${o.person}): expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)} — ${o.name}`),
      '  out of scope:',
      ...[...outOfScope.entries()].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `    ${n} ${reason}`),
    ].join('\n'));
    expect(inScope).toBeGreaterThan(0);
    const key = (o: { name: string; variable: string }): string => `${o.name} / ${o.variable}`;
    const unexplained = outcomes.filter((o) => !o.agrees && KNOWN_DIFFERENCES[key(o)] === undefined);
    expect(unexplained.map((o) => `${key(o)}: expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)}`)).toEqual([]);
    const stale = Object.keys(KNOWN_DIFFERENCES).filter((k) => !outcomes.some((o) => !o.agrees && key(o) === k));
    expect(stale, 'listed differences that no longer differ').toEqual([]);
  });
});
