/**
 * `npm run bench:http`: POST /v1/calculate throughput and latency against a bare h3 baseline, measured in
 * the same run on the same node HTTP server layer. The baseline answers the same path with the exact
 * response body the service produced for the sample request (precomputed), so the ratio isolates what the
 * service adds: auth, rate limiting, validation, household mapping, evaluation with trace, envelope, logs.
 * A second bare route, for reference only, lets h3 answer the same text itself (srvx's FastResponse, which
 * the node server writes without a body stream, as it does the service's envelopes).
 *
 * Load comes from autocannon in a separate process (so it does not share this event loop):
 *   1. saturation: BENCH_CONNECTIONS connections for BENCH_SECONDS -> requests/s, p50, p99;
 *   2. a steady 200 requests/s for BENCH_SECONDS (bench/paced-load.ts: one request every 5 ms, open loop) -> p50, p99;
 *   3. autocannon -R 200, for comparison: it sends each second's requests as one burst, so its latencies are
 *      those of a 200-request burst, not of a steady 200 req/s;
 * in BENCH_ROUNDS interleaved rounds (baseline, platform-only, calculate, ...), reporting per-target medians.
 * One more saturation target asks for the same calculation with `trace: "none"` (docs/calculation.md "Trace sizes"):
 * its row gives its requests/s against the full-trace calculate of the same rounds (issue #29: at least twice).
 * Runs with the memory store, then with Redis when one answers (REDIS_URL, default redis://127.0.0.1:6379).
 * Results are printed and written to docs/benchmarks.md under "HTTP calculation".
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { H3 } from 'h3';
import * as v from 'valibot';
import { redisAnswers } from '../tests/support/redis.js';
import { createApp, type App } from '../composition/app.js';
import { loadConfig } from '../adapters/config/env.js';
import { autocannonLoad, pacedLoad, unthrottledKey } from './load.js';
import { readLimited } from '../adapters/http-h3/body.js';
import { listen } from '../adapters/http-h3/server.js';
import { defineRoute } from '../adapters/http-h3/route.js';
import { CalculateRequestSchema } from '../core/api/schemas/calculation.js';
import { JsonLogger } from '../adapters/logging/json-logger.js';
import type { CalculateRequest, CalculateResponse } from '../core/ports/calculator.js';
import { CalculationJson } from '../adapters/http-h3/calculation-json.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOAD_AT_START = loadavg()[0];
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FIXED_RATE = 200;
const key = unthrottledKey(['calculate:run']);
const keyEntry = key.entry;

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function autocannon(url: string, body: string, rate?: number): Promise<Measure> {
  const result = await autocannonLoad({ url, body, apiKey: key.key, seconds: SECONDS }, CONNECTIONS, rate);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Latency at a steady rate from bench/paced-load.ts (open loop, one request every 1000/rate ms). */
async function paced(url: string, body: string, rate: number): Promise<Measure> {
  const result = await pacedLoad({ url, body, apiKey: key.key, seconds: SECONDS }, rate);
  return { rps: result.requests / SECONDS, p50: result.p50, p99: result.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Per-field median over rounds (non-2xx and errors summed, so any failure still shows). */
function median(runs: Measure[]): Measure {
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rps: mid(runs.map((r) => r.rps)),
    p50: mid(runs.map((r) => r.p50)),
    p99: mid(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

/** The SNAP sample request of the first compiled SNAP package, else of any SNAP package. */
function sampleRequest(app: App): CalculateRequest {
  const packages = app.services.calculation!.calculators.flatMap((c) => c.packages());
  const snap = packages.filter((p) => p.program_id === 'snap').sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'compiled' ? -1 : 1))[0];
  if (!snap) throw new Error('no SNAP runtime package is configured (check RULES_PATHS / TENET_RUNTIME_FIXTURE)');
  const described = snap as { describe?: () => { sample_household?: Record<string, unknown> } };
  const household = described.describe?.().sample_household;
  if (!household) throw new Error(`${snap.jurisdiction}/${snap.program_id} has no sample household`);
  return { program_id: snap.program_id, jurisdiction: snap.jurisdiction, household };
}

async function measure(label: string, redisUrl: string | null): Promise<string[]> {
  const config = { ...loadConfig({ ...process.env, SERVICE_API_KEYS: JSON.stringify([keyEntry]) }), redisUrl, port: 0 };
  const discard = { write: () => true };
  // A platform-only route: the same auth, body handling, validation, envelope and logs as /v1/calculate, but its
  // handler returns the sample's precomputed data, which attributes the cost between platform and calculation.
  let precomputedData: CalculateResponse | null = null;
  /** The route's writer of answers, one per app as in the calculation module. */
  const precomputedJson = new CalculationJson();
  const platformOnly = defineRoute({
    method: 'POST',
    path: '/v1/bench/precomputed',
    operationId: 'benchPrecomputed',
    summary: 'bench only',
    tags: ['bench'],
    auth: { scope: 'calculate:run' },
    body: CalculateRequestSchema,
    responses: { 200: v.unknown() },
    // Written the way the calculate route writes its answer (calculation-json.ts).
    handler: () => precomputedJson.response(precomputedData!),
  });
  const app = await createApp(config, { extraRoutes: [platformOnly], logger: new JsonLogger(discard) });
  const logger = app.logger;
  const server = await listen(app.http, '127.0.0.1', 0, logger);
  const request = sampleRequest(app);
  const body = JSON.stringify(request);
  const bodyNone = JSON.stringify({ ...request, trace: 'none' });
  const first = await fetch(`${server.url}/v1/calculate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key.key }, body });
  const precomputed = await first.text();
  if (first.status !== 200) throw new Error(`sample request failed: ${first.status} ${precomputed}`);
  const untraced = await fetch(`${server.url}/v1/calculate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key.key }, body: bodyNone });
  const untracedBytes = Buffer.byteLength(await untraced.text());
  if (untraced.status !== 200) throw new Error(`sample request with trace none failed: ${untraced.status}`);
  // The calculation's own answer object, as the route hands it to the writer: with the rule cards the runtime made
  // at compile time and the shared frozen assumptions, so the platform-only route writes it the way calculate does
  // (an answer parsed back from JSON has no cards and would take the writer's slow path).
  precomputedData = await app.services.calculation!.calculation.calculate(request, null);
  const rewritten = precomputedJson.response(precomputedData).json;
  if (rewritten !== JSON.stringify(JSON.parse(precomputed).data)) throw new Error('the platform-only route would not write the calculate route\'s data');
  if (precomputedJson.slowEntries > 0) throw new Error(`the precomputed answer left the fast writer (${precomputedJson.slowEntries} entries)`);

  const bare = new H3();
  // The bare routes read the request body as every POST route does: the server closes a connection whose answer
  // went out before the body arrived (so nobody has it drain an unread upload), which would make a baseline that
  // ignores the body reconnect for every request.
  const BODY_LIMITS = { maxBytes: 262_144, timeoutMs: 20_000 };
  bare.post('/v1/calculate', async (event) => {
    await readLimited(event.req, BODY_LIMITS);
    return new Response(precomputed, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
  });
  // For reference only (the ratio above stays against the native-Response baseline): the same bare route letting
  // h3 answer the text itself, which gives srvx's FastResponse, the write path the service's envelopes take.
  bare.post('/v1/calculate-h3', async (event) => {
    await readLimited(event.req, BODY_LIMITS);
    event.res.headers.set('content-type', 'application/json');
    event.res.headers.set('cache-control', 'no-store');
    return precomputed;
  });
  const baseline = await listen({ h3: bare, fetch: async (r: Request) => bare.request(r) as Promise<Response> }, '127.0.0.1', 0, logger);
  try {
    await autocannon(`${server.url}/v1/calculate`, body, undefined); // warm-up (JIT, connections, caches)
    // Interleaved rounds, medians per target: a load spike from elsewhere on the machine hits one round of each
    // target rather than one whole target.
    const rounds: Record<'base' | 'baseH3' | 'platform' | 'calc' | 'calcNone' | 'baseFixed' | 'calcFixed' | 'baseSteady' | 'calcSteady', Measure[]> = {
      base: [],
      baseH3: [],
      platform: [],
      calc: [],
      calcNone: [],
      baseFixed: [],
      calcFixed: [],
      baseSteady: [],
      calcSteady: [],
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.base.push(await autocannon(`${baseline.url}/v1/calculate`, body));
      rounds.baseH3.push(await autocannon(`${baseline.url}/v1/calculate-h3`, body));
      rounds.platform.push(await autocannon(`${server.url}/v1/bench/precomputed`, body));
      rounds.calc.push(await autocannon(`${server.url}/v1/calculate`, body));
      rounds.calcNone.push(await autocannon(`${server.url}/v1/calculate`, bodyNone));
      rounds.baseFixed.push(await autocannon(`${baseline.url}/v1/calculate`, body, FIXED_RATE));
      rounds.calcFixed.push(await autocannon(`${server.url}/v1/calculate`, body, FIXED_RATE));
      rounds.baseSteady.push(await paced(`${baseline.url}/v1/calculate`, body, FIXED_RATE));
      rounds.calcSteady.push(await paced(`${server.url}/v1/calculate`, body, FIXED_RATE));
    }
    const [base, baseH3, platform, calc, calcNone, baseFixed, calcFixed, baseSteady, calcSteady] = (['base', 'baseH3', 'platform', 'calc', 'calcNone', 'baseFixed', 'calcFixed', 'baseSteady', 'calcSteady'] as const).map((k) =>
      median(rounds[k]),
    );
    for (const [name, m] of [
      ['baseline', base],
      ['baseline (h3 answers the text)', baseH3],
      ['platform', platform],
      ['calculate', calc],
      ['calculate trace none', calcNone],
      ['baseline@200', baseFixed],
      ['calculate@200', calcFixed],
      ['baseline@200 steady', baseSteady],
      ['calculate@200 steady', calcSteady],
    ] as const) {
      if (m.non2xx > 0 || m.errors > 0) throw new Error(`${label} ${name}: ${m.non2xx} non-2xx responses, ${m.errors} errors`);
    }
    // CPU time per request in-process (fetch API, no sockets): robust to other load on a shared machine.
    // Interleaved rounds, median per target, as for the socket runs.
    const cpuPerRequest = async (fetchOne: () => Promise<Response>, requests: number): Promise<number> => {
      const before = process.cpuUsage();
      for (let i = 0; i < requests; i += 1) await (await fetchOne()).text();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000 / requests;
    };
    const post = (path: string, text = body) => () => new Request(`http://bench.invalid${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key.key }, body: text });
    const cpuTargets = [
      () => bare.request(post('/v1/calculate')()) as Promise<Response>,
      () => app.fetch(post('/v1/bench/precomputed')()),
      () => app.fetch(post('/v1/calculate')()),
      () => app.fetch(post('/v1/calculate', bodyNone)()),
    ];
    for (const target of cpuTargets) await cpuPerRequest(target, 1000); // warm-up
    const cpuRounds: number[][] = cpuTargets.map(() => []);
    const CPU_ROUNDS = 5;
    for (let round = 0; round < CPU_ROUNDS; round += 1) {
      for (let t = 0; t < cpuTargets.length; t += 1) cpuRounds[t].push(await cpuPerRequest(cpuTargets[t], Math.ceil(CPU_REQUESTS / CPU_ROUNDS)));
    }
    const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const [cpuBase, cpuPlatform, cpuCalc, cpuNone] = cpuRounds.map(middle);
    console.log(`${label}: CPU per request in-process  baseline ${cpuBase.toFixed(3)} ms  platform only ${cpuPlatform.toFixed(3)} ms  calculate ${cpuCalc.toFixed(3)} ms  capacity ratio ${(cpuBase / cpuCalc).toFixed(2)}`);
    const pkg = `${request.jurisdiction}/${request.program_id}`;
    const ratio = calc.rps / base.rps;
    const answerSize = `${Buffer.byteLength(precomputed)} bytes of JSON, ${precomputedData!.trace.length} trace entries`;
    console.log(`${label}: ${pkg}  the answer: ${answerSize} (every target writes this same text)`);
    console.log(`${label}: ${pkg}  baseline ${base.rps.toFixed(0)} req/s (p50 ${base.p50} ms, p99 ${base.p99} ms)  calculate ${calc.rps.toFixed(0)} req/s (p50 ${calc.p50} ms, p99 ${calc.p99} ms)  ratio ${ratio.toFixed(2)}`);
    console.log(`${label}: ${pkg}  calculate with trace none (${untracedBytes} bytes) ${calcNone.rps.toFixed(0)} req/s (p50 ${calcNone.p50} ms, p99 ${calcNone.p99} ms)  ÷ full trace ${(calcNone.rps / calc.rps).toFixed(2)}  CPU ${cpuNone.toFixed(3)} ms`);
    console.log(`${label}: platform only (same route stack, precomputed data) ${platform.rps.toFixed(0)} req/s (p50 ${platform.p50} ms, p99 ${platform.p99} ms)  ratio to baseline ${(platform.rps / base.rps).toFixed(2)}`);
    console.log(`${label}: for reference, bare route letting h3 answer the text ${baseH3.rps.toFixed(0)} req/s (p50 ${baseH3.p50} ms, p99 ${baseH3.p99} ms)  calculate / it ${(calc.rps / baseH3.rps).toFixed(2)}`);
    console.log(`${label}: steady ${FIXED_RATE} req/s  baseline p50 ${baseSteady.p50} ms p99 ${baseSteady.p99} ms  calculate p50 ${calcSteady.p50} ms p99 ${calcSteady.p99} ms`);
    console.log(`${label}: autocannon -R ${FIXED_RATE} (bursts)  baseline p50 ${baseFixed.p50} ms p99 ${baseFixed.p99} ms  calculate p50 ${calcFixed.p50} ms p99 ${calcFixed.p99} ms`);
    return [
      `| ${label} | ${pkg} | the answer every target writes: ${answerSize} | - | - | - | - | - |`,
      `| ${label} | ${pkg} | saturation (${CONNECTIONS} connections) | ${base.rps.toFixed(0)} | ${base.p50} / ${base.p99} | ${calc.rps.toFixed(0)} | ${calc.p50} / ${calc.p99} | ${ratio.toFixed(2)} |`,
      `| ${label} | ${pkg} | calculate with trace: "none" (${untracedBytes} bytes of JSON) against calculate with the full trace, saturation (${CONNECTIONS} connections); CPU ms per request in-process ${cpuNone.toFixed(3)} against ${cpuCalc.toFixed(3)}; ratio = none req/s ÷ full req/s | ${calc.rps.toFixed(0)} | ${calc.p50} / ${calc.p99} | ${calcNone.rps.toFixed(0)} | ${calcNone.p50} / ${calcNone.p99} | ${(calcNone.rps / calc.rps).toFixed(2)} |`,
      `| ${label} | ${pkg} | platform only: precomputed data through the same route stack (${CONNECTIONS} connections) | ${base.rps.toFixed(0)} | ${base.p50} / ${base.p99} | ${platform.rps.toFixed(0)} | ${platform.p50} / ${platform.p99} | ${(platform.rps / base.rps).toFixed(2)} |`,
      `| ${label} | ${pkg} | for reference: calculate against the bare route letting h3 answer the same text (srvx FastResponse, the service's write path) (${CONNECTIONS} connections) | ${baseH3.rps.toFixed(0)} | ${baseH3.p50} / ${baseH3.p99} | ${calc.rps.toFixed(0)} | ${calc.p50} / ${calc.p99} | ${(calc.rps / baseH3.rps).toFixed(2)} |`,
      `| ${label} | ${pkg} | CPU ms per request, in-process (no sockets), median of 5 interleaved rounds of ${Math.ceil(CPU_REQUESTS / 5)} requests; ratio = baseline CPU ÷ calculate CPU | - | ${cpuBase.toFixed(3)} ms | - | ${cpuCalc.toFixed(3)} ms (platform only ${cpuPlatform.toFixed(3)} ms) | ${(cpuBase / cpuCalc).toFixed(2)} |`,
      `| ${label} | ${pkg} | steady ${FIXED_RATE} req/s: one request every ${1000 / FIXED_RATE} ms, open loop (bench/paced-load.ts) | ${baseSteady.rps.toFixed(0)} | ${baseSteady.p50} / ${baseSteady.p99} | ${calcSteady.rps.toFixed(0)} | ${calcSteady.p50} / ${calcSteady.p99} | - |`,
      `| ${label} | ${pkg} | autocannon -R ${FIXED_RATE}: each second's ${FIXED_RATE} requests leave as a burst from ${CONNECTIONS} connections | ${baseFixed.rps.toFixed(0)} | ${baseFixed.p50} / ${baseFixed.p99} | ${calcFixed.rps.toFixed(0)} | ${calcFixed.p50} / ${calcFixed.p99} | - |`,
    ];
  } finally {
    await baseline.close();
    await server.close();
    await app.close();
  }
}

function writeSection(rows: string[]): void {
  const path = `${root}docs/benchmarks.md`;
  const section = [
    '## HTTP calculation',
    '',
    `\`npm run bench:http\` (bench/http.ts), ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), load from autocannon in a separate process, medians of ${ROUNDS} interleaved rounds of ${SECONDS} s per target. Load average at start: ${LOAD_AT_START.toFixed(1)} (the machine is shared).`,
    'Baseline: a bare h3 route on the same node HTTP server returning the precomputed response body of the same request.',
    'Ratio = requests/s ÷ baseline requests/s in the same run. "Platform only" sends the same request through the same',
    'route stack (auth, rate limit, body, validation, envelope, logs) to a handler returning the precomputed data: it',
    'separates the platform cost from the calculation cost. The "for reference" row compares with the same bare route',
    "when h3 answers the text itself (h3's own FastResponse, the write path the service's envelopes take). Latencies in ms.",
    'Latency at 200 req/s comes from bench/paced-load.ts (its own process; one request every 5 ms, never waiting for',
    "answers). autocannon's `-R 200` is shown too, but it sends each second's 200 requests back to back from its",
    'connections at the start of the second and then pauses, so its latencies are those of a burst.',
    '',
    '| store | package | load | baseline req/s | baseline p50 / p99 | calculate req/s | calculate p50 / p99 | ratio |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n\n';
  // At a line start: the page's prose names the section too.
  const at = existing.indexOf('\n## HTTP calculation\n');
  const start = at >= 0 ? at + 1 : -1;
  // The generated part ends at the next heading of any level: dated '###' subsections below it are kept.
  let next = start >= 0 ? nextHeading(existing, start + 1) : -1;
  if (next >= 0) next += 1;
  const updated = start >= 0 ? `${existing.slice(0, start)}${section}${next >= 0 ? `\n${existing.slice(next)}` : ''}` : `${existing.trimEnd()}\n\n${section}`;
  writeFileSync(path, updated);
}

const rows = await measure('memory', null);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (await redisAnswers(redisUrl)) rows.push(...(await measure('redis', redisUrl)));
else console.log(`redis: ${redisUrl} does not answer; Redis run SKIPPED`);
writeSection(rows);
console.log('written to docs/benchmarks.md (HTTP calculation)');
process.exit(0);

/** Index of the next markdown heading ('## ' or '### ') after `from`, at a line start; -1 when none. */
function nextHeading(text: string, from: number): number {
  const found = ['\n## ', '\n### '].map((h) => text.indexOf(h, from)).filter((i) => i >= 0);
  return found.length > 0 ? Math.min(...found) : -1;
}
