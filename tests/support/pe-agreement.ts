/**
 * The agreement harness of the compatibility endpoint: PolicyEngine-US's own test cases (../shared/oracle, read only;
 * TENET_SHARED_DIR names another copy; skipped loudly when absent) replayed through POST /v1/household/us/calculate.
 * A case is in scope when it has no reform or parameter override, expects a variable of the program the endpoint
 * computes, asks for a period the packages encode, names a State with a package of the program, every requested value
 * is computed and every input it gives is used (apart from inputs replaced by the alternative PolicyEngine uses and
 * the program's harmless ones). So no in-scope case can disagree because of an input the endpoint ignored. Each
 * in-scope value must agree (dollars within $1, everything else exactly) or be listed in `knownDifferences` with its
 * cause (docs/compatibility.md has the same tables); a listed difference that stops differing fails too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompatProgram } from '../../core/domain/compat/outputs.js';
import { auth, bundledRuntime, compatApp, ordinary, partner } from '../adapters/http-h3/routes/compat/support.js';
import type { TestApp } from './http-harness.js';
import { literal, stateOfTest, toHousehold, type OracleCase } from './pe-oracle.js';

const SHARED = process.env.TENET_SHARED_DIR ?? fileURLToPath(new URL('../../../shared/', import.meta.url));
const ENTITY_GROUPS = new Set(['people', 'tax_units', 'spm_units', 'families', 'households', 'marital_units']);

type Meta = Record<string, { entity: string; unit?: string; possible_values?: { members: string[] } }>;
type Household = Record<string, Record<string, Record<string, unknown>>>;

export interface AgreementSpec {
  /** Printed and in the test's name: "SNAP", "school meals". */
  label: string;
  /** The program whose State package must exist for the case's State (`federal`: its package for `us`, whatever the State). */
  program: CompatProgram;
  federal?: boolean;
  /** The case file and variable metadata under ../shared/oracle/. */
  cases: string;
  meta: string;
  /** Cases of the file to consider (default: all). */
  select?: (test: OracleCase & { program?: string }) => boolean;
  /** The entity group the program's variables are answered on, and the variables. */
  group: 'people' | 'spm_units' | 'tax_units';
  variables: readonly string[];
  /** Why a case's period is out of scope (before the packages' first month...), given the variables it expects. */
  periodCause: (period: string, variables: string[]) => string | null;
  /** Whether a variable is requested at this period (default: every expected one). */
  requestable?: (variable: string, period: string) => boolean;
  /** Unused inputs that cannot change this program's result here (their reason matches). */
  harmless?: RegExp;
  /** true: a requested value not computed fails the test (SNAP); false: it puts the case out of scope with the reason. */
  everyValueComputed: boolean;
  /** `case name / variable` -> the documented cause of the difference. */
  knownDifferences: Record<string, string>;
  /** The fewest in-scope cases the measurement accepts (default 1). */
  minInScope?: number;
}

interface Expected {
  entity: string;
  variable: string;
  value: unknown;
}

interface Outcome extends Expected {
  name: string;
  actual: unknown;
  agrees: boolean;
}

/** An enum expected by its index (PolicyEngine's tests write `school_meal_tier: 0`) as its member's name. */
function expectedValue(variable: string, raw: unknown, meta: Meta): unknown {
  const value = literal(raw);
  const members = meta[variable]?.possible_values?.members;
  return typeof value === 'number' && members !== undefined && Number.isInteger(value) ? (members[value] ?? value) : value;
}

/** The program's values a case expects, per entity (entity-keyed outputs, or flat ones: arrays list the entities in order). */
function expectedValues(test: OracleCase, spec: AgreementSpec, household: Household, meta: Meta): Expected[] {
  const out: Expected[] = [];
  const output = test.output as Record<string, unknown>;
  if (Object.keys(output).some((k) => ENTITY_GROUPS.has(k))) {
    for (const [entity, values] of Object.entries((output[spec.group] ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const [variable, value] of Object.entries(values)) if (spec.variables.includes(variable)) out.push({ entity, variable, value: expectedValue(variable, value, meta) });
    }
    return out;
  }
  const entities = Object.keys(household[spec.group] ?? {});
  for (const [variable, value] of Object.entries(output)) {
    if (!spec.variables.includes(variable)) continue;
    if (Array.isArray(value)) value.forEach((v, i) => entities[i] !== undefined && out.push({ entity: entities[i], variable, value: expectedValue(variable, v, meta) }));
    else out.push({ entity: entities[0], variable, value: expectedValue(variable, value, meta) });
  }
  return out;
}

/** A case without the entity its variables are answered on gets one of everyone (a flat case's tax unit). */
function withUnitOf(group: AgreementSpec['group'], household: Household): Household {
  if (group !== 'tax_units' || household.tax_units !== undefined) return household;
  return { ...household, tax_units: { tax_unit: { members: Object.keys(household.people ?? {}) } } };
}

/** Dollar amounts agree within $1; everything else must be equal. */
function agrees(expected: unknown, actual: unknown, unit: string | undefined): boolean {
  if (unit === 'USD' && typeof expected === 'number' && typeof actual === 'number') return Math.abs(expected - actual) <= 1;
  return expected === actual;
}

export function describeAgreement(spec: AgreementSpec): void {
  const cases = `${SHARED}/oracle/${spec.cases}`;
  const metaFile = `${SHARED}/oracle/${spec.meta}`;
  const present = existsSync(cases) && existsSync(metaFile);
  if (!present) console.warn(`\n!!! compat ${spec.label} agreement: ${SHARED}/oracle not found: the agreement measurement is SKIPPED !!!\n`);

  describe.skipIf(!present)(`compatibility endpoint against PolicyEngine-US's ${spec.label} tests`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // A measurement, not a rate-limit test: the partner key may send every case within the minute.
      const keys = [{ ...partner.entry, rate_limit: { requests: 100_000, window_seconds: 60 } }, ordinary.entry];
      t = await compatApp([await bundledRuntime()], { SERVICE_API_KEYS: JSON.stringify(keys) });
    }, 120_000);
    afterAll(() => t?.close());

    it('every in-scope case agrees or has a documented cause', async () => {
      const meta = JSON.parse(readFileSync(metaFile, 'utf8')).variables as Meta;
      const tests = readFileSync(cases, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as OracleCase & { program?: string });
      const runtime = await bundledRuntime();
      const outOfScope = new Map<string, number>();
      const skip = (reason: string): void => void outOfScope.set(reason, (outOfScope.get(reason) ?? 0) + 1);
      const outcomes: Outcome[] = [];
      let claimed = 0;
      let inScope = 0;

      for (const test of tests.filter((c) => spec.select?.(c) ?? true)) {
        const household = withUnitOf(spec.group, toHousehold(test, meta));
        const period = String(test.period);
        const all = expectedValues(test, spec, household, meta);
        if (all.length === 0) continue;
        claimed += 1;
        const state = stateOfTest(household);
        const cause =
          test.reforms.length > 0 || Object.keys(test.parameter_overrides).length > 0 ? 'reform or parameter override'
            : spec.periodCause(period, [...new Set(all.map((e) => e.variable))])
              ?? ('axes' in (test.input as Record<string, unknown>) ? 'axes (one household per request)'
                : spec.federal === true ? (runtime.find(spec.program, 'us') === undefined ? 'no federal package' : null)
                  : state === null ? 'no State' : runtime.find(spec.program, `us-${state.toLowerCase()}`) === undefined ? 'State without a package' : null);
        if (cause !== null) {
          skip(cause);
          continue;
        }
        const expected = all.filter((e) => spec.requestable?.(e.variable, period) ?? true);
        for (const e of expected) household[spec.group][e.entity][e.variable] = { [period]: null };
        const res = await t.request('POST', '/v1/household/us/calculate', { json: { household }, headers: auth(partner) });
        expect(res.status, `${test.name}: ${JSON.stringify(res.body.message ?? res.body.error)}`).toBe(200);
        const unsupported = res.body.tenet.unsupported as Array<{ kind: string; variable: string; reason: string }>;
        const notComputed = unsupported.filter((u) => u.kind === 'output');
        if (spec.everyValueComputed) expect(notComputed, test.name).toEqual([]);
        else if (notComputed.length > 0) {
          skip(`not computed: ${[...new Set(notComputed.map((u) => u.reason.replace(/\(.*\)/, '(...)')))].join('; ')}`);
          continue;
        }
        const unused = unsupported.filter((u) => u.kind === 'input' && !u.reason.startsWith('ignored: replaced by') && !(spec.harmless?.test(u.reason) ?? false));
        if (unused.length > 0) {
          skip(`gives inputs the endpoint does not use: ${[...new Set(unused.map((u) => u.variable))].sort().join(', ')}`);
          continue;
        }
        inScope += 1;
        for (const e of expected) {
          const actual = res.body.result[spec.group][e.entity][e.variable][period];
          outcomes.push({ ...e, name: test.name, actual, agrees: agrees(e.value, actual, meta[e.variable]?.unit) });
        }
      }

      const agreeing = outcomes.filter((o) => o.agrees).length;
      console.log([
        `compat ${spec.label} agreement: ${claimed} case(s) expect a ${spec.label} variable the endpoint computes; ${inScope} in scope; ${outcomes.length} value(s); ${agreeing} agree`,
        ...outcomes.map((o) => `  ${o.agrees ? 'agree' : 'DIFF '} ${o.variable} (${o.entity}): expected ${JSON.stringify(o.value)}, got ${JSON.stringify(o.actual)} — ${o.name}`),
        '  out of scope:',
        ...[...outOfScope.entries()].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `    ${n} ${reason}`),
      ].join('\n'));
      expect(inScope).toBeGreaterThanOrEqual(spec.minInScope ?? 1);
      const key = (o: Outcome): string => `${o.name} / ${o.variable}`;
      const unexplained = outcomes.filter((o) => !o.agrees && spec.knownDifferences[key(o)] === undefined);
      expect(unexplained.map((o) => `${key(o)}: expected ${JSON.stringify(o.value)}, got ${JSON.stringify(o.actual)}`)).toEqual([]);
      const stale = Object.keys(spec.knownDifferences).filter((k) => !outcomes.some((o) => !o.agrees && key(o) === k));
      expect(stale, 'listed differences that no longer differ').toEqual([]);
    });
  });
}
