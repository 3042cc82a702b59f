/**
 * The coverage check of FY2026 utility figures against FNS's simplified FY2026 method (FNS memo of 2025-08-15:
 * FY2025 values adjusted by the CPI-U all items change, June 2024 314.175 -> June 2025 322.561, BLS CPI table 1).
 * A figure that does not follow the method is named in docs/coverage.md, so a reader knows it came from elsewhere.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module of the rule generator, no type declarations
import { FY26_SIMPLIFIED_SUA_FACTOR, fy26SimplifiedMethodDepartures } from '../../scripts/lib/snap-state-law.mjs';

type Departure = { region: string; kind: string; fy25: number; fy26: number; method: number };
const departures = fy26SimplifiedMethodDepartures as (st: unknown) => Departure[];
const state = (series: Record<string, [string, number][]>) => ({ regions: { statewide: { label: 'Statewide', ...series } } });
const data = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'scripts', 'data', 'snap-state-figures.json'), 'utf8'));

describe('FY2026 utility figures against the FNS simplified method', () => {
  it('uses the CPI-U all items ratio June 2025 / June 2024', () => {
    // 322.561 / 314.175 = 1.02669...
    expect(FY26_SIMPLIFIED_SUA_FACTOR).toBeCloseTo(1.02669, 5);
  });

  it('accepts a figure within $1 of FY2025 x the factor and names one that is not', () => {
    // 500 x 1.02669 = 513.35 -> 513: 514 is within $1; 530 is not.
    const st = state({
      sua: [['2023-10-01', 480], ['2024-10-01', 500], ['2025-10-01', 514]],
      lua: [['2023-10-01', 300], ['2024-10-01', 500], ['2025-10-01', 530]],
    });
    expect(departures(st)).toEqual([{ region: 'statewide', kind: 'lua', fy25: 500, fy26: 530, method: 513 }]);
  });

  it('takes FY2025 as the value in force on 2025-09-30, including a mid-year change', () => {
    // Maryland-like series: 551 from 2024-01-01, 557 from 2025-01-01; 557 x 1.02669 = 571.87 -> 572.
    const st = state({ sua: [['2023-10-01', 505], ['2024-01-01', 551], ['2025-01-01', 557], ['2025-10-01', 572]] });
    expect(departures(st)).toEqual([]);
  });

  it('names the compiled figures that do not follow the method (North Dakota, Virginia) and not those that do (Indiana)', () => {
    // Indiana's manual 3020.00.00: SUA 473 from 2024-05-01, 486 from 2025-10-01; 473 x 1.02669 = 485.62 -> 486.
    expect(departures(data.states.in)).toEqual([]);
    // 765 x 1.02669 = 785.42 -> 785, not North Dakota's 772.
    expect(departures(data.states.nd)).toEqual([{ region: 'statewide', kind: 'sua', fy25: 765, fy26: 772, method: 785 }]);
    // 369 x 1.02669 = 378.85 -> 379, not Virginia's 375.
    expect(departures(data.states.va)).toEqual([{ region: 'statewide', kind: 'sua', fy25: 369, fy26: 375, method: 379 }]);
  });

  it('flags a departure with no State source as unverified, so results that read it warn', () => {
    // New Jersey's FY2026 SUA departs from the method (878 -> 977; 878 x 1.02669 = 901.43 -> 901), FNS's FY 2026
    // table marks New Jersey 'Pending' and no DHS notice was found.
    expect(departures(data.states.nj)).toEqual([{ region: 'statewide', kind: 'sua', fy25: 878, fy26: 977, method: 901 }]);
    const flagged = (data.states.nj.unverified_figures as Array<{ kind: string; effective_from: string }>).filter((u) => u.kind === 'sua');
    expect(flagged).toEqual([expect.objectContaining({ kind: 'sua', effective_from: '2025-10-01' })]);
    const coverage = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'coverage.md'), 'utf8');
    const newJersey = coverage.split('\n').find((line) => line.startsWith('| us-nj |')) ?? '';
    expect(newJersey).toContain('unverified (warned in results): SUA from 2025-10-01');
  });

  it('does not flag a departure the State\'s own source confirms (Virginia SUA 375, VDSS SNAP Manual Part X.A.4.e)', () => {
    // Virginia still departs from the method (379), but its own manual prints $375, so nothing is flagged.
    expect(data.states.va.unverified_figures).toBeUndefined();
    expect(data.states.va.utility_fy2026_basis.kinds).toContain('sua');
    const coverage = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'coverage.md'), 'utf8');
    const virginia = coverage.split('\n').find((line) => line.startsWith('| us-va |')) ?? '';
    expect(virginia).toContain("match the State's own source");
    expect(virginia).not.toContain('unverified (warned in results)');
  });

  it('takes a figure a source confirms as checked (North Dakota from FNS\'s table, Indiana and Maine from their own texts)', () => {
    // FNS FY 2026 SUA table: North Dakota HCSUA 772; no North Dakota notice was reached, so the basis says FNS.
    expect(data.states.nd.utility_fy2026_basis).toEqual(expect.objectContaining({ source: 'fns_table' }));
    expect(data.states.nd.utility_fy2026_basis.kinds).toContain('sua');
    expect(data.states.nd.unverified_figures ?? []).toEqual([]);
    // Indiana SNAP/TANF Program Policy Manual 3020.00.00: SUA 486, LUA 283, telephone 36 as of 10/1/2025 (the State's own text).
    expect(data.states.in.utility_fy2026_basis.source).toBeUndefined();
    expect(data.states.in.utility_fy2026_basis.kinds).toEqual(['sua', 'lua', 'tua']);
    expect(data.states.in.unverified_figures ?? []).toEqual([]);
    // 10-144 C.M.R. ch. 301 sec. 999-3 Chart 8, FFY 2026: FSUA 1096, NHUA 598, PhUA 114 (Maine's own rule).
    expect(data.states.me.utility_fy2026_basis.source).toBeUndefined();
    expect(data.states.me.utility_fy2026_basis.kinds).toEqual(['sua', 'lua', 'tua']);
    expect(data.states.me.unverified_figures ?? []).toEqual([]);
    const coverage = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'coverage.md'), 'utf8');
    const row = (code: string) => coverage.split('\n').find((line) => line.startsWith(`| us-${code} |`)) ?? '';
    expect(row('nd')).toContain('FY2026 SUA, LUA, TUA match FNS\'s table of the State\'s approved figures');
    expect(row('me')).toContain('FY2026 SUA, LUA, TUA match the State\'s own source: 10-144 C.M.R. ch. 301');
    expect(row('in')).toContain('FY2026 SUA, LUA, TUA match the State\'s own source: Indiana FSSA DFR SNAP/TANF Program Policy Manual');
    for (const code of ['nd', 'in', 'me']) expect(row(code)).not.toContain('(unchecked)');
  });
});
