/**
 * The load drivers the socket benchmarks share (bench/http.ts, bench/screen.ts, bench/compare.ts): a bench key the
 * rate limit never throttles, autocannon (saturation, or its bursty `-R`), and bench/paced-load.ts (a steady open-loop
 * rate), each run in its own process so the load does not share the served app's event loop.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateKey } from '../adapters/cli/commands/keys-generate.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../', import.meta.url));

/** A key with `scopes` and its SERVICE_API_KEYS entry, whose per-key rate limit a benchmark cannot reach. */
export function unthrottledKey(scopes: string[]): { key: string; entry: ReturnType<typeof generateKey>['entry'] } {
  const key = generateKey({ id: 'bench-key', scopes });
  return { key: key.key, entry: { ...key.entry, rate_limit: { requests: 1_000_000_000, window_seconds: 60 } } };
}

export interface LoadTarget {
  url: string;
  /** The JSON body POSTed with every request. */
  body: string;
  apiKey: string;
  seconds: number;
}

/** What autocannon's `-j` prints that the benchmarks read. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** autocannon over `connections` connections for the target's seconds; with `rate`, its `-R` (bursts each second). */
export async function autocannonLoad(target: LoadTarget, connections: number, rate?: number): Promise<AutocannonResult> {
  const args = ['-j', '-c', String(connections), '-d', String(target.seconds), '-m', 'POST', '-H', 'content-type=application/json', '-H', `x-api-key=${target.apiKey}`, '-b', target.body];
  if (rate) args.push('-R', String(rate));
  const { stdout } = await run(`${root}node_modules/.bin/autocannon`, [...args, target.url], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as AutocannonResult;
}

/** What bench/paced-load.ts prints (latencies in ms). */
export interface PacedResult {
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** A steady `rate` requests a second for the target's seconds, open loop (bench/paced-load.ts). */
export async function pacedLoad(target: LoadTarget, rate: number): Promise<PacedResult> {
  const args = ['--import', './scripts/ts/register.mjs', 'bench/paced-load.ts', target.url, String(rate), String(target.seconds), target.body, `x-api-key=${target.apiKey}`];
  const { stdout } = await run(process.execPath, args, { cwd: root, maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as PacedResult;
}
