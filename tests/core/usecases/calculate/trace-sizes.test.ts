/**
 * Trace sizes (docs/calculation.md "Trace sizes"): over every bundled SNAP, Lifeline and WIC package's sample household
 * (WIC: person outputs and a derived relation),
 * on the fast path and the explain path, `full`, `decisive` and `none` give the same outputs, warnings (less the
 * left-out notice) and assumptions; `none` carries no entries and says so; `decisive` is a part of the full trace,
 * the same on both paths, and keeps every returned output's own entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculateResponse, TraceSize } from '../../../../core/ports/calculator.js';
import { TRACE_LEFT_OUT_WARNING, type CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { bundledServices, type BundledServices } from '../../../support/bundled-services.js';
import type { CompiledPackage } from '../../../../core/engine/run/compiled-package.js';

let services: BundledServices;
beforeAll(async () => {
  services = await bundledServices();
}, 120_000);

interface Sample {
  program_id: string;
  jurisdiction: string;
  household: Record<string, unknown>;
}

function samples(service: CalculationService): Sample[] {
  const out: Sample[] = [];
  for (const program of ['snap', 'lifeline', 'wic']) {
    for (const jurisdiction of JURISDICTIONS) {
      const pkg = service.find(program, jurisdiction) as { describe?: () => { sample_household?: Record<string, unknown> } } | undefined;
      const household = pkg?.describe?.().sample_household;
      if (household) out.push({ program_id: program, jurisdiction, household });
    }
  }
  return out;
}

const JURISDICTIONS = ['us-ak', 'us-al', 'us-ar', 'us-as', 'us-az', 'us-ca', 'us-co', 'us-ct', 'us-dc', 'us-de', 'us-fl', 'us-ga', 'us-gu', 'us-hi', 'us-ia', 'us-id', 'us-il', 'us-in', 'us-ks', 'us-ky', 'us-la', 'us-ma', 'us-md', 'us-me', 'us-mi', 'us-mn', 'us-mo', 'us-mp', 'us-ms', 'us-mt', 'us-nc', 'us-nd', 'us-ne', 'us-nh', 'us-nj', 'us-nm', 'us-nv', 'us-ny', 'us-oh', 'us-ok', 'us-or', 'us-pa', 'us-pr', 'us-ri', 'us-sc', 'us-sd', 'us-tn', 'us-tx', 'us-ut', 'us-va', 'us-vi', 'us-vt', 'us-wa', 'us-wi', 'us-wv', 'us-wy'];

async function answer(service: CalculationService, sample: Sample, trace: TraceSize | undefined): Promise<CalculateResponse> {
  return service.calculate({ ...sample, ...(trace ? { trace } : {}) });
}

/** Whether `part` is `whole` with some entries left out, order kept. */
function isSubsequence<T>(part: readonly T[], whole: readonly T[]): boolean {
  let i = 0;
  for (const entry of whole) if (i < part.length && JSON.stringify(part[i]) === JSON.stringify(entry)) i++;
  return i === part.length;
}

describe('trace sizes over every bundled SNAP, Lifeline and WIC sample household', () => {
  it('keep outputs, warnings and assumptions, on both paths; none drops the trace, decisive keeps a part of it', async () => {
    const all = samples(services.fast);
    // The exact counts are the bundle's, not this test's, but every kind must be there.
    expect(all.filter((s) => s.program_id === 'snap').length).toBeGreaterThan(40);
    expect(all.filter((s) => s.program_id === 'lifeline').length).toBeGreaterThan(0);
    expect(all.filter((s) => s.program_id === 'wic').length).toBeGreaterThan(0);
    let smaller = 0;
    for (const sample of all) {
      const where = `${sample.jurisdiction}/${sample.program_id}`;
      const decisiveByPath: CalculateResponse[] = [];
      for (const service of [services.fast, services.explain]) {
        const [plain, full, decisive, none] = await Promise.all([undefined, 'full', 'decisive', 'none'].map((t) => answer(service, sample, t as TraceSize | undefined)));
        // The default is the full trace.
        expect(full, where).toEqual(plain);
        for (const other of [decisive, none]) {
          expect(other.outputs, where).toEqual(full.outputs);
          expect(other.assumptions, where).toEqual(full.assumptions);
          expect(other.person_outputs, where).toEqual(full.person_outputs);
          expect(other.warnings.filter((w) => w !== TRACE_LEFT_OUT_WARNING), where).toEqual(full.warnings);
        }
        expect(none.trace, where).toEqual([]);
        expect(none.warnings.at(-1), where).toBe(TRACE_LEFT_OUT_WARNING);
        expect(full.warnings, where).not.toContain(TRACE_LEFT_OUT_WARNING);
        expect(isSubsequence(decisive.trace, full.trace), where).toBe(true);
        // Every returned output's own entry (at the unit) is decisive.
        for (const name of Object.keys(full.outputs)) {
          expect(decisive.trace.some((e) => e.variable === name), `${where} ${name}`).toBe(true);
        }
        if (decisive.trace.length < full.trace.length) smaller++;
        decisiveByPath.push(decisive);
      }
      // The same selection on the fast path as on the explain path.
      expect(decisiveByPath[0].trace, where).toEqual(decisiveByPath[1].trace);
    }
    // The decisive trace leaves something out for most samples (counted over both paths).
    expect(smaller).toBeGreaterThan(all.length);
  }, 300_000);

  it('keep the warnings in October 2026, when versions declared unverified (FY2027 figures not found) are live', async () => {
    let doubted = 0;
    for (const sample of samples(services.fast)) {
      const october = { ...sample, household: { ...sample.household, period: '2026-10' } };
      const [full, none] = await Promise.all([answer(services.fast, october, 'full'), answer(services.fast, october, 'none')]);
      const where = `${sample.jurisdiction}/${sample.program_id}`;
      expect(none.outputs, where).toEqual(full.outputs);
      expect(none.warnings, where).toEqual([...full.warnings, TRACE_LEFT_OUT_WARNING]);
      if (full.warnings.some((w) => w.startsWith('Unverified figure used'))) doubted++;
    }
    // Most packages doubt a figure from 2026-10-01: the none answers kept those warnings.
    expect(doubted).toBeGreaterThan(50);
  }, 300_000);

  it('none answers the Alaska SNAP sample without the engine trace, and every utility type, region and kind as the full trace does', async () => {
    const service = services.fast;
    const pkg = service.find('snap', 'us-ak') as unknown as CompiledPackage;
    const sample = samples(service).find((s) => s.jurisdiction === 'us-ak' && s.program_id === 'snap')!;
    // The sample (January 2026, heating and cooling, central region) reads none of the FY2026 versions declared
    // unverified, which are live: the plain kernel answers it, and says so in the package's count.
    const before = pkg.untracedAnswers;
    const [full, none] = await Promise.all([answer(service, sample, 'full'), answer(service, sample, 'none')]);
    expect(pkg.untracedAnswers).toBe(before + 1);
    expect(none.warnings).toEqual([...full.warnings, TRACE_LEFT_OUT_WARNING]);
    // Every utility type, region and single utility in January (some FY2026 standards doubted) and October 2026
    // (every FY2027 standard doubted): none gives the full trace's outputs, warnings and assumptions.
    const facts = sample.household.facts as Record<string, unknown>;
    const kinds = ['electricity', 'gas_or_fuel', 'water', 'sewage', 'trash', 'unspecified'];
    const utilities = [
      ...['heating_cooling', 'telephone', 'none'].map((utility_type) => ({ utility_type })),
      { utility_type: 'limited', pays_electricity: true, pays_water: true, pays_telephone: true },
      ...kinds.map((single_utility_kind) => ({ utility_type: 'single_utility', single_utility_kind })),
    ];
    let warned = 0;
    for (const period of ['2026-01', '2026-10']) {
      for (const snap_region of ['central', 'northern', 'northwest', 'southcentral', 'southeast', 'southwest']) {
        for (const utility of utilities) {
          const household = { ...sample.household, period, facts: { ...facts, ...utility, snap_region } };
          const varied = { ...sample, household };
          const [fullVaried, noneVaried] = await Promise.all([answer(service, varied, 'full'), answer(service, varied, 'none')]);
          const where = `${period} ${snap_region} ${JSON.stringify(utility)}`;
          expect(noneVaried.outputs, where).toEqual(fullVaried.outputs);
          expect(noneVaried.assumptions, where).toEqual(fullVaried.assumptions);
          expect(noneVaried.warnings, where).toEqual([...fullVaried.warnings, TRACE_LEFT_OUT_WARNING]);
          if (fullVaried.warnings.some((w) => w.startsWith('Unverified figure used'))) warned++;
        }
      }
    }
    // Both kinds occur: answers that warn of a doubted standard and answers the plain kernel gave.
    expect(warned).toBeGreaterThan(0);
    expect(pkg.untracedAnswers).toBeGreaterThan(before + 1);
  }, 300_000);
});
