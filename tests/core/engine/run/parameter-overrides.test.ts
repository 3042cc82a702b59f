/**
 * parameter_overrides on a bundled package (Colorado SNAP): a request with overrides answers exactly as the same
 * package compiled from a copy of the rules with the parameter hand-edited in its rule file: same outputs, same
 * trace values, on the fast path and the explain path. Also: the answer says it is not current law, trace entries
 * show the overridden reads, the digest differs from the published one and is stable, and bad overrides are 400s.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import type { CalculateRequest, CalculateResponse, Calculator } from '../../../../core/ports/calculator.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CompiledPackage, explainEvaluator } from '../../../../core/engine/run/compiled-package.js';
import { isServiceError } from '../../../../core/domain/errors.js';
import { EXPLAIN_BEFORE_COMPILING } from '../../../../core/engine/run/parameter-overrides.js';
import { fastEvaluator } from '../../../../core/engine/run/fast-path.js';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import type { PackageEvaluator } from '../../../../core/engine/run/compiled-package.js';

const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tenet-overrides-'));

const STANDARD_DEDUCTION = 'us:statutes/7/2014/e/1#snap_standard_deduction_48_states_dc';
const MAX_ALLOTMENT = 'us:statutes/7/2012/u#snap_maximum_allotment_48_states_dc';

/** A copy of what the Colorado package reads (federal rules, Colorado rules, its compose spec), optionally edited. */
function copyRules(name: string, edit?: { file: string; change: (text: string) => string }): string {
  const root = join(scratch, name);
  for (const dir of ['us', 'us-co', 'programs/us-co']) cpSync(join(rulesRoot, dir), join(root, dir), { recursive: true });
  if (edit) {
    const path = join(root, edit.file);
    const before = readFileSync(path, 'utf8');
    const after = edit.change(before);
    if (after === before) throw new Error(`the edit of ${edit.file} changed nothing`);
    writeFileSync(path, after);
  }
  return root;
}

/** Replaces `from` by `to` inside one rule's block of a rule file (from its `- name:` line to the next rule). */
function inRule(name: string, from: RegExp | string, to: string): (text: string) => string {
  return (text) => {
    const start = text.indexOf(`  - name: ${name}\n`);
    if (start < 0) throw new Error(`no rule ${name}`);
    const next = text.indexOf('\n  - name: ', start + 1);
    const end = next < 0 ? text.length : next;
    return text.slice(0, start) + text.slice(start, end).replace(from, to) + text.slice(end);
  };
}

/** The same packages answered by the explain path only. */
function explainOnly(runtime: CompiledRuntime): Calculator {
  const packages = runtime.packages().map((p) => new CompiledPackage(p.runtime_id, p.pkg, { explain: explainEvaluator }));
  return { id: runtime.id, mode: 'compiled', find: (program, jurisdiction) => packages.find((p) => p.program_id === program && p.jurisdiction === jurisdiction), packages: () => packages };
}

async function services(root: string): Promise<{ fast: CalculationService; explain: CalculationService }> {
  const runtime = await CompiledRuntime.load([root], { companionTests: 'off' });
  return { fast: new CalculationService([runtime], { timeLimitMs: 20_000 }), explain: new CalculationService([explainOnly(runtime)], { timeLimitMs: 20_000 }) };
}

const households = [
  { period: '2026-01', facts: { household_size: 3, earned_income: 1500, shelter_costs: 900, utility_type: 'heating_cooling' } },
  { period: '2026-01', facts: { household_size: 3, earned_income: 3400, shelter_costs: 1400 } },
  { period: '2025-03', facts: { household_size: 3, earned_income: 900, unearned_income: 400, shelter_costs: 700 } },
  { period: '2026-02', facts: { household_size: 5, earned_income: 2600, shelter_costs: 1200, utility_type: 'heating_cooling' } },
];

const request = (household: Record<string, unknown>, parameter_overrides?: Record<string, unknown>): CalculateRequest => ({
  program_id: 'snap',
  jurisdiction: 'us-co',
  household,
  ...(parameter_overrides ? { parameter_overrides } : {}),
});

/** What must match the hand-edited package: outputs and every trace entry's rule, entity and value. */
function comparable(response: CalculateResponse): unknown {
  return { period: response.period, outputs: response.outputs, trace: response.trace.map((t) => [t.rule_id, t.variable, t.entity_id, t.value]) };
}

let base: { fast: CalculationService; explain: CalculationService };

beforeAll(async () => {
  base = await services(copyRules('base'));
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Case {
  title: string;
  overrides: Record<string, unknown>;
  edit: { file: string; change: (text: string) => string };
  /** The parameter whose reads the trace must mark as overridden, and a rule that reads it. */
  marked: { parameter: string; variable: string };
}

const cases: Case[] = [
  {
    title: 'a standard deduction table entry (size 3 in every fiscal year)',
    overrides: { [STANDARD_DEDUCTION]: { 3: 250 } },
    // Every version's size-3 entry (198, 204, 209, 217) becomes 250.
    edit: { file: 'us/statutes/7/2014/e/1.yaml', change: inRule('snap_standard_deduction_48_states_dc', /3: (198|204|209|217),/g, '3: 250,') },
    marked: { parameter: STANDARD_DEDUCTION, variable: 'snap_standard_deduction' },
  },
  {
    title: 'a federal rate by bare name (earned income deduction 20% -> 25%)',
    overrides: { snap_earned_income_deduction_rate: 0.25 },
    edit: { file: 'us/statutes/7/2014/e/2.yaml', change: inRule('snap_earned_income_deduction_rate', "formula: '0.20'", "formula: '0.25'") },
    marked: { parameter: 'us:statutes/7/2014/e/2#snap_earned_income_deduction_rate', variable: 'snap_earned_income_deduction' },
  },
  {
    title: 'a State rate (Colorado BBCE gross income limit 200% -> 130%)',
    overrides: { co_snap_bbce_gross_income_limit_rate: '1.3' },
    edit: { file: 'us-co/policies/cdhs/snap/categorical-eligibility.yaml', change: inRule('co_snap_bbce_gross_income_limit_rate', "formula: '2'", "formula: '1.3'") },
    // Colorado's rule is bound to the federal hook through sets: the hook's id is what the trace and answer show.
    marked: { parameter: 'us:regulations/7-cfr/273/2/j#snap_bbce_gross_income_limit_rate', variable: 'snap_bbce_household_gross_income_limit_rate' },
  },
  {
    title: 'a dated maximum allotment table replacing the versions',
    overrides: {
      [MAX_ALLOTMENT]: [
        { effective_from: '2024-10-01', value: { 1: 292, 2: 536, 3: 800, 4: 975, 5: 1158, 6: 1390, 7: 1536, 8: 1756 } },
        { effective_from: '2025-10-01', effective_to: '2026-01-31', value: { 1: 298, 2: 546, 3: 850, 4: 994, 5: 1183, 6: 1421, 7: 1571, 8: 1789 } },
        { effective_from: '2026-02-01', value: { 1: 310, 2: 560, 3: 860, 4: 1010, 5: 1250, 6: 1440, 7: 1590, 8: 1800 } },
      ],
    },
    edit: {
      file: 'us/statutes/7/2012/u.yaml',
      change: inRule(
        'snap_maximum_allotment_48_states_dc',
        / {4}versions:\n( {6}- [^\n]*\n {8}values: [^\n]*\n)+/,
        [
          '    versions:',
          "      - effective_from: '2024-10-01'",
          '        values: {1: 292, 2: 536, 3: 800, 4: 975, 5: 1158, 6: 1390, 7: 1536, 8: 1756}',
          "      - effective_from: '2025-10-01'",
          "        effective_to: '2026-01-31'",
          '        values: {1: 298, 2: 546, 3: 850, 4: 994, 5: 1183, 6: 1421, 7: 1571, 8: 1789}',
          "      - effective_from: '2026-02-01'",
          '        values: {1: 310, 2: 560, 3: 860, 4: 1010, 5: 1250, 6: 1440, 7: 1590, 8: 1800}',
          '',
        ].join('\n'),
      ),
    },
    // The table is read by the amount before the FY2027 cap for 18 or more people, which snap_maximum_allotment applies.
    marked: { parameter: MAX_ALLOTMENT, variable: 'snap_maximum_allotment_before_large_household_cap' },
  },
];

describe.each(cases)('parameter_overrides: $title', ({ overrides, edit, marked }) => {
  let edited: { fast: CalculationService; explain: CalculationService };
  beforeAll(async () => {
    edited = await services(copyRules(edit.file.replaceAll('/', '_'), edit));
  }, 120_000);

  it('answers as the package compiled from the hand-edited rule file, on the fast and explain paths', async () => {
    // A changed package answers its first EXPLAIN_BEFORE_COMPILING requests on the explain path: pass them, so the
    // fast service's answers below come from the changed package's compiled kernels.
    for (let i = 0; i < EXPLAIN_BEFORE_COMPILING; i++) await base.fast.calculate(request(households[0], overrides));
    let changedSomething = false;
    for (const household of households) {
      const expected = comparable(await edited.explain.calculate(request(household)));
      for (const service of [base.fast, base.explain]) expect(comparable(await service.calculate(request(household, overrides)))).toEqual(expected);
      expect(comparable(await edited.fast.calculate(request(household)))).toEqual(expected);
      const published = comparable(await base.explain.calculate(request(household)));
      changedSomething ||= JSON.stringify(published) !== JSON.stringify(expected);
    }
    // The households are chosen so that each change shows in at least one answer.
    expect(changedSomething).toBe(true);
  });

  it('says the result is not current law and marks the overridden reads in the trace', async () => {
    const response = await base.fast.calculate(request(households[0], overrides));
    expect(response.parameter_overrides).toMatchObject({ current_law: false, parameters: [{ rule_id: marked.parameter }] });
    expect(response.warnings.some((w) => w.startsWith('Not current law:') && w.includes(marked.parameter) && w.includes(response.package_digest))).toBe(true);
    const reads = response.trace.flatMap((t) => (t.overridden_parameters ?? []).map((r) => ({ ...r, variable: t.variable })));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.rule_id === marked.parameter && r.overridden === true)).toBe(true);
    expect(reads.some((r) => r.variable === marked.variable)).toBe(true);
    const published = await base.fast.calculate(request(households[0]));
    expect(published.parameter_overrides).toBeUndefined();
    expect(published.trace.some((t) => t.overridden_parameters)).toBe(false);
  });
});

describe('parameter_overrides: digest, values in the trace, refusals', () => {
  it('the digest differs from the published package, is stable, and does not depend on how the change is spelled', async () => {
    const published = await base.fast.calculate(request(households[0]));
    const a = await base.fast.calculate(request(households[0], { [STANDARD_DEDUCTION]: { 3: 250 } }));
    const again = await base.explain.calculate(request(households[1], { [STANDARD_DEDUCTION]: { 3: 250 } }));
    const spelled = await base.fast.calculate(request(households[0], { snap_standard_deduction_48_states_dc: { '3': '250.00' } }));
    const other = await base.fast.calculate(request(households[0], { [STANDARD_DEDUCTION]: { 3: 251 } }));
    expect(a.package_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.package_digest).not.toBe(published.package_digest);
    expect(a.parameter_overrides?.base_package_digest).toBe(published.package_digest);
    expect(again.package_digest).toBe(a.package_digest);
    expect(spelled.package_digest).toBe(a.package_digest);
    expect(other.package_digest).not.toBe(a.package_digest);
  });

  it('shows the overridden value where the rule read it', async () => {
    // Size 3 in 2026-01 reads the FY2026 version's key 3, now 250 (the published 209).
    const response = await base.fast.calculate(request(households[0], { [STANDARD_DEDUCTION]: { 3: 250 } }));
    const entry = response.trace.find((t) => t.variable === 'snap_standard_deduction');
    expect(entry?.value).toBe(250);
    expect(entry?.overridden_parameters).toEqual([{ rule_id: STANDARD_DEDUCTION, key: 3, value: 250, effective_from: '2025-10-01', overridden: true }]);
    expect(response.parameter_overrides?.parameters[0].versions.map((v) => (v.value as Record<string, number>)['3'])).toEqual([250, 250, 250, 250]);
  });

  it('a changed package answers on the explain path before compiling its kernels, and is kept for the same change', () => {
    const published = base.fast.find('snap', 'us-co') as CompiledPackage;
    const calls: string[] = [];
    const counted = (name: string, evaluate: PackageEvaluator): PackageEvaluator => (pkg, req) => (calls.push(name), evaluate(pkg, req));
    const pkg = new CompiledPackage(published.runtime_id, published.pkg, { explain: counted('explain', explainEvaluator), fast: counted('fast', fastEvaluator!) });
    const changed = pkg.withParameterOverrides({ snap_benefit_reduction_rate: 0.25 });
    const household = mapHousehold(indexShape(changed.shape), households[0]);
    const answers = [1, 2, 3, 4].map(() => changed.execute(household, ['snap_allotment']).outputs.snap_allotment);
    expect(calls).toEqual([...Array<string>(EXPLAIN_BEFORE_COMPILING).fill('explain'), ...Array<string>(4 - EXPLAIN_BEFORE_COMPILING).fill('fast')]);
    expect(new Set(answers).size).toBe(1);
    // The same change, however spelled, is the same package; the published package answers on the fast path at once.
    expect(pkg.withParameterOverrides({ 'us:statutes/7/2017/a#snap_benefit_reduction_rate': '0.250' })).toBe(changed);
    expect(pkg.withParameterOverrides({})).toBe(pkg);
    pkg.execute(household, ['snap_allotment']);
    expect(calls.at(-1)).toBe('fast');
  });

  it('an overridden figure the package lists as unverified no longer warns as unverified', () => {
    const published = base.fast.find('snap', 'us-co') as CompiledPackage;
    const RATE = 'us:statutes/7/2017/a#snap_benefit_reduction_rate';
    const unverified_parameters = [{ parameter: RATE, reason: 'doubt stated for this test' }];
    const extensions = { ...published.pkg.spec.extensions, unverified_parameters };
    // The profile is what the package reads; the extensions stay as written (the digest is over them).
    const profile = { ...published.pkg.spec.profile, unverified: unverified_parameters };
    const doubted = new CompiledPackage(published.runtime_id, { ...published.pkg, spec: { ...published.pkg.spec, extensions, profile } }, { explain: explainEvaluator });
    const household = mapHousehold(indexShape(doubted.shape), households[0]);
    const unverified = (warnings: string[]) => warnings.filter((w) => w.startsWith('Unverified figure used'));
    expect(unverified(doubted.execute(household, ['snap_allotment']).warnings)).toEqual([`Unverified figure used: ${RATE}. doubt stated for this test`]);
    expect(unverified(doubted.withParameterOverrides({ [RATE]: 0.25 }).execute(household, ['snap_allotment']).warnings)).toEqual([]);
  });

  const refusal = async (overrides: Record<string, unknown>): Promise<string> => {
    try {
      await base.fast.calculate(request(households[0], overrides));
    } catch (error) {
      if (isServiceError(error) && error.code === 'invalid_request') return error.message;
      throw error;
    }
    throw new Error('no refusal');
  };

  it('refuses ids that are not parameters of the package, suggesting the closest', async () => {
    expect(await refusal({ snap_earned_income_deduction_rat: 0.25 })).toContain('did you mean "snap_earned_income_deduction_rate"?');
    expect(await refusal({ snap_standard_deduction: 300 })).toContain('is a derived rule');
    // A parameter of another State's package is not one of Colorado's.
    expect(await refusal({ pa_snap_telephone_allowance: 30 })).toContain('is not a parameter of this package');
  });

  it('refuses values that do not fit the parameter, naming it and what it takes', async () => {
    expect(await refusal({ [STANDARD_DEDUCTION]: 250 })).toContain(`parameter_overrides["${STANDARD_DEDUCTION}"]: is a table indexed by household_size (keys 1-6)`);
    expect(await refusal({ [STANDARD_DEDUCTION]: { 9: 250 } })).toContain('table key 9 is not one of the table');
    expect(await refusal({ [STANDARD_DEDUCTION]: { 3: 250.001 } })).toContain('more than 2 decimal places for USD');
    expect(await refusal({ snap_earned_income_deduction_rate: 'twenty' })).toContain('"twenty" is not a Rate value');
    expect(await refusal({ snap_minimum_allotment_max_household_size: 2.5 })).toContain('is not a Integer value (give a whole number)');
  });

  it('a batch entry names itself in the refusal; entries with and without overrides run side by side', async () => {
    const bad = request(households[1], { snap_benefit_reduction_rate: true });
    expect(() => base.fast.prepare(bad, 'requests[1]')).toThrow(/^requests\[1\]\.parameter_overrides\["snap_benefit_reduction_rate"\]: true is not a Rate value/);
    const good = [request(households[0]), request(households[1], { snap_benefit_reduction_rate: 0.25 })];
    const batch = await base.fast.batch(good);
    expect(batch.results.map((r) => r.status === 'ok' && r.result.parameter_overrides !== undefined)).toEqual([false, true]);
  });
});
