/**
 * Agreement with PolicyEngine-US's Lifeline development cases (../shared/oracle/pe-program-tests-dev.jsonl, read only;
 * skipped loudly when absent) through the compatibility endpoint. A case is in scope when it has no reform or
 * parameter override, expects a Lifeline variable the endpoint computes (is_lifeline_eligible,
 * is_lifeline_income_eligible, lifeline), asks for a month from 2023-10 or a year from 2024, names a State with a
 * Lifeline package, every requested value is computed (a yearly judgment whose months differ is reported unsupported,
 * counted out of scope with that cause), and every input it gives is used, except inputs the endpoint ignores because
 * they cannot change a SNAP or Lifeline result (tax-unit roles; county and ZIP code, where the packages go by State).
 * Each in-scope value must agree (dollars within $1, judgments exactly) or be listed in KNOWN_DIFFERENCES with its
 * cause; docs/compatibility.md ("Measured agreement with PolicyEngine's Lifeline tests") has the same table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUTS } from '../../../../../core/domain/compat/outputs.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { literal, stateOfTest, toHousehold, type OracleCase } from './oracle.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const ORACLE = fileURLToPath(new URL('../../../../../../shared/oracle/', import.meta.url));
const TESTS = `${ORACLE}pe-program-tests-dev.jsonl`;
const META = `${ORACLE}pe-program-variable-meta.json`;
const present = existsSync(TESTS) && existsSync(META);
if (!present) console.warn(`\n!!! compat Lifeline agreement: ${ORACLE} not found: the agreement measurement is SKIPPED !!!\n`);

const LIFELINE = Object.entries(OUTPUTS).filter(([, d]) => d.program === 'lifeline').map(([name]) => name);
const GROUPS = new Set(['people', 'tax_units', 'spm_units', 'families', 'households', 'marital_units']);
/** Inputs the endpoint ignores that cannot change a SNAP or Lifeline result here (docs/compatibility.md). */
const HARMLESS = /tax-unit roles|finer geography is not read/;

/** In-scope disagreements and their documented causes (docs/compatibility.md, Lifeline section). */
const TEXAS_SUPPORT = "Texas's own Lifeline support: PolicyEngine adds the State's $3.50 a month to the federal $9.25 (12.75 x 12 = 153); State supplements are not encoded (the packages give the federal support, 47 CFR 54.403(a))";
const TEXAS_LIMIT = "Texas's own income limit: PolicyEngine tests Texas households against 150% of the guidelines (the State program's limit); the federal limit the package encodes is 135% (47 CFR 54.409(a)(1))";
const KNOWN_DIFFERENCES: Record<string, string> = {
  'Texas elderly person with SSI - categorically eligible / lifeline': TEXAS_SUPPORT,
  'Texas disabled person with Medicaid / lifeline': TEXAS_SUPPORT,
  'lifeline_ca_state_max_amount (ca) / lifeline': "California LifeLine's State support: PolicyEngine gives California's amount (19 x 12 = 228); State programs are not encoded (federal support 9.25 x 12 = 111)",
  'lifeline_ks_supplement_added_to_federal_max (ks) / lifeline': "Kansas Lifeline Service Program support: PolicyEngine adds $7.77 a month for telephone service ((9.25 + 7.77) x 12 = 204.24); State programs are not encoded",
  'lifeline_tx_expanded_income_between_135_and_150pct_fpg (tx) / is_lifeline_eligible': TEXAS_LIMIT,
  'lifeline_tx_expanded_income_between_135_and_150pct_fpg (tx) / lifeline': TEXAS_LIMIT,
  'lifeline_tx_just_below_150pct_fpg (tx) / is_lifeline_eligible': TEXAS_LIMIT,
  'lifeline_tx_just_below_150pct_fpg (tx) / lifeline': TEXAS_LIMIT,
};

interface Expected {
  unit: string;
  variable: string;
  value: unknown;
}

/** The Lifeline values a case expects, per SPM unit (entity-keyed outputs, or flat ones: arrays list the units in order). */
function expectedValues(test: OracleCase, units: string[]): Expected[] {
  const out: Expected[] = [];
  const output = test.output as Record<string, unknown>;
  if (Object.keys(output).some((k) => GROUPS.has(k))) {
    for (const [unit, values] of Object.entries((output.spm_units ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const [variable, value] of Object.entries(values)) if (LIFELINE.includes(variable)) out.push({ unit, variable, value: literal(value) });
    }
    return out;
  }
  for (const [variable, value] of Object.entries(output)) {
    if (!LIFELINE.includes(variable)) continue;
    if (Array.isArray(value)) value.forEach((v, i) => units[i] !== undefined && out.push({ unit: units[i], variable, value: literal(v) }));
    else out.push({ unit: units[0], variable, value: literal(value) });
  }
  return out;
}

describe.skipIf(!present)("compatibility endpoint against PolicyEngine-US's Lifeline tests", () => {
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
    const outcomes: Array<{ name: string; variable: string; unit: string; expected: unknown; actual: unknown; agrees: boolean }> = [];
    let claimed = 0;
    let inScope = 0;

    for (const test of tests) {
      const household = toHousehold(test, meta);
      const units = Object.keys(household.spm_units);
      const expected = expectedValues(test, units);
      if (expected.length === 0) continue;
      claimed += 1;
      const period = String(test.period);
      const state = stateOfTest(household);
      const cause =
        test.reforms.length > 0 || Object.keys(test.parameter_overrides).length > 0 ? 'reform or parameter override'
          : (period.length === 4 && period < '2024') || (period.length === 7 && period < '2023-10') ? 'period before the first encoded month (2023-10)'
            : 'axes' in (test.input as Record<string, unknown>) ? 'axes (one household per request)'
              : state === null ? 'no State' : runtime.find('lifeline', `us-${state.toLowerCase()}`) === undefined ? 'State without a package' : null;
      if (cause !== null) {
        skip(cause);
        continue;
      }
      for (const e of expected) household.spm_units[e.unit][e.variable] = { [period]: null };
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
        const actual = res.body.result.spm_units[e.unit][e.variable][period];
        const agrees = meta[e.variable]?.unit === 'USD' && typeof e.value === 'number' && typeof actual === 'number' ? Math.abs(e.value - actual) <= 1 : e.value === actual;
        outcomes.push({ name: test.name, variable: e.variable, unit: e.unit, expected: e.value, actual, agrees });
      }
    }

    const agreeing = outcomes.filter((o) => o.agrees).length;
    console.log([
      `compat Lifeline agreement: ${claimed} case(s) expect a Lifeline variable the endpoint computes; ${inScope} in scope; ${outcomes.length} value(s); ${agreeing} agree`,
      ...outcomes.map((o) => `  ${o.agrees ? 'agree' : 'DIFF '} ${o.variable} (${o.unit}): expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)} — ${o.name}`),
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
