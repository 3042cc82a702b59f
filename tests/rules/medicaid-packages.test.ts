/**
 * The bundled Medicaid and CHIP packages (issue #28, item 4): the generated tree matches
 * scripts/generate-medicaid-rules.mjs, every State's package composes and its sample computes to the independently
 * worked outputs, each package's income limits for sizes 1-10 equal the CMS table (tests/rules/fixtures, written down
 * by hand from medicaid.gov) times the published 2026 guideline, and the households worked by hand below give the
 * same answers through the calculation service, assumptions, warnings and per-person trace included.
 */
import { everySampleComputes, generatorCheck } from '../support/program-packages.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
type CmsRow = { source_url: string; as_of: string; read_from: 'page' | 'json'; cells: Array<number | string | null> };
const cms = JSON.parse(readFileSync(`${root}/tests/rules/fixtures/medicaid-cms-2023-12.json`, 'utf8')) as {
  columns: string[]; rows: Record<string, CmsRow>;
  /** Cells where the package encodes less than the table shows, each with why (the Basic Health Programs). */
  package_differs: Record<string, Record<string, number | string>>;
  poverty_guidelines: { '2026': Record<'48_states_dc' | 'alaska' | 'hawaii', [number, number]> };
  /** Figures a State's own publication states (written down from it), equal to the CMS cell: cited, not declared. */
  state_confirmations: Record<string, { source: string; url: string; figures: Record<string, number> }>;
};
const data = JSON.parse(readFileSync(`${root}/scripts/data/medicaid.json`, 'utf8')) as {
  states: Record<string, { limits_source: string; limits: Record<string, number | null>; changes?: Array<{ category: string; effective_from: string; percent: number }> }>;
};
const STATES = ('ak al ar az ca co ct dc de fl ga hi ia id il in ks ky la ma md me mi mn mo ms mt nc nd ne nh nj nm nv ny oh ok or pa ri sc sd tn tx ut va vt wa wi wv wy').split(' ');

let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

const calc = (jurisdiction: string, household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'medicaid', jurisdiction, household: household as never, ...(variables ? { variables } : {}) });
const assumed = (r: CalculateResponse): string[] => r.assumptions.map((a) => `${a.entity_id}.${a.input}=${JSON.stringify(a.assumed_value)}`).sort();
const personValue = (r: CalculateResponse, person: string, rule: string): unknown =>
  r.trace.find((t) => t.entity === 'Person' && t.entity_id === person && t.rule_id.endsWith(`#${rule}`))?.value;

describe('the generated Medicaid tree', () => {
  it('matches the generator (node scripts/generate-medicaid-rules.mjs --check)', () => {
    const out = generatorCheck(root, 'scripts/generate-medicaid-rules.mjs');
    expect(out).toContain('51 Medicaid packages up to date');
  });

  it('has a package for every State and DC, each with a sample that computes to its worked outputs', async () => {
    await everySampleComputes(runtime, 'medicaid', STATES.map((c) => `us-${c}`), calc);
  }, 60_000);
});

describe('income limits: the CMS table (December 1, 2023) times the 2026 guideline, sizes 1-10 (42 CFR 435.603(d)(4) disregard on the highest standard)', () => {
  const percent = (cell: number | string | null): number | null => (cell === null ? null : typeof cell === 'number' ? cell : /^\d+/.test(cell) ? Number.parseInt(cell, 10) : null);
  const fromAgeOne = (cell: number | string | null): boolean => typeof cell === 'string' && cell.includes('1 up to 19');

  it('the table is written down for every State and DC, each row with its CMS source and date', () => {
    expect(Object.keys(cms.rows).sort()).toEqual([...STATES].sort());
    for (const [code, row] of Object.entries(cms.rows)) {
      expect(row.source_url, code).toMatch(/^https:\/\/www\.medicaid\.gov\//);
      expect(row.as_of, code).toBe('2023-12-01');
      expect(row.cells, code).toHaveLength(cms.columns.length);
      // The generator cites the source the row was read from.
      expect(data.states[code].limits_source, code).toBe(row.read_from === 'page' ? 'cms_2023_12_01' : 'cms_2023_12_01_json');
    }
  });

  for (const [code, { cells: row }] of Object.entries(cms.rows)) {
    it(`us-${code}`, async () => {
      const std = Object.fromEntries(cms.columns.map((c, i) => [c, percent(row[i])])) as Record<string, number | null>;
      for (const [category, figure] of Object.entries(cms.package_differs[code] ?? {})) if (category !== 'why') std[category] = figure as number;
      // A figure the State changed after the table's date is the package's dated version, declared unverified.
      for (const change of data.states[code].changes ?? []) if (change.effective_from <= '2026-03-01') std[change.category] = change.percent;
      const chipFor = (band: string): number => (std.chip_child === null || (band === 'infant' && fromAgeOne(row[3])) ? 0 : std.chip_child);
      const adult = std.expansion_adult ?? 0;
      const [first, add] = cms.poverty_guidelines['2026'][code === 'ak' ? 'alaska' : code === 'hi' ? 'hawaii' : '48_states_dc'];
      for (let size = 1; size <= 10; size += 1) {
        const g = first + (size - 1) * add;
        const limit = (pct: number, disregard: boolean): number => (g * (pct + (disregard ? 5 : 0))) / 100;
        const expected: Record<string, number> = { medicaid_poverty_guideline: g };
        for (const band of ['infant', 'child_1_5', 'child_6_18']) {
          expected[`medicaid_${band}_income_limit`] = limit(std[band]!, std[band]! >= chipFor(band));
          expected[`chip_${band}_income_limit`] = limit(chipFor(band), chipFor(band) > std[band]!);
        }
        const chipPregnant = std.chip_pregnant ?? 0;
        expected.medicaid_pregnant_income_limit = limit(std.pregnant!, !(std.chip_pregnant !== null && chipPregnant > std.pregnant!));
        expected.chip_pregnant_income_limit = limit(chipPregnant, chipPregnant > std.pregnant!);
        expected.medicaid_parent_caretaker_income_limit = limit(std.parent_caretaker!, std.parent_caretaker! >= adult);
        // No person listed, so no dependent child: the adult group is the highest standard and gets the disregard.
        expected.medicaid_expansion_adult_income_limit = limit(adult, adult > 0);
        const r = await calc(`us-${code}`, { period: '2026-03', facts: { household_size: size } }, Object.keys(expected));
        for (const [output, value] of Object.entries(expected)) expect(r.outputs[output], `us-${code} size ${size} ${output}`).toBeCloseTo(value, 6);
        // Only a dated change after the table is declared unverified; the table's own figures are not.
        const warned = [...new Set(r.warnings.map((w) => /_medicaid_(\w+?)_income_standard/.exec(w)?.[1]).filter(Boolean))].sort();
        const changed = [...new Set((data.states[code].changes ?? []).filter((c) => c.effective_from <= '2026-03-01').map((c) => c.category))].sort();
        const datedChanges = changed.filter((c) => expected[`medicaid_${c}_income_limit`] !== undefined);
        if (size === 1 && cms.rows[code].read_from === 'page') expect(warned, `us-${code} warnings`).toEqual(datedChanges);
        // A row read in the transcription of CMS's file (not from CMS itself) is declared unverified, each figure the
        // State has, except those its own publication states (written down in state_confirmations): exactly those.
        if (size === 1 && cms.rows[code].read_from === 'json') {
          const confirmed = cms.state_confirmations[code]?.figures ?? {};
          // The State's figure is the table's (the package reads the table's figure from 2023-12-01, then any dated change).
          for (const [c, figure] of Object.entries(confirmed)) expect(cms.package_differs[code]?.[c] ?? percent(row[cms.columns.indexOf(c)]), `us-${code} ${c}`).toBe(figure);
          const transcribed = cms.columns.filter((c) => data.states[code].limits[c] !== null && !(c in confirmed));
          expect(warned, `us-${code} warnings`).toEqual([...new Set([...transcribed, ...datedChanges])].sort());
          if (transcribed.length) expect(r.warnings.join(' '), `us-${code}`).toContain('caroline-howard/medicaid-enrollment-policy-dashboard');
        }
      }
    }, 30_000);
  }

  it('a figure confirmed by the State\'s own publication is cited to it: Minnesota\'s row, every figure', async () => {
    // Minnesota's EPM 2.2.3.3: infants under 2 283%, children 2-18 275%, pregnant people 278%, parents and adults 133%.
    const r = await calc('us-mn', { period: '2026-03', facts: { household_size: 1 } }, ['medicaid_infant_income_limit', 'medicaid_pregnant_income_limit']);
    // 15,960 x (283 + 5)% = 45,964.80; 15,960 x (278 + 5)% = 45,166.80.
    expect(r.outputs).toEqual({ medicaid_infant_income_limit: 45964.8, medicaid_pregnant_income_limit: 45166.8 });
    expect(r.warnings.join(' ')).not.toContain('mn_medicaid_infant_income_standard');
    const module = YAML.parse(readFileSync(`${root}/rules/us-mn/policies/medicaid/eligibility.yaml`, 'utf8')) as { rules: Array<{ name: string; source?: string; source_url?: string }> };
    const infant = module.rules.find((rule) => rule.name === 'mn_medicaid_infant_income_standard');
    expect(infant?.source).toContain('Minnesota Health Care Programs Eligibility Policy Manual 2.2.3.3');
    expect(infant?.source_url).toBe(cms.state_confirmations.mn.url);
  });

  it('a State plan amendment confirms only what it states: Michigan\'s pregnant and parent standards, not its children\'s', async () => {
    // SPA MI-13-0100-MM1: pregnant women 195%, parents and caretakers 54%; infants 195% and children 160%, where CMS
    // gives 212% (kept, still declared unverified); no adult group on January 1, 2014 (133% still declared).
    const r = await calc('us-mi', { period: '2026-03', facts: { household_size: 1 } }, ['medicaid_pregnant_income_limit', 'medicaid_parent_caretaker_income_limit', 'medicaid_infant_income_limit', 'medicaid_expansion_adult_income_limit']);
    const warned = r.warnings.join(' ');
    expect(warned).not.toContain('mi_medicaid_pregnant_income_standard');
    expect(warned).not.toContain('mi_medicaid_parent_caretaker_income_standard');
    expect(warned).toContain('mi_medicaid_infant_income_standard');
    expect(warned).toContain('mi_medicaid_expansion_adult_income_standard');
    const module = YAML.parse(readFileSync(`${root}/rules/us-mi/policies/medicaid/eligibility.yaml`, 'utf8')) as { rules: Array<{ name: string; source?: string; source_url?: string }> };
    const pregnant = module.rules.find((rule) => rule.name === 'mi_medicaid_pregnant_income_standard');
    expect(pregnant?.source).toContain('SPA MI-13-0100-MM1');
    expect(pregnant?.source_url).toBe(cms.state_confirmations.mi.url);
    const infant = module.rules.find((rule) => rule.name === 'mi_medicaid_infant_income_standard');
    expect(infant?.source).not.toContain('MI-13-0100-MM1');
  });

  it('the packages declare every dated change unverified', async () => {
    for (const [code, st] of Object.entries(data.states)) {
      for (const change of st.changes ?? []) {
        const r = await calc(`us-${code}`, { period: change.effective_from.slice(0, 7) < '2025-02' ? '2025-02' : change.effective_from.slice(0, 7), facts: { household_size: 1 } }, [`medicaid_${change.category === 'expansion_adult' ? 'expansion_adult' : change.category}_income_limit`]);
        expect(r.warnings.join(' '), `${code} ${change.category}`).toContain(`${code}_medicaid_${change.category}_income_standard (version from ${change.effective_from})`);
      }
    }
  });
});

describe('households worked by hand through the calculation service', () => {
  it('Texas, March 2026: a parent earning $3,200 with children of 4 and 9: the 4-year-old in Medicaid, the 9-year-old in CHIP', async () => {
    // Size 3, 2026 guideline 15,960 + 2 x 5,680 = 27,320; income 3,200 x 12 = 38,400.
    // Child 1-5: Texas's separate CHIP (201%) covers the age and is the higher standard, so Medicaid's 144% gets no
    //   disregard: 27,320 x 1.44 = 39,340.80 >= 38,400: Medicaid.
    // Child 6-18: 27,320 x 1.33 = 36,335.60 < 38,400; CHIP 201% + 5 = 206%: 56,279.20 >= 38,400: CHIP.
    // Parent: 12% (CMS table; a dollar standard CMS converts); Texas covers no adult group, so the parent standard is the
    //   highest: 17% = 27,320 x 0.17 = 4,644.40 < 38,400: no.
    const r = await calc('us-tx', { period: '2026-03', people: { parent: { age: 34, earned_income: 3200 }, child_1: { age: 4 }, child_2: { age: 9 } } },
      ['medicaid_eligible_count', 'chip_eligible_count', 'medicaid_child_1_5_count', 'chip_child_count', 'medicaid_child_1_5_income_limit', 'chip_child_6_18_income_limit', 'medicaid_parent_caretaker_income_limit']);
    expect(r.outputs).toEqual({ medicaid_eligible_count: 1, chip_eligible_count: 1, medicaid_child_1_5_count: 1, chip_child_count: 1,
      medicaid_child_1_5_income_limit: 39340.8, chip_child_6_18_income_limit: 56279.2, medicaid_parent_caretaker_income_limit: 4644.4 });
    expect(personValue(r, 'child_1', 'medicaid_person_group')).toBe('child_1_5');
    expect(personValue(r, 'child_2', 'medicaid_person_group')).toBe('child_6_18');
    // Each person's result in the answer's person_outputs (person id -> rule -> value).
    expect(r.person_outputs?.parent).toMatchObject({ medicaid_person_eligible: false, medicaid_category: 'none', chip_person_eligible: false, chip_category: 'none' });
    expect(r.person_outputs?.child_1).toMatchObject({ medicaid_person_eligible: true, medicaid_category: 'child_1_5', chip_person_eligible: false, chip_category: 'none' });
    expect(r.person_outputs?.child_2).toMatchObject({ medicaid_person_eligible: false, medicaid_category: 'none', chip_person_eligible: true, chip_category: 'child' });
    // Not given and able to change the answer: each person's citizenship, and whether the parent is pregnant.
    expect(assumed(r)).toEqual(['child_1.citizenship_status="citizen"', 'child_2.citizenship_status="citizen"', 'parent.citizenship_status="citizen"', 'parent.is_pregnant=false']);
  });

  it('Florida, March 2026: separate CHIP from age 1, so the infant\'s Medicaid standard takes the disregard and the 3-year-old\'s does not', async () => {
    // The undocumented child of 10 is in the household all the same (42 CFR 435.603(f)): size 4, 15,960 + 3 x 5,680 =
    // 33,000; income 4,000 x 12 = 48,000. Infant: Florida's separate CHIP starts at 1 ("1 up to 19"), so Medicaid's 206%
    // is the highest standard: 211% = 69,630 >= 48,000: Medicaid. Child of 3: CHIP's 210% is above Medicaid's 140%, so
    // Medicaid has no disregard: 46,200 < 48,000; CHIP 215% = 70,950 >= 48,000: CHIP. Parent: 24% + 5 (no adult group)
    // = 9,570 < 48,000. The child of 10 is in neither (status).
    const r = await calc('us-fl', { period: '2026-03', people: { parent: { age: 30, earned_income: 4000 }, baby: { age: 0 }, child: { age: 3 }, other: { age: 10, citizenship_status: 'undocumented_or_temporary' } } },
      ['medicaid_infant_income_limit', 'medicaid_child_1_5_income_limit', 'chip_child_1_5_income_limit', 'medicaid_eligible_count', 'chip_eligible_count']);
    expect(r.outputs).toEqual({ medicaid_infant_income_limit: 69630, medicaid_child_1_5_income_limit: 46200, chip_child_1_5_income_limit: 70950, medicaid_eligible_count: 1, chip_eligible_count: 1 });
    expect(r.person_outputs?.baby).toMatchObject({ medicaid_category: 'infant' });
    expect(r.person_outputs?.child).toMatchObject({ medicaid_category: 'none', chip_category: 'child' });
    expect(r.person_outputs?.other).toMatchObject({ medicaid_category: 'none', chip_category: 'none' });
  });

  it('Colorado, March 2026: a pregnant woman earning $4,000 is over Medicaid\'s 195% and within CHIP\'s 260%', async () => {
    // Family size 1 + 1 expected = 2: 15,960 + 5,680 = 21,640; income 48,000.
    // CHIP's 260% is the highest standard, so Medicaid's has no disregard: 21,640 x 1.95 = 42,198 < 48,000.
    // CHIP: 21,640 x 2.65 = 57,346 >= 48,000: CHIP.
    const r = await calc('us-co', { period: '2026-03', people: { mother: { age: 28, earned_income: 4000, is_pregnant: true, expected_children_count: 1, citizenship_status: 'citizen' } } },
      ['medicaid_eligible_count', 'chip_eligible_count', 'chip_pregnant_count', 'medicaid_pregnant_income_limit', 'chip_pregnant_income_limit']);
    expect(r.outputs).toEqual({ medicaid_eligible_count: 0, chip_eligible_count: 1, chip_pregnant_count: 1, medicaid_pregnant_income_limit: 42198, chip_pregnant_income_limit: 57346 });
    expect(personValue(r, 'mother', 'medicaid_person_group')).toBe('pregnant');
    expect(r.person_outputs?.mother).toMatchObject({ medicaid_person_eligible: false, chip_person_eligible: true, chip_category: 'pregnant' });
    expect(r.assumptions).toEqual([]);
  });

  it('Alaska\'s guideline: a single adult earning $2,200 is in the adult group in Alaska, and would not be on the 48-State table', async () => {
    // Alaska 2026: 19,950; 138% = 27,531 >= 26,400 (2,200 x 12). On the 48-State table 15,960 x 1.38 = 22,024.80.
    const r = await calc('us-ak', { period: '2026-03', people: { adult: { age: 40, earned_income: 2200 } } }, ['medicaid_expansion_adult_count', 'medicaid_expansion_adult_income_limit', 'medicaid_community_engagement_applies']);
    expect(r.outputs).toEqual({ medicaid_expansion_adult_count: 1, medicaid_expansion_adult_income_limit: 27531, medicaid_community_engagement_applies: false });
    expect(r.person_outputs?.adult).toMatchObject({ medicaid_category: 'expansion_adult' });
    const wa = await calc('us-wa', { period: '2026-03', people: { adult: { age: 40, earned_income: 2200 } } }, ['medicaid_expansion_adult_count']);
    expect(wa.outputs.medicaid_expansion_adult_count).toBe(0);
  });

  it('immigrant eligibility: a refugee in Ohio is eligible through September 2026, not from October (Pub. L. 119-21 sec. 71109)', async () => {
    // 1,000 x 12 = 12,000 <= 22,024.80 (138% of 15,960): income-eligible in the adult group.
    const at = (period: string, status: string) => calc('us-oh', { period, people: { adult: { age: 30, earned_income: 1000, citizenship_status: status } } }, ['medicaid_eligible_count']);
    expect((await at('2026-09', 'refugee_or_asylee')).outputs.medicaid_eligible_count).toBe(1);
    const october = await at('2026-10', 'refugee_or_asylee');
    expect(october.outputs.medicaid_eligible_count).toBe(0);
    // The date was read only as quoted in a later bill: the answer says so.
    expect(october.warnings.join(' ')).toContain('magi-groups#medicaid_humanitarian_noncitizens_eligible (version from 2026-10-01)');
    expect((await at('2026-10', 'eligible_noncitizen')).outputs.medicaid_eligible_count).toBe(1);
    expect((await at('2026-03', 'undocumented_or_temporary')).outputs.medicaid_eligible_count).toBe(0);
    // Ohio's standard was read in a transcription of CMS's file (a secondary copy), and the adult group's start date in
    // secondary summaries: both are warned of.
    const citizen = (await at('2026-03', 'citizen')).warnings.join(' ');
    expect(citizen).toContain('Unverified figure used: us-oh:policies/medicaid/eligibility#oh_medicaid_expansion_adult_covered');
    expect(citizen).toContain('Unverified figure used: us-oh:policies/medicaid/eligibility#oh_medicaid_expansion_adult_income_standard (version from 2023-12-01)');
  });

  it('January 2025 is tested against the 2024 guidelines, still in effect until the 2025 notice applies on January 15 (90 FR 5917), and says the switch date is not verified', async () => {
    // Ohio, one adult earning 1,450 a month: 17,400 a year. January 2025 (read at its first day): 2024 guideline 15,060;
    // 138% = 20,782.80 >= 17,400: eligible. February 2025: 2025 guideline 15,650; 138% = 21,597.
    const at = (period: string) => calc('us-oh', { period, people: { adult: { age: 30, earned_income: 1450, citizenship_status: 'citizen' } } }, ['medicaid_expansion_adult_count', 'medicaid_expansion_adult_income_limit', 'medicaid_poverty_guideline']);
    const january = await at('2025-01');
    expect(january.outputs).toEqual({ medicaid_expansion_adult_count: 1, medicaid_expansion_adult_income_limit: 20782.8, medicaid_poverty_guideline: 15060 });
    // The State's own switch date was not read: the answer says which guideline date the package took.
    expect(january.warnings.join(' ')).toContain('Unverified figure used: us:regulations/42-cfr/435/603#medicaid_poverty_guideline_year. Medicaid uses each year\'s HHS guidelines from the date of the HHS notice here (2025 from January 15, 2025, 90 FR 5917; before it the 2024 guidelines, so January 2025, read at its first day, uses 2024\'s)');
    const february = await at('2025-02');
    expect(february.outputs).toEqual({ medicaid_expansion_adult_count: 1, medicaid_expansion_adult_income_limit: 21597, medicaid_poverty_guideline: 15650 });
    expect(february.warnings.join(' ')).toContain('Unverified figure used: us:regulations/42-cfr/435/603#medicaid_poverty_guideline_year.');
    // Before the packages' first month there is still no answer.
    await expect(at('2024-12')).rejects.toThrow();
  });

  it('dated versions: DC\'s adult group at 210% in 2025 and 133% in 2026; the work requirement applies from January 2027', async () => {
    // One adult earning 2,500: 30,000. 2025 (guideline 15,650): 215% = 33,647.50: eligible. 2026 (15,960): 138% = 22,024.80: not.
    const at = (period: string, earned: number) => calc('us-dc', { period, people: { adult: { age: 45, earned_income: earned } } }, ['medicaid_expansion_adult_count', 'medicaid_expansion_adult_income_limit', 'medicaid_community_engagement_applies']);
    expect((await at('2025-06', 2500)).outputs).toEqual({ medicaid_expansion_adult_count: 1, medicaid_expansion_adult_income_limit: 33647.5, medicaid_community_engagement_applies: false });
    expect((await at('2026-06', 2500)).outputs).toEqual({ medicaid_expansion_adult_count: 0, medicaid_expansion_adult_income_limit: 22024.8, medicaid_community_engagement_applies: false });
    // 1,500 x 12 = 18,000 <= 22,024.80 (the 2026 guideline carried into 2027): counted, and the requirement now applies.
    expect((await at('2027-02', 1500)).outputs).toMatchObject({ medicaid_expansion_adult_count: 1, medicaid_community_engagement_applies: true });
  });
});
