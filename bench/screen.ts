/**
 * `npm run bench:screen` (issue #29 "Done when", performance; docs/screening.md): the screen use case
 * (ScreenService.screen, what POST /v1/screen runs) in-process against its baseline measured in the same run:
 * calculating the screen's programs one by one (CalculationService.calculate, the POST /v1/calculate use case, the
 * same app's objects) with the same household, each restricted to the facts its package reads, full trace.
 *
 * Households: each jurisdiction's SNAP sample household (package detail's sample_household) with each person's
 * relationship_to_head (head, then child under 18, else spouse: the credits need it) and countable_resources 0.
 * Rows per jurisdiction, CPU time per request (the fair figure on a shared machine) and wall time, medians of
 * BENCH_ROUNDS interleaved rounds of BENCH_REQUESTS requests after a warm-up of BENCH_WARMUP calls per target (a
 * long-running service's steady state: V8 keeps optimising the generated kernels for the first thousand or so
 * calls, when a screen costs several times what it costs after); each ratio is the median of the per-round ratios
 * of CPU time against the baseline of the same round:
 *   - screen with assume_defaults (no variants: the baseline's work) and trace full, decisive and none;
 *   - the default screen (undetermined where a fact not given decides a program: its variants are evaluated);
 *   - questions=5 for the household with every fact the programs assume given except five (target: under 25 ms);
 *   - the combined sweep (POST /v1/screen/sweep's use case) over the first earner's earned income, 0 to 6,000 a
 *     month (the docs/screening.md example; target: under 100 ms).
 * Over HTTP (the app on a socket, memory store): the default screen of the first jurisdiction at a steady
 * 100 requests/s for BENCH_SECONDS (bench/paced-load.ts, open loop), p50 and p99 (target: p99 under 15 ms).
 * Results are printed and written to docs/benchmarks.md under "Screening".
 * Run: npm run bench:screen   (BENCH_SCREEN_JURISDICTIONS=us-tx,us-co ...)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createApp } from '../composition/app.js';
import { loadConfig } from '../adapters/config/env.js';
import { pacedLoad, unthrottledKey } from './load.js';
import { listen } from '../adapters/http-h3/server.js';
import { JsonLogger } from '../adapters/logging/json-logger.js';
import { restrictHousehold } from '../core/domain/household/restrict.js';
import { indexShape, type JsonValue } from '../core/domain/household/shape.js';
import { withFact } from '../core/usecases/screen/variants.js';
import type { CalculateRequest } from '../core/ports/calculator.js';
import type { ScreenRequest } from '../core/ports/screener.js';
import type { Calculations } from '../core/ports/calculations.js';
import type { ScreenService } from '../core/usecases/screen/screen.js';
import type { ScreenSweepService } from '../core/usecases/screen/sweep.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const JURISDICTIONS = (process.env.BENCH_SCREEN_JURISDICTIONS ?? 'us-tx,us-co,us-ca,us-ny,us-ak').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
/** Calls of each target before the rounds (a sweep: SWEEP_WARMUP), so the rounds measure the steady state. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
const SWEEP_WARMUP = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 100;
const QUESTIONS = 5;
const SWEEP_TO = 6000;
/** Sweeps per round (each takes far longer than a screen). */
const SWEEP_REQUESTS = 2;
/** The facts left out of the questions household, in this order of preference (the first five the screen assumes). */
const LEFT_OUT = ['countable_resources', 'citizenship_status', 'is_pregnant', 'is_in_school', 'is_disabled', 'filing_status'];
const LOAD_AT_START = loadavg();
/** The in-process rows' per-calculation limit: a loaded machine must not cut a sweep short (the figure is what it costs). */
const BENCH_TIME_LIMIT = '120000';

interface Timing {
  cpu: number;
  wall: number;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU and wall milliseconds per call of `work`, over `count` calls. */
async function perCall(work: () => Promise<unknown>, count: number): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < count; i++) await work();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000 / count, wall: (performance.now() - start) / count };
}

type Described = { describe(): { sample_household?: Record<string, JsonValue> } };

/** The SNAP sample household with relationships and resources given (see the module comment). */
function benchHousehold(sample: Record<string, JsonValue>): Record<string, JsonValue> {
  const people = (sample.people ?? {}) as Record<string, Record<string, JsonValue>>;
  const related = Object.entries(people).map(([id, person], i) => [id, { ...person, relationship_to_head: i === 0 ? 'head' : Number(person.age) < 18 ? 'child' : 'spouse' }]);
  return { ...sample, facts: { ...((sample.facts ?? {}) as Record<string, JsonValue>), countable_resources: 0 }, people: Object.fromEntries(related) };
}

/** The household with every fact the screen assumed given at its assumed value, except five (LEFT_OUT first). */
async function fiveNotGiven(screens: ScreenService, jurisdiction: string, household: Record<string, JsonValue>): Promise<{ household: Record<string, JsonValue>; left: string[] }> {
  const { countable_resources: _, ...facts } = household.facts as Record<string, JsonValue>;
  const bare: Record<string, JsonValue> = { ...household, facts };
  const { assumptions } = await screens.screen({ jurisdiction, household: bare, assume_defaults: true, trace: 'none' });
  const rank = (input: string) => (LEFT_OUT.includes(input) ? LEFT_OUT.indexOf(input) : LEFT_OUT.length);
  const order = [...assumptions].sort((a, b) => rank(a.input) - rank(b.input));
  const left = order.slice(0, 5);
  let given = bare;
  for (const a of order.slice(5)) given = withFact(given, a.input, a.entity_id, a.assumed_value as JsonValue).household;
  return { household: given, left: left.map((a) => `${a.entity_id}.${a.input}`) };
}

interface Row {
  jurisdiction: string;
  label: string;
  timing: Timing;
  ratio?: number;
  target: string;
}

/** Interleaved rounds of every target; per-target medians and each one's median ratio to the baseline's round. */
async function measure(targets: ReadonlyArray<{ label: string; target: string; work: () => Promise<unknown>; requests?: number; warmup?: number }>): Promise<Array<{ label: string; target: string; timing: Timing; ratio: number }>> {
  for (const t of targets) await perCall(t.work, t.warmup ?? WARMUP); // warm-up: kernels, household programs, JIT
  const rounds = targets.map(() => [] as Timing[]);
  for (let r = 0; r < ROUNDS; r++) for (let i = 0; i < targets.length; i++) rounds[i].push(await perCall(targets[i].work, targets[i].requests ?? REQUESTS));
  return targets.map((t, i) => ({
    label: t.label,
    target: t.target,
    timing: { cpu: median(rounds[i].map((x) => x.cpu)), wall: median(rounds[i].map((x) => x.wall)) },
    ratio: median(rounds[i].map((x, r) => x.cpu / rounds[0][r].cpu)),
  }));
}

async function jurisdictionRows(calculation: Calculations, screens: ScreenService, sweeps: ScreenSweepService, jurisdiction: string): Promise<Row[]> {
  const snap = calculation.find('snap', jurisdiction) as unknown as Described | undefined;
  const sample = snap?.describe().sample_household;
  if (!sample) return [];
  const household = benchHousehold(sample);
  const first = await screens.screen({ jurisdiction, household, assume_defaults: true, trace: 'none' });
  const alone: CalculateRequest[] = first.programs.map((p) => {
    const pkg = calculation.find(p.program_id, p.package.jurisdiction)!;
    return { program_id: p.program_id, jurisdiction: p.package.jurisdiction, household: restrictHousehold(indexShape(pkg.shape), household) };
  });
  const screen = (extra: Partial<ScreenRequest>) => () => screens.screen({ jurisdiction, household, ...extra });
  const five = await fiveNotGiven(screens, jurisdiction, household);
  const asked = await screens.screen({ jurisdiction, household: five.household, questions: QUESTIONS });
  const sweep = { jurisdiction, household, axis: { from: 0, to: SWEEP_TO } };
  const swept = await sweeps.sweep(sweep);
  const breakpoints = swept.total.breakpoints.length;
  const size = async (trace: 'full' | 'decisive' | 'none') => {
    const answer = await screens.screen({ jurisdiction, household, assume_defaults: true, trace });
    return `${answer.trace.length} trace entries, ${Buffer.byteLength(JSON.stringify(answer))} bytes of JSON`;
  };
  const measured = await measure([
    { label: `baseline: the ${alone.length} programs calculated one by one (full trace)`, target: '-', work: async () => {
        for (const r of alone) await calculation.calculate(r);
      } },
    { label: `screen, assume_defaults, trace full (${await size('full')})`, target: '<= 1.0', work: screen({ assume_defaults: true }) },
    { label: `screen, assume_defaults, trace decisive (${await size('decisive')})`, target: '-', work: screen({ assume_defaults: true, trace: 'decisive' }) },
    { label: `screen, assume_defaults, trace none (${await size('none')})`, target: '<= 0.5', work: screen({ assume_defaults: true, trace: 'none' }) },
    { label: `screen, default (undetermined: variants of ${first.assumptions.length} facts assumed), trace full`, target: '-', work: screen({}) },
    {
      label: `questions=${QUESTIONS}, five facts not given (${five.left.join(', ')}; ${asked.questions?.length ?? 0} questions returned)`,
      target: '< 25 ms',
      work: () => screens.screen({ jurisdiction, household: five.household, questions: QUESTIONS }),
    },
    { label: `combined sweep over ${swept.axis.person ?? 'the household'}'s ${swept.axis.input}, 0-${SWEEP_TO} a month (${breakpoints} breakpoints of the total)`, target: '< 100 ms', work: () => sweeps.sweep(sweep), requests: SWEEP_REQUESTS, warmup: SWEEP_WARMUP },
  ]);
  return measured.map((m, i) => ({ jurisdiction, label: m.label, timing: m.timing, target: m.target, ...(i > 0 ? { ratio: m.ratio } : {}) }));
}

/** p50 and p99 of the default screen at a steady 100 requests/s over a socket (bench/paced-load.ts). */
async function httpRow(jurisdiction: string, household: Record<string, JsonValue>): Promise<string> {
  const key = unthrottledKey(['calculate:run']);
  const config = { ...loadConfig({ ...process.env, SERVICE_API_KEYS: JSON.stringify([key.entry]) }), redisUrl: null, port: 0 };
  const app = await createApp(config, { logger: new JsonLogger({ write: () => true }) });
  const server = await listen(app.http, '127.0.0.1', 0, app.logger);
  try {
    const body = JSON.stringify({ jurisdiction, household });
    const url = `${server.url}/v1/screen`;
    const paced = (seconds: number) => pacedLoad({ url, body, apiKey: key.key, seconds }, RATE);
    await paced(2); // warm-up
    const r = await paced(SECONDS);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`HTTP screen: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const line = `| ${jurisdiction} | POST /v1/screen (default: undetermined, trace full) at a steady ${RATE} req/s for ${SECONDS} s, open loop (bench/paced-load.ts, its own process): ${r.requests} requests, p50 ${r.p50} ms, max ${r.max} ms | p99 ${r.p99} ms | - | - | p99 < 15 ms |`;
    console.log(line);
    return line;
  } finally {
    await server.close();
    await app.close();
  }
}

function table(rows: readonly Row[]): string[] {
  return rows.map((r) => `| ${r.jurisdiction} | ${r.label} | ${r.timing.cpu.toFixed(2)} ms | ${r.timing.wall.toFixed(2)} ms | ${r.ratio === undefined ? '-' : r.ratio.toFixed(2)} | ${r.target} |`);
}

function writeSection(lines: readonly string[], loadAtEnd: readonly number[]): void {
  const path = `${root}docs/benchmarks.md`;
  const load = (l: readonly number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const section = [
    '## Screening',
    '',
    `\`npm run bench:screen\` (bench/screen.ts), ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}). Load average (1 / 5 / 15 min) at start ${load(LOAD_AT_START)}, at the end ${load(loadAtEnd)} (the machine is shared).`,
    `In-process rows: CPU and wall time per request, medians of ${ROUNDS} interleaved rounds of ${REQUESTS} requests after a warm-up of ${WARMUP} calls per target (sweeps: ${SWEEP_WARMUP}; the steady state of a long-running service: the first thousand or so screens cost several times more while V8 optimises the generated kernels); ratio = the median over rounds of the row's CPU time ÷ the baseline's in the same round.`,
    "Baseline: the screen's programs calculated one by one (the POST /v1/calculate use case, full trace) with the same household, each restricted to the facts its package reads.",
    "Household: the jurisdiction's SNAP sample household with each person's relationship_to_head and countable_resources 0; the questions row gives every fact the programs assume except the five named.",
    '',
    '| jurisdiction | measure | CPU per request | wall per request | ratio (CPU) | target |',
    '|---|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n\n';
  // At a line start: the page's prose names the section too. The generated part ends at the next heading.
  const at = existing.indexOf('\n## Screening\n');
  const start = at >= 0 ? at + 1 : -1;
  const found = start >= 0 ? ['\n## ', '\n### '].map((h) => existing.indexOf(h, start + 1)).filter((i) => i >= 0) : [];
  const next = found.length > 0 ? Math.min(...found) + 1 : -1;
  const updated = start >= 0 ? `${existing.slice(0, start)}${section}${next >= 0 ? `\n${existing.slice(next)}` : ''}` : `${existing.trimEnd()}\n\n${section}`;
  writeFileSync(path, updated);
}

async function main(): Promise<void> {
  const config = { ...loadConfig({ ...process.env, SERVICE_API_KEYS: '[]', TENET_CALC_TIME_LIMIT_MS: BENCH_TIME_LIMIT }), redisUrl: null, port: 0 };
  const app = await createApp(config, { logger: new JsonLogger({ write: () => true }) });
  const { calculation, screens, screenSweeps } = app.services.calculation!;
  console.log(`bench:screen on ${cpus().length} CPUs, load ${LOAD_AT_START.map((x) => x.toFixed(1)).join(' / ')}; ${ROUNDS} rounds of ${REQUESTS} requests`);
  const rows: Row[] = [];
  for (const jurisdiction of JURISDICTIONS) {
    const measured = await jurisdictionRows(calculation, screens, screenSweeps, jurisdiction);
    table(measured).forEach((line) => console.log(line));
    rows.push(...measured);
  }
  const sample = (calculation.find('snap', JURISDICTIONS[0]) as unknown as Described).describe().sample_household!;
  await app.close();
  const http = await httpRow(JURISDICTIONS[0], benchHousehold(sample));
  writeSection([...table(rows), http], loadavg());
  console.log('written to docs/benchmarks.md (Screening)');
}

await main();
process.exit(0);
