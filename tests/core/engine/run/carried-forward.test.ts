/**
 * Figures carried forward past the last encoded fiscal year: the warning names the yearly figures the trace read,
 * including a State figure that a `sets` binding gives to a federal hook (read in the trace under the hook's id).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RuntimePackage, TraceEntry as EngineTrace } from '../../../../core/engine/index.js';
import { carriedForward, fiscalFigures } from '../../../../core/engine/run/carried-forward.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';

const read = (id: string, effectiveFrom: string) => ({ parameters: [{ id, name: id, key: 0, effectiveFrom, value: 1 }] }) as unknown as EngineTrace;
const packageWith = (fiscalYearParameters: string[]) =>
  ({ spec: { profile: { lastFiscalYearEnds: '2026-09-30', fiscalYearParameters } }, program: { parameters: new Map() } }) as unknown as RuntimePackage;

describe('carriedForward', () => {
  it('names a declared yearly figure read under its own id, and nothing inside the last fiscal year', () => {
    const fiscal = fiscalFigures(packageWith(['federal#max']));
    expect(carriedForward(fiscal, '2026-10', [read('federal#max', '2025-10-01'), read('federal#other', '2025-10-01')])).toEqual([
      'Figures carried forward: 2026-10 falls in FY2027, after FY2026, the last fiscal year this package encodes; it was computed with the last encoded figures: federal#max (FY2026).',
    ]);
    expect(carriedForward(fiscal, '2026-09', [read('federal#max', '2025-10-01')])).toEqual([]);
  });

  it('names a State figure read through the federal hook a sets binding gives its versions', () => {
    const hooks = new Map([['state#sua', ['federal#sua_hook']]]);
    const fiscal = fiscalFigures(packageWith(['state#sua']), hooks);
    expect(carriedForward(fiscal, '2026-11', [read('federal#sua_hook', '2025-10-01')])).toEqual([
      'Figures carried forward: 2026-11 falls in FY2027, after FY2026, the last fiscal year this package encodes; it was computed with the last encoded figures: state#sua (FY2026).',
    ]);
    // Without the binding, the hook's read is not the declared figure's.
    expect(carriedForward(fiscalFigures(packageWith(['state#sua'])), '2026-11', [read('federal#sua_hook', '2025-10-01')])[0]).not.toContain('state#sua');
  });
});

describe('carried forward through a bundled package', () => {
  const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));
  const scratch = mkdtempSync(join(tmpdir(), 'tenet-carried-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // Tennessee binds its BBCE terms to the federal BBCE hooks (sets relations). Listing one as a fiscal-year figure in a
  // copy of its compose spec must make the warning name it, though the trace reads it under the hook's id.
  const BOUND = 'us-tn:policies/dhs/snap/categorical-eligibility#tn_snap_bbce_gross_income_test';

  it("names Tennessee's BBCE term, bound to a federal hook, when it is a fiscal-year figure", async () => {
    for (const dir of ['us', 'us-tn', 'programs/us-tn']) cpSync(join(rulesRoot, dir), join(scratch, dir), { recursive: true });
    const specPath = join(scratch, 'programs/us-tn/snap/fy-2026.yaml');
    const spec = readFileSync(specPath, 'utf8');
    const edited = spec.replace('fiscal_year_parameters:\n', `fiscal_year_parameters:\n  - ${BOUND}\n`);
    expect(edited).not.toBe(spec);
    writeFileSync(specPath, edited);
    const lastEnds = /last_fiscal_year:\n {2}name: FY(\d{4})/.exec(spec);
    expect(lastEnds).not.toBeNull();
    const afterLast = `${Number(lastEnds![1])}-11`; // November of the fiscal year after the last encoded one
    const runtime = await CompiledRuntime.load([scratch], { companionTests: 'off' });
    const service = new CalculationService([runtime], { timeLimitMs: 20_000 });
    const result = await service.calculate({ program_id: 'snap', jurisdiction: 'us-tn', household: { period: afterLast, facts: { household_size: 2, earned_income: 1000 } } });
    const warning = result.warnings.find((w) => w.startsWith('Figures carried forward'));
    expect(warning).toContain(`${BOUND} (FY`);
  });
});
