/**
 * `npm run bench:compare -- <other tree> [rounds]`: this tree's service against another checkout's (an earlier
 * commit in a worktree with its own node_modules), over sockets, in the same run on the same machine. Each tree is
 * built (`npm run build`) and served as production serves it (`node dist/adapters/cli/main.js serve`, memory store,
 * one benchmark key in SERVICE_API_KEYS), so the comparison needs nothing of the other tree's internal layout.
 *
 * Each round, for each tree in turn (the order reversed every other round, so a load spike from elsewhere hits both):
 *   1. a steady 200 requests/s of the us-ak SNAP sample calculate request for BENCH_SECONDS (bench/paced-load.ts, open
 *      loop): p50 and p99;
 *   2. saturation: autocannon, BENCH_CONNECTIONS connections for BENCH_SECONDS: requests/s;
 *   3. the server's CPU time per request over both (utime + stime of its process from /proc, Linux only).
 * Printed per tree: the medians over rounds; and per measure the median of the per-round ratios this tree ÷ other.
 * The sample request comes from this tree's /v1/capabilities; both trees must answer it alike (the same outputs,
 * trace and warnings; workOf), or the comparison stops and says so.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { autocannonLoad, pacedLoad, unthrottledKey } from './load.js';

const run = promisify(execFile);
const here = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RATE = 200;
const key = unthrottledKey(['calculate:run', 'rules:read']);

interface Served {
  label: string;
  url: string;
  child: ChildProcess;
}

interface RoundFigures {
  p50: number;
  p99: number;
  rps: number;
  /** Server CPU ms per request over the paced and saturation runs; NaN where /proc is not there. */
  cpu: number;
}

/** utime + stime of a process in ms (Linux /proc; NaN elsewhere). */
function processCpuMs(pid: number): number {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return Number.NaN;
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // Clock ticks of USER_HZ, which Linux fixes at 100 a second for /proc whatever the kernel's own tick rate.
  return (ticks * 1000) / 100;
}

async function build(tree: string): Promise<void> {
  await run('npm', ['run', 'build'], { cwd: tree, maxBuffer: 64 << 20 });
}

/** Starts a tree's server on a free port and waits for the address it prints. */
function serve(tree: string, label: string): Promise<Served> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', SERVICE_API_KEYS: JSON.stringify([key.entry]) };
  delete env.REDIS_URL; // the memory store: the comparison is of the service, not of a shared Redis
  const child = spawn(process.execPath, ['dist/adapters/cli/main.js', 'serve'], { cwd: tree, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const found = /serving on (http:\/\/[^\s]+)/.exec(seen);
      if (found) {
        // Keep draining its log lines (a full pipe would stall the server), without keeping them.
        child.stdout!.off('data', onData);
        child.stdout!.on('data', () => undefined);
        done({ label, url: found[1], child });
      } else if (seen.length > 1_000_000) seen = seen.slice(-10_000);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${label}: the server exited (${code}) before it served`)));
  });
}

async function post(url: string, body: string): Promise<string> {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key.key }, body });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${text.slice(0, 300)}`);
  return text;
}

/** Waits until a served tree says it is ready (its rules loaded and compiled), up to two minutes. */
async function ready(served: Served): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 250) {
    const answer = await fetch(`${served.url}/v1/ready`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${served.label}: not ready after two minutes`);
}

/**
 * Waits until a served tree's process is idle (under 2% of a core for three seconds in a row, up to three minutes):
 * after it is ready a service still runs background work, such as the rules' companion tests, which would otherwise
 * be counted in the first rounds and weigh more on the tree with more packages.
 */
async function idle(served: Served): Promise<void> {
  let quiet = 0;
  let last = processCpuMs(served.child.pid!);
  if (Number.isNaN(last)) return;
  for (let waited = 0; waited < 180_000 && quiet < 3; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = processCpuMs(served.child.pid!);
    quiet = now - last < 20 ? quiet + 1 : 0;
    last = now;
  }
}

/** The us-ak SNAP sample calculate request of a served tree. */
async function sampleBody(served: Served): Promise<string> {
  const answer = await fetch(`${served.url}/v1/capabilities`, { headers: { 'x-api-key': key.key } });
  type Capabilities = { runtime?: { sample_requests?: Array<{ program_id: string; jurisdiction: string; sample_request: unknown }> } };
  const json = (await answer.json()) as Capabilities & { data?: Capabilities };
  const sample = (json.data ?? json).runtime?.sample_requests?.find((s) => s.program_id === 'snap' && s.jurisdiction === 'us-ak');
  if (!sample) throw new Error(`${served.label}: no us-ak SNAP sample request in /v1/capabilities`);
  return JSON.stringify(sample.sample_request);
}

/**
 * The answer's data without what names the build rather than the answer: the runtime id (it carries the commit) and
 * the package digest (any change to a rules file the package composes changes it, a comment included).
 */
function workOf(text: string): string {
  const { package_digest: _digest, runtime: _runtime, ...answer } = (JSON.parse(text) as { data: Record<string, unknown> }).data;
  return JSON.stringify(answer);
}

async function paced(url: string, body: string): Promise<{ p50: number; p99: number }> {
  const result = await pacedLoad({ url, body, apiKey: key.key, seconds: SECONDS }, RATE);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors at ${RATE} req/s`);
  return { p50: result.p50, p99: result.p99 };
}

async function saturate(url: string, body: string): Promise<{ rps: number; total: number }> {
  const result = await autocannonLoad({ url, body, apiKey: key.key, seconds: SECONDS }, CONNECTIONS);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors at saturation`);
  return { rps: result.requests.average, total: result.requests.total };
}

async function round(served: Served, body: string): Promise<RoundFigures> {
  const url = `${served.url}/v1/calculate`;
  const before = processCpuMs(served.child.pid!);
  const latency = await paced(url, body);
  const saturation = await saturate(url, body);
  const used = processCpuMs(served.child.pid!) - before;
  return { p50: latency.p50, p99: latency.p99, rps: saturation.rps, cpu: used / (RATE * SECONDS + saturation.total) };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function report(served: readonly Served[], rounds: ReadonlyArray<readonly RoundFigures[]>): void {
  const measures: ReadonlyArray<[string, keyof RoundFigures, number]> = [
    ['p50 at 200 req/s (ms)', 'p50', 2],
    ['p99 at 200 req/s (ms)', 'p99', 2],
    ['saturation (req/s)', 'rps', 0],
    ['server CPU per request (ms)', 'cpu', 3],
  ];
  console.log(`| measure | ${served.map((s) => s.label).join(' | ')} | ${served[0].label} ÷ ${served[1].label}, median of per-round ratios |`);
  console.log('|---|---|---|---|');
  for (const [name, field, digits] of measures) {
    const medians = rounds.map((r) => median(r.map((x) => x[field])).toFixed(digits));
    const ratio = median(rounds[0].map((x, i) => x[field] / rounds[1][i][field]));
    console.log(`| ${name} | ${medians.join(' | ')} | ${Number.isNaN(ratio) ? '-' : ratio.toFixed(3)} |`);
  }
}

async function main(): Promise<void> {
  const [otherArg, roundsArg] = process.argv.slice(2);
  if (!otherArg) throw new Error('usage: npm run bench:compare -- <other tree> [rounds]   (the other tree needs its node_modules)');
  const other = resolve(otherArg);
  const rounds = Number(roundsArg ?? 5);
  const trees: ReadonlyArray<[string, string]> = [
    [here, 'this tree'],
    [other, other],
  ];
  for (const [tree] of trees) await build(tree);
  const served = await Promise.all(trees.map(([tree, label]) => serve(tree, label)));
  try {
    for (const s of served) await ready(s);
    for (const s of served) await idle(s);
    const body = await sampleBody(served[0]);
    const answers = await Promise.all(served.map((s) => post(`${s.url}/v1/calculate`, body)));
    if (workOf(answers[0]) !== workOf(answers[1])) throw new Error('the two trees answer the sample request differently: a comparison of their speed would compare different work');
    console.log(`bench:compare on ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()[0].toFixed(1)}, ${rounds} rounds of ${SECONDS} s per measure per tree; us-ak SNAP sample (${Buffer.byteLength(answers[0])} bytes answered)`);
    for (const s of served) await saturate(`${s.url}/v1/calculate`, body); // warm-up: JIT, connections, caches
    const figures: RoundFigures[][] = served.map(() => []);
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) figures[i].push(await round(served[i], body));
    }
    report(served, figures);
    console.log(`load at the end ${loadavg()[0].toFixed(1)}`);
  } finally {
    for (const s of served) s.child.kill('SIGTERM');
  }
}

await main();
process.exit(0);
