/**
 * Figures carried forward: a month after the last fiscal year a package encodes is computed with the last
 * encoded figures, and the answer says so, naming the yearly figures the trace read.
 */
import { fiscalYearOf, periodStart } from '../../domain/household/period.js';
import type { RuntimePackage, TraceEntry as EngineTrace } from '../index.js';

/** The last encoded fiscal year of the package and the parameters whose figures change each fiscal year. */
export interface FiscalFigures {
  lastFiscalYear: number;
  /**
   * Trace read id -> the fiscal-year parameter it is named as: each declared parameter under its own id and under
   * the id of every hook a `sets` binding gives its versions (a State figure bound to a federal hook is read as the
   * hook). Empty means "any parameter read whose version lies in the last fiscal year".
   */
  yearly: Map<string, string>;
}

/**
 * From the program profile's `last_fiscal_year` and `fiscal_year_parameters`; `hooks` (from boundHooks) names the
 * ids a declared figure is also read under.
 */
export function fiscalFigures(pkg: RuntimePackage, hooks: ReadonlyMap<string, readonly string[]> = new Map()): FiscalFigures | undefined {
  const { lastFiscalYearEnds: ends, fiscalYearParameters } = pkg.spec.profile;
  const yearly = new Map<string, string>();
  for (const id of fiscalYearParameters) for (const readAs of [id, ...(hooks.get(id) ?? [])]) yearly.set(readAs, id);
  if (ends !== undefined) return { lastFiscalYear: fiscalYearOf(ends), yearly };
  // Without the extension: the latest fiscal year in which any parameter of the program has a version.
  let latest = 0;
  for (const parameter of pkg.program.parameters.values()) for (const version of parameter.versions) latest = Math.max(latest, fiscalYearOf(version.from));
  return latest > 0 ? { lastFiscalYear: latest, yearly } : undefined;
}

/** Warns when the month lies after the last encoded fiscal year, naming the yearly figures that were used. */
export function carriedForward(fiscal: FiscalFigures | undefined, period: string, trace: readonly EngineTrace[]): string[] {
  if (!fiscal) return [];
  const fiscalYear = fiscalYearOf(periodStart(period));
  const last = fiscal.lastFiscalYear;
  if (fiscalYear <= last) return [];
  const used = new Map<string, number>();
  for (const entry of trace) {
    for (const read of entry.parameters) {
      const from = fiscalYearOf(read.effectiveFrom);
      const named = fiscal.yearly.size > 0 ? fiscal.yearly.get(read.id) : from === last ? read.id : undefined;
      if (named !== undefined) used.set(named, from);
    }
  }
  const named = [...used].sort(([a], [b]) => a.localeCompare(b)).map(([id, fy]) => `${id} (FY${fy})`);
  return [
    `Figures carried forward: ${period} falls in FY${fiscalYear}, after FY${last}, the last fiscal year this package encodes; it was computed with the last encoded figures` +
      (named.length > 0 ? `: ${named.join(', ')}.` : '.'),
  ];
}
