import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import type { TraceEntry as EngineTrace } from '../../../core/engine/index.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';
import { boundHooks, unverifiedFigures, unverifiedReaders, unverifiedWarnings } from '../../../core/engine/run/unverified-figures.js';
import { mapHousehold } from '../../../core/domain/household/map.js';
import { indexShape } from '../../../core/domain/household/shape.js';
import { explainEvaluator } from '../../../core/engine/run/compiled-package.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
const figures = JSON.parse(readFileSync(fileURLToPath(new URL('../../../scripts/data/snap-state-figures.json', import.meta.url)), 'utf8'));

let fast: CalculationService;
let explain: CalculationService;
let runtime: CompiledRuntime;

beforeAll(async () => {
  runtime = await CompiledRuntime.load([rulesRoot], { companionTests: 'off' });
  fast = new CalculationService([runtime], { timeLimitMs: 10_000 });
  explain = new CalculationService([await CompiledRuntime.load([rulesRoot], { fast: null, companionTests: 'off' })], { timeLimitMs: 10_000 });
});

const household = (period: string, utility_type: string) => ({ period, facts: { household_size: 2, earned_income: 1200, shelter_costs: 700, utility_type } });
const unverified = (warnings: string[]) => warnings.filter((w) => w.startsWith('Unverified figure used'));

// Which States still carry an unverified FY2026 figure changes as their notices are found (issue #12, finding 6),
// so the example package is looked up, not named: the first (by jurisdiction) whose figure of that kind is flagged.
function flagged(suffix: string): { jurisdiction: string; parameter: string; reason: string } {
  const packages = [...runtime.packages()].sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
  for (const pkg of packages) {
    const figure = unverifiedFigures(pkg.pkg).find((f) => f.parameter.endsWith(suffix) && f.effective_from === '2025-10-01');
    if (figure) return { jurisdiction: pkg.jurisdiction, parameter: figure.parameter, reason: figure.reason };
  }
  throw new Error(`no package flags a FY2026 figure ending in ${suffix}`);
}

/** The FY2026 telephone allowance of a State in its default region, from the figures table the packages are built from. */
function fy26Telephone(jurisdiction: string): number {
  const st = figures.states[jurisdiction.replace(/^us-/, '')];
  const series: [string, number][] = st.regions[st.default_region].tua;
  return series.filter(([from]) => from <= '2025-10-01').at(-1)![1];
}

describe('unverified figures declared by a package', () => {
  it('are listed in the compose spec with the version they concern and a reason', () => {
    const phone = flagged('_snap_telephone_allowance');
    expect(phone.reason).toMatch(/not (verified|checked) against the State's own/);
  });

  it('warn, naming the figure, when a FY2026 calculation reads one (fast and explain paths alike)', async () => {
    const phone = flagged('_snap_telephone_allowance');
    const heat = flagged('_snap_heating_cooling_sua');
    for (const service of [fast, explain]) {
      const result = await service.calculate({ program_id: 'snap', jurisdiction: phone.jurisdiction, household: household('2026-01', 'telephone') });
      // The flagged FY2026 telephone allowance is the utility allowance used.
      expect(result.outputs.snap_utility_allowance ?? result.trace.find((t) => t.variable === 'snap_utility_allowance')?.value).toBe(fy26Telephone(phone.jurisdiction));
      const warnings = unverified(result.warnings);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(phone.parameter);
      expect(warnings[0]).toContain('version from 2025-10-01');
      const heating = await service.calculate({ program_id: 'snap', jurisdiction: heat.jurisdiction, household: household('2026-01', 'heating_cooling') });
      expect(unverified(heating.warnings).some((w) => w.includes(heat.parameter))).toBe(true);
    }
  });

  it("follow a State's figure bound to a federal hook: Tennessee's BBCE terms from 2026-04-15", async () => {
    // Tennessee's "no BBCE" is bound to the federal BBCE hooks (sets relations); its own FY2026 income chart has a 200%
    // gross standard that no Tennessee text read here explains, so the version from 2026-04-15 is declared unverified.
    const tennessee = (period: string, person: Record<string, unknown>) => ({ period, facts: { shelter_costs: 700, utility_type: 'none' }, people: { a: person } });
    const bbce = (warnings: string[]) => unverified(warnings).filter((w) => w.includes('_snap_bbce_'));
    for (const service of [fast, explain]) {
      const may = await service.calculate({ program_id: 'snap', jurisdiction: 'us-tn', household: tennessee('2026-05', { age: 30, earned_income: 1200 }) });
      expect(bbce(may.warnings)).toHaveLength(1);
      expect(bbce(may.warnings)[0]).toContain('us-tn:policies/dhs/snap/categorical-eligibility#tn_snap_bbce_gross_income_test (version from 2026-04-15)');
      expect(bbce(may.warnings)[0]).toContain('check with Tennessee DHS');
      // A household with an elderly member asks the elderly/disabled test instead.
      const elderly = await service.calculate({ program_id: 'snap', jurisdiction: 'us-tn', household: tennessee('2026-05', { age: 70, unearned_income: 900 }) });
      expect(bbce(elderly.warnings)).toHaveLength(1);
      expect(bbce(elderly.warnings)[0]).toContain('#tn_snap_bbce_elderly_disabled_gross_income_test (version from 2026-04-15)');
      // Before 2026-04-15 the terms read are the earlier version: no doubt, and the same allotment.
      const march = await service.calculate({ program_id: 'snap', jurisdiction: 'us-tn', household: tennessee('2026-03', { age: 30, earned_income: 1200 }) });
      expect(bbce(march.warnings)).toEqual([]);
      expect(march.outputs.snap_allotment).toBe(may.outputs.snap_allotment);
    }
  });

  it('stay silent when the calculation reads a verified version or none of them', async () => {
    const phone = flagged('_snap_telephone_allowance');
    // FY2025: the version in force before 2025-10-01 is read, not the flagged FY2026 one.
    const fy2025 = await fast.calculate({ program_id: 'snap', jurisdiction: phone.jurisdiction, household: household('2025-03', 'telephone') });
    expect(unverified(fy2025.warnings)).toEqual([]);
    const none = await fast.calculate({ program_id: 'snap', jurisdiction: phone.jurisdiction, household: household('2026-01', 'none') });
    expect(unverified(none.warnings)).toEqual([]);
    // Pennsylvania's FY2026 figures were checked against DHS SNAP Handbook 560 Appendix A: no warning.
    const pennsylvania = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-pa', household: household('2026-01', 'telephone') });
    expect(pennsylvania.outputs.snap_utility_allowance ?? pennsylvania.trace.find((t) => t.variable === 'snap_utility_allowance')?.value).toBe(107);
    expect(unverified(pennsylvania.warnings)).toEqual([]);
    // Its single-utility (limited) standard for FY2024 ($70) and FY2025 ($72) was read in the same Appendix A's earlier
    // tables, so the package no longer flags those versions. (Before FY2026 Pennsylvania gives every household with a
    // utility cost the SUA, so a FY2025 single_utility household reads the SUA, $758, not this standard.)
    const pa = [...runtime.packages()].find((p) => p.jurisdiction === 'us-pa')!;
    // Only its FY2027 version is doubted (no FY2027 figure found; the FY2026 one kept).
    expect(unverifiedFigures(pa.pkg).filter((f) => f.parameter.endsWith('_snap_single_utility_allowance')).map((f) => f.effective_from)).toEqual(['2026-10-01']);
    const fy2025Single = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-pa', household: household('2025-03', 'single_utility') });
    expect(fy2025Single.outputs.snap_utility_allowance ?? fy2025Single.trace.find((t) => t.variable === 'snap_utility_allowance')?.value).toBe(758);
    expect(unverified(fy2025Single.warnings)).toEqual([]);
  });
});

describe('unverifiedWarnings', () => {
  const read = (id: string, effectiveFrom: string) =>
    ({ parameters: [{ id, name: id, key: 0, effectiveFrom, value: 1 }] }) as unknown as EngineTrace;

  it('matches a dated figure only on that version, an undated one on any version', () => {
    const list = [{ parameter: 'm#a', effective_from: '2025-10-01', reason: 'A in doubt.' }, { parameter: 'm#b', reason: 'B in doubt.' }];
    expect(unverifiedWarnings(list, [read('m#a', '2024-10-01')])).toEqual([]);
    expect(unverifiedWarnings(list, [read('m#a', '2025-10-01')])).toEqual(['Unverified figure used: m#a (version from 2025-10-01). A in doubt.']);
    expect(unverifiedWarnings(list, [read('m#b', '2019-10-01')])).toEqual(['Unverified figure used: m#b. B in doubt.']);
  });

  it('follows a figure to the hook a sets binding gives its versions, naming the declared figure', () => {
    const list = [{ parameter: 'state#a', effective_from: '2026-04-15', reason: 'A in doubt.' }];
    const hooks = new Map([['state#a', ['federal#a']]]);
    expect(unverifiedWarnings(list, [read('federal#a', '2026-04-15')], undefined, hooks)).toEqual(['Unverified figure used: state#a (version from 2026-04-15). A in doubt.']);
    expect(unverifiedWarnings(list, [read('federal#a', '2023-10-01')], undefined, hooks)).toEqual([]);
    // Without the binding the hook's read is not the figure's.
    expect(unverifiedWarnings(list, [read('federal#a', '2026-04-15')])).toEqual([]);
  });
});

describe('unverifiedReaders', () => {
  it('finds a rule for every declared figure: a doubt nothing can read would never be told', () => {
    for (const pkg of runtime.packages()) {
      const program = pkg.pkg.program;
      const hooks = boundHooks(program);
      const named = new Set([...program.derived.values()].flatMap((rule) => [...rule.deps.params].map((name) => program.parameters.get(name)?.id ?? name)));
      for (const figure of unverifiedFigures(pkg.pkg)) {
        const ids = [figure.parameter, ...(hooks.get(figure.parameter) ?? [])];
        expect(ids.some((id) => named.has(id)), `${pkg.jurisdiction}: ${figure.parameter}`).toBe(true);
      }
    }
  });

  it('names every rule a trace reads an unverified figure through: looking only at its entries changes no warning', () => {
    // Every package with an unverified figure, each utility type, FY2025 and FY2026, on the explain path (a trace
    // with every entry's parameter reads): warnings from the readers' entries equal those from every entry.
    let withWarnings = 0;
    for (const pkg of runtime.packages()) {
      const figuresOf = unverifiedFigures(pkg.pkg);
      // The households below are SNAP households (the Lifeline packages' unverified figures: tests/rules/lifeline-packages.test.ts).
      if (figuresOf.length === 0 || pkg.program_id !== 'snap') continue;
      const hooks = boundHooks(pkg.pkg.program);
      const readers = unverifiedReaders(pkg.pkg.program, figuresOf, hooks);
      const index = indexShape(pkg.shape);
      // 2026-05: Tennessee's BBCE terms are doubted from 2026-04-15, read through the federal hooks they are bound to.
      for (const period of ['2025-01', '2026-01', '2026-05']) {
        for (const utility_type of ['heating_cooling', 'limited', 'telephone']) {
          const mapped = mapHousehold(index, household(period, utility_type));
          const relations = Object.fromEntries(Object.entries(mapped.relations).map(([name, tuples]) => [name, tuples.map(([member, group]) => [member, group] as [string, string])]));
          const result = explainEvaluator(pkg.pkg, { period: mapped.month, entityId: pkg.shape.entities[0].id_template, inputs: mapped.inputs, relations, outputs: pkg.default_outputs, trace: true });
          const all = unverifiedWarnings(figuresOf, result.trace, undefined, hooks);
          expect(unverifiedWarnings(figuresOf, result.trace, readers, hooks)).toEqual(all);
          if (all.length > 0) withWarnings += 1;
        }
      }
    }
    // The comparison means something only if some households read an unverified figure.
    expect(withWarnings).toBeGreaterThan(5);
  });
});
