/**
 * Figures a package declares unverified (compose-spec extension `unverified_parameters`): a parameter version
 * that could not be checked against its primary source. A calculation that reads one is told so in its
 * warnings, naming the parameter, the version and the reason, the same way carried-forward figures are.
 */
import type { RuntimePackage, TraceEntry as EngineTrace } from '../index.js';

export interface UnverifiedFigure {
  /** Rule id of the parameter (`module#name`). */
  parameter: string;
  /** The version in doubt (YYYY-MM-DD); absent = every version. */
  effective_from?: string;
  reason: string;
}

function isoDate(value: unknown): string | undefined {
  // YAML may give the date as a string or, unquoted, as a Date.
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
}

/** The package's declared unverified figures; malformed entries are skipped (the spec is checked in tests). */
export function unverifiedFigures(pkg: RuntimePackage): UnverifiedFigure[] {
  const list = pkg.spec.extensions.unverified_parameters;
  if (!Array.isArray(list)) return [];
  const figures: UnverifiedFigure[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { parameter, effective_from: from, reason } = entry as Record<string, unknown>;
    if (typeof parameter !== 'string' || typeof reason !== 'string') continue;
    const date = isoDate(from);
    figures.push(date ? { parameter, effective_from: date, reason } : { parameter, reason });
  }
  return figures;
}

/** One warning per unverified figure the trace read (in the declared order). */
export function unverifiedWarnings(figures: readonly UnverifiedFigure[], trace: readonly EngineTrace[]): string[] {
  if (figures.length === 0) return [];
  // A trace reads hundreds of parameter versions and a package declares a few unverified ones: only reads of those
  // are recorded (checking every read by id is far cheaper than recording every read).
  const doubted = new Set(figures.map((f) => f.parameter));
  const read = new Set<string>();
  for (const entry of trace) {
    for (const p of entry.parameters) if (doubted.has(p.id)) read.add(`${p.id}|${p.effectiveFrom}`).add(p.id);
  }
  return figures
    .filter((f) => read.has(f.effective_from ? `${f.parameter}|${f.effective_from}` : f.parameter))
    .map((f) => `Unverified figure used: ${f.parameter}${f.effective_from ? ` (version from ${f.effective_from})` : ''}. ${f.reason}`);
}
