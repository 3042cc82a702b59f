/**
 * Open-loop load at a steady rate, for latency "at a load of N req/s": one POST every 1000/N ms on a
 * keep-alive pool, never waiting for answers before sending the next. autocannon's `-R` does not do this:
 * each connection sends its share of a second's requests back to back at the start of the second and then
 * pauses, so "200 req/s" arrives as a 200-request burst once a second (node_modules/autocannon/lib/httpClient.js).
 *
 * Run in its own process (bench/http.ts spawns it):
 *   node --import ./scripts/ts/register.mjs bench/paced-load.ts <url> <rate> <seconds> <body> [header=value ...]
 * Prints one JSON object: requests, non-2xx, errors, latency percentiles (ms, from the moment the request was
 * written) and how late the sender was against its schedule.
 */
import { Agent, request } from 'node:http';

interface Sample {
  latencyMs: number;
  lateMs: number;
  status: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const [url, rateText, secondsText, body, ...headerArgs] = process.argv.slice(2);
  const rate = Number(rateText);
  const seconds = Number(secondsText);
  if (!url || !(rate > 0) || !(seconds > 0) || body === undefined) throw new Error('usage: paced-load.ts <url> <rate> <seconds> <body> [header=value ...]');
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  for (const arg of headerArgs) {
    const at = arg.indexOf('=');
    headers[arg.slice(0, at)] = arg.slice(at + 1);
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(url);
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const samples: Sample[] = [];
  let errors = 0;
  let finished = 0;

  const send = (lateMs: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          samples.push({ latencyMs: performance.now() - started, lateMs, status: res.statusCode ?? 0 });
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    }).finally(() => {
      finished += 1;
    });

  const pending: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let i = 0; i < total; i += 1) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(Math.max(0, performance.now() - due)));
  }
  await Promise.all(pending);
  agent.destroy();

  const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  const lateness = samples.map((s) => s.lateMs).sort((a, b) => a - b);
  const round = (x: number): number => Math.round(x * 100) / 100;
  console.log(
    JSON.stringify({
      requests: finished,
      non2xx: samples.filter((s) => s.status < 200 || s.status >= 300).length,
      errors,
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? 0),
      sender_late_p99: round(percentile(lateness, 99)),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
