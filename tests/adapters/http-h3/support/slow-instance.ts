/**
 * A service instance for the job-recovery test, run as a child process: the real app (platform, every
 * subsystem, real routes) on Redis, whose runtime is the recorded fixture with each calculation
 * slowed by ENTRY_DELAY_MS, so a job is still running when the test kills this process. Prints its URL.
 */
import { fileURLToPath } from 'node:url';
import { createApp } from '../../../../composition/app.js';
import { loadConfig } from '../../../../adapters/config/env.js';
import { listen } from '../../../../adapters/http-h3/server.js';
import { JsonLogger } from '../../../../adapters/logging/json-logger.js';
import { FixtureRuntime } from '../../../../adapters/runtime-fixture/fixture-runtime.js';
import type { Calculator, ExecutablePackage } from '../../../../core/ports/calculator.js';

const delay = Number(process.env.ENTRY_DELAY_MS ?? 0);
const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../../fixtures/runtime-fixture.json', import.meta.url)));
const slowed: Calculator = {
  id: fixture.id,
  mode: fixture.mode,
  find: (programId, jurisdiction) => {
    const pkg = fixture.find(programId, jurisdiction);
    if (!pkg) return undefined;
    const slow: ExecutablePackage = Object.create(pkg);
    slow.execute = async (household, outputs) => {
      await new Promise((r) => setTimeout(r, delay));
      return pkg.execute(household, outputs);
    };
    return slow;
  },
  packages: () => fixture.packages(),
};

const config = { ...loadConfig(process.env), port: 0 };
// The default app with the calculation subsystem over the slowed runtime.
const calculation = {
  calculators: () => [slowed],
  settings: { timeLimitMs: 60_000, jobLockMs: Number(process.env.TENET_JOB_LOCK_MS ?? 1000), jobStalledIntervalMs: Number(process.env.TENET_JOB_STALLED_INTERVAL_MS ?? 500) },
};
const slowApp = await createApp(config, { calculation, logger: new JsonLogger({ write: () => true }) });
const server = await listen(slowApp.http, '127.0.0.1', 0, slowApp.logger);
process.stdout.write(`${server.url}\n`);
