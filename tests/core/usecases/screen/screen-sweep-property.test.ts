/**
 * Property (issue #29 "Done when"): the combined sweep over earned income, for the sample household of every
 * jurisdiction with screenable programs, agrees with plain screens. Every breakpoint checked is confirmed one cent
 * on each side (the screen's total, each program's status and amount there equal the sweep's `before` and `after`),
 * and random points of segments match their lines: each program's amount exactly, the total to the cent (the
 * sweep's total is exact; a screen's totals.monthly.total is it rounded to the cent).
 *
 * Every screen at a checked point is compared with the whole answer (the total and every program), so each point
 * checks every description at once. Per jurisdiction the suite checks every cliff (status change) and a seeded sample
 * of the other breakpoints and segments: TENET_SCREEN_SWEEP_POINTS (default 2) breakpoints and segment points per
 * description (every breakpoint's before/after is checked against its segments without screens). TENET_SCREEN_SWEEP_POINTS=all checks every breakpoint of every description and 3 points per segment
 * (hours); TENET_SCREEN_SWEEP_JURISDICTIONS=us-tx,us-co narrows the jurisdictions.
 *
 * The sample household of a jurisdiction: its SNAP package's published sample (else its first screenable program's),
 * with each person's relationship_to_head (head, then spouse for a second adult, child under 18) so the federal
 * credits compute too, swept over the default axis (the first person with earnings) from 0 to 6,000 a month.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { ScreenService } from '../../../../core/usecases/screen/screen.js';
import { ScreenSweepService, type ScreenSweepResponse } from '../../../../core/usecases/screen/sweep.js';
import type { JsonValue } from '../../../../core/domain/household/shape.js';
import type { ScreenResponse } from '../../../../core/ports/screener.js';
import { bundledScreenServices } from '../../../support/screen-services.js';
import { mulberry32 } from '../../../support/prng.js';

const POINTS_SETTING = process.env.TENET_SCREEN_SWEEP_POINTS ?? '2';
const ALL = POINTS_SETTING === 'all';
const POINTS = ALL ? Infinity : Number(POINTS_SETTING);
const ONLY = process.env.TENET_SCREEN_SWEEP_JURISDICTIONS?.split(',').filter(Boolean);
const TO = 6000;
const CENT = new Decimal('0.01');

type Segment = { from: number | string; to: number | string; value: unknown; slope?: number | string };
type Breakpoint = { at: number | string; before: unknown; after: unknown };
type Description = { segments: Segment[]; breakpoints: Breakpoint[] };

let screens: ScreenService;
let sweeps: ScreenSweepService;
let jurisdictions: string[];
let samples: Map<string, Record<string, JsonValue>>;

beforeAll(async () => {
  const { runtime } = await bundledScreenServices();
  screens = new ScreenService(runtime.screener);
  // A generous time limit: the suite runs beside others on a loaded machine; the benchmark times sweeps.
  sweeps = new ScreenSweepService(new ScreenService(runtime.screener), { timeLimitMs: 120_000 });
  const all = [...new Set(runtime.packages().map((p) => p.jurisdiction))].filter((j) => screens.programs(j).length > 0).sort();
  jurisdictions = ONLY ?? all;
  samples = new Map();
  for (const jurisdiction of jurisdictions) {
    const own = runtime.packages().filter((p) => p.jurisdiction === jurisdiction && p.pkg.spec.profile.screening);
    const source = own.find((p) => p.program_id === 'snap') ?? own[0];
    const sample = source?.describe().sample_household as Record<string, JsonValue> | undefined;
    if (sample) samples.set(jurisdiction, withRelationships(sample));
  }
}, 300_000);

/** The sample with each person's relationship to the head, which the credits read. */
function withRelationships(sample: Record<string, JsonValue>): Record<string, JsonValue> {
  const people = Object.entries((sample.people ?? {}) as Record<string, Record<string, JsonValue>>);
  let adults = 0;
  const related = people.map(([id, person]) => {
    const adult = typeof person.age === 'number' && person.age >= 18;
    const relationship = !adult ? 'child' : adults++ === 0 ? 'head' : 'spouse';
    return [id, { relationship_to_head: relationship, ...person }];
  });
  return { ...sample, people: Object.fromEntries(related) };
}

/** The segment holding x (segments are in order: a binary search). */
function segmentAt(description: Description, x: Decimal): Segment {
  let [lo, hi] = [0, description.segments.length - 1];
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (x.gte(description.segments[mid].from)) lo = mid;
    else hi = mid - 1;
  }
  const segment = description.segments[lo];
  if (x.lt(segment.from) || x.gt(segment.to)) throw new Error(`no segment holds ${x}`);
  return segment;
}

/** A segment's value at x: its line there (a non-number: its value). */
function lineAt(segment: Segment, x: Decimal): unknown {
  if (typeof segment.value === 'boolean' || (typeof segment.value === 'string' && !/^-?\d/.test(segment.value))) return segment.value;
  return new Decimal(segment.value as number | string).plus(new Decimal(segment.slope ?? 0).times(x.minus(segment.from))).toNumber();
}

function valueAt(description: Description, x: Decimal): unknown {
  return lineAt(segmentAt(description, x), x);
}

function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  if (items.length <= count) return [...items];
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
}

/** Grid points of a segment: from, to and random ones between. */
function pointsIn(segment: Segment, count: number, random: () => number): Decimal[] {
  const from = new Decimal(segment.from);
  const cents = new Decimal(segment.to).minus(from).dividedBy(CENT).toNumber();
  return Array.from({ length: count }, () => from.plus(CENT.times(Math.floor(random() * (cents + 1)))));
}

/** The x values to screen: every cliff's two sides, sampled breakpoints' two sides, sampled segment points. */
function pointsToCheck(sweep: ScreenSweepResponse, random: () => number): Decimal[] {
  const descriptions = [sweep.total, ...sweep.programs.flatMap((p) => [p.status, p.amount].filter((d) => d !== null))] as Description[];
  const xs: Decimal[] = [];
  const sides = (at: number | string) => [new Decimal(at).minus(CENT), new Decimal(at)];
  for (const cliff of sweep.cliffs) xs.push(...sides(cliff.at));
  for (const d of descriptions) {
    for (const b of pick(d.breakpoints, POINTS, random)) xs.push(...sides(b.at));
    for (const s of pick(d.segments, ALL ? d.segments.length : POINTS, random)) xs.push(...pointsIn(s, ALL ? 3 : 1, random));
  }
  const unique = new Map(xs.map((x) => [x.toFixed(2), x]));
  return [...unique.values()].sort((a, b) => a.comparedTo(b));
}

/** Where the screen at x and the sweep disagree (the total to the cent, statuses and amounts exactly). */
function disagreements(sweep: ScreenSweepResponse, x: Decimal, screen: ScreenResponse): string[] {
  const found: string[] = [];
  const total = valueAt(sweep.total, x) as number;
  if (Math.abs(screen.totals.monthly.total - total) > 0.005 + 1e-9) found.push(`total ${screen.totals.monthly.total} vs sweep ${total}`);
  for (const program of sweep.programs) {
    if (program.status === null) continue;
    const screened = screen.programs.find((p) => p.program_id === program.program_id);
    const status = valueAt(program.status, x);
    if (screened?.status !== status) found.push(`${program.program_id} status ${screened?.status} vs sweep ${String(status)}`);
    if (program.amount) {
      const amount = valueAt(program.amount, x) as number;
      if (screened?.amount === null || screened === undefined || Math.abs(screened.amount - amount) > 1e-9) found.push(`${program.program_id} amount ${screened?.amount} vs sweep ${amount}`);
    }
  }
  return found;
}

/**
 * Every breakpoint of a description lies between its segments: breakpoint i at the start of segment i + 1, one cent
 * after segment i ends, with `before` and `after` the two segments' values there.
 */
function breakpointsConsistent(description: Description, name: string): string[] {
  const { segments, breakpoints } = description;
  if (breakpoints.length !== segments.length - 1) return [`${name}: ${breakpoints.length} breakpoints for ${segments.length} segments`];
  return breakpoints.flatMap((b, i) => {
    const at = new Decimal(b.at);
    if (!at.eq(segments[i + 1].from) || !at.minus(CENT).eq(segments[i].to)) return [`${name} breakpoint at ${b.at} is not between segments ${segments[i].to} and ${segments[i + 1].from}`];
    const before = lineAt(segments[i], at.minus(CENT));
    const after = lineAt(segments[i + 1], at);
    const same = (x: unknown, y: unknown) => (typeof x === 'number' ? Math.abs(x - Number(y)) < 1e-9 : x === y);
    return same(before, b.before) && same(after, b.after) ? [] : [`${name} breakpoint at ${b.at}: ${String(b.before)} -> ${String(b.after)} vs segments ${String(before)} -> ${String(after)}`];
  });
}

describe('the combined sweep agrees with plain screens', () => {
  it('over every jurisdiction with screenable programs: breakpoints a cent either side, segment points on their lines', async () => {
    expect(jurisdictions.length).toBeGreaterThan(ONLY ? 0 : 50);
    const random = mulberry32(29_4);
    const failures: string[] = [];
    let checked = 0;
    let breakpoints = 0;
    for (const jurisdiction of jurisdictions) {
      const household = samples.get(jurisdiction);
      if (!household) {
        failures.push(`${jurisdiction}: no sample household`);
        continue;
      }
      const sweep = await sweeps.sweep({ jurisdiction, household, assume_defaults: true, axis: { from: 0, to: TO } });
      const person = sweep.axis.person as string;
      breakpoints += sweep.total.breakpoints.length;
      failures.push(...breakpointsConsistent(sweep.total, `${jurisdiction} total`));
      for (const p of sweep.programs) for (const d of [p.status, p.amount]) if (d) failures.push(...breakpointsConsistent(d as Description, `${jurisdiction} ${p.program_id}`));
      for (const x of pointsToCheck(sweep, random)) {
        const people = household.people as Record<string, Record<string, JsonValue>>;
        const at = { ...household, people: { ...people, [person]: { ...people[person], earned_income: x.toNumber() } } };
        const screen = await screens.screen({ jurisdiction, household: at, assume_defaults: true, trace: 'none' });
        checked += 1;
        failures.push(...disagreements(sweep, x, screen).map((d) => `${jurisdiction} at ${x.toFixed(2)}: ${d}`));
      }
    }
    console.info(`screen sweep property: ${jurisdictions.length} jurisdictions, ${breakpoints} breakpoints of the total, ${checked} points screened, ${failures.length} disagreements`);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 3_600_000);
});
