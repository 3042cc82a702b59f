/**
 * bench:sweep: exact sweeps of SNAP sample households over earned income, 0 to twice the gross income limit
 * (docs/sweep.md), against the baseline the issue names, measured in the same run: a 100-point grid of plain
 * calculations (CalculationService.calculate, the POST /v1/calculate use case) over the same range.
 * Both are timed in-process over the bundled rules: median wall-clock and CPU time of 15 timed rounds after 3
 * warm-up rounds, per package (CPU time is the fairer figure on a machine shared with other work).
 * Run: npm run bench:sweep   (optional BENCH_SWEEP_PACKAGES=us-co,us-tx)
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { CompiledRuntime } from '../adapters/runtime-compiled/compiled-runtime.js';
import type { CompiledPackage } from '../core/engine/run/compiled-package.js';
import { CalculationService } from '../core/usecases/calculate/calculate.js';
import { SweepService, type SweepRequest } from '../core/usecases/calculate/sweep.js';
import { householdAt, resolveAxis } from '../core/usecases/calculate/sweep-axis.js';
import { indexShape, type JsonValue } from '../core/domain/household/shape.js';

const WARMUP = 3;
const ROUNDS = 15;
const GRID = 100;
const packages = (process.env.BENCH_SWEEP_PACKAGES ?? 'us-co,us-ca,us-tx,us-ny,us-ak').split(',');

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall-clock and CPU milliseconds of one round (CPU time is what the work costs when the machine is shared). */
async function timed(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < WARMUP; i++) await work();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await work();
    const used = process.cpuUsage(cpu);
    walls.push(performance.now() - start);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

function earner(household: Record<string, JsonValue>): string | undefined {
  const people = household.people;
  if (typeof people !== 'object' || people === null || Array.isArray(people)) return undefined;
  return Object.keys(people).find((id) => typeof (people[id] as Record<string, JsonValue> | null)?.earned_income === 'number');
}

const runtime = await CompiledRuntime.load([resolve('rules')], { companionTests: 'off' });
const calculation = new CalculationService([runtime], { timeLimitMs: 60_000 });
const sweeps = new SweepService(calculation);
console.log(`bench:sweep on ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()[0].toFixed(1)}; median of ${ROUNDS} rounds after ${WARMUP} warm-up rounds`);
console.log('package  range          outputs  segments  breakpoints  sweep ms (cpu)  100-point grid ms (cpu)  grid/sweep (cpu)');
for (const jurisdiction of packages) {
  const pkg = runtime.find('snap', jurisdiction) as CompiledPackage | undefined;
  if (!pkg) continue;
  const household = pkg.describe().sample_household as Record<string, JsonValue>;
  const person = earner(household);
  const base = { program_id: 'snap', jurisdiction, household };
  const limit = (await calculation.calculate({ ...base, variables: ['snap_gross_income_limit'] })).outputs.snap_gross_income_limit as number;
  const to = Math.round(limit * 200) / 100;
  const request: SweepRequest = { ...base, axis: { input: 'earned_income', from: 0, to, ...(person ? { person } : {}) } };
  const answer = await sweeps.sweep(request);
  const axis = resolveAxis(indexShape(pkg.shape), request.axis, household);
  const points = Array.from({ length: GRID }, (_, i) => Math.round((to * i * 100) / (GRID - 1)) / 100);
  const grid = points.map((x) => ({ ...base, household: householdAt(household, axis, person, x) }));
  const sweep = await timed(() => sweeps.sweep(request));
  const grid100 = await timed(async () => {
    for (const r of grid) await calculation.calculate(r);
  });
  const segments = Object.values(answer.outputs).reduce((n, o) => n + o.segments.length, 0);
  const breakpoints = Object.values(answer.outputs).reduce((n, o) => n + o.breakpoints.length, 0);
  const outputs = Object.keys(answer.outputs).length;
  console.log(
    `${jurisdiction.padEnd(8)} ${`0-${to}`.padEnd(14)} ${String(outputs).padStart(7)}  ${String(segments).padStart(8)}  ${String(breakpoints).padStart(11)}  ${`${sweep.wall.toFixed(1)} (${sweep.cpu.toFixed(1)})`.padStart(14)}  ${`${grid100.wall.toFixed(1)} (${grid100.cpu.toFixed(1)})`.padStart(23)}  ${`${(grid100.wall / sweep.wall).toFixed(2)} (${(grid100.cpu / sweep.cpu).toFixed(2)})`.padStart(16)}`,
  );
}
