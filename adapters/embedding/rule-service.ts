/**
 * The embedding API: Tenet as a library, without HTTP. `createRuleService()` builds the core (composition/core.ts:
 * rule index, search, compiled runtimes and the calculation use cases, the same objects `tenet serve` runs) and
 * answers with the `data` payloads of the matching API routes. Requests are checked with the same valibot schemas
 * the HTTP routes use; a refused request throws a ServiceError whose `code` is the API's error code.
 *
 * There is no Redis option: these methods keep no shared state (reading and calculating are pure), and the parts
 * of Tenet that use Redis (keys, rate limits, jobs, analytics) belong to the HTTP service (docs/embedding.md).
 */
import { API_VERSION } from '../../core/domain/config.js';
import type { Logger } from '../../core/ports/logger.js';
import { listPrograms } from '../../core/usecases/read/programs.js';
import { getRule, getRuleDependencies, getRuleSources } from '../../core/usecases/read/rules.js';
import { getRuntimePackage, listRuntimePackages } from '../../core/usecases/read/runtime-packages.js';
import { searchRules } from '../../core/usecases/read/search.js';
import { LIMITS } from '../../core/usecases/calculate/request.js';
import { createCore, type Core } from '../../composition/core.js';
import { loadConfig } from '../config/env.js';
import { FsRuleRepository } from '../rulespec-fs/fs-rule-repository.js';
import { batchRequestSchema, CalculateRequestSchema } from '../../core/api/schemas/calculation.js';
import { SearchRequestSchema } from '../../core/api/schemas/read.js';
import { SweepRequestSchema } from '../../core/api/schemas/sweep.js';
import { ScreenRequestSchema } from '../../core/api/schemas/screen.js';
import { ScreenSweepRequestSchema } from '../../core/api/schemas/screen-sweep.js';
import type { ScreenSweepResponse, ScreenSweepTotalResponse } from '../../core/usecases/screen/sweep.js';
import type { ScreenResponse } from '../../core/ports/screener.js';
import type { SweepResponse } from '../../core/usecases/calculate/sweep.js';
import { validatePart } from '../../core/api/validate.js';
import { plainData } from './plain-data.js';
import { silentLogger } from './silent-logger.js';

export interface RuleServiceOptions {
  /** RuleSpec repository roots; default: the rules bundled with the package (every State's SNAP). */
  rulesPaths?: string[];
  /** Further settings by their environment variable names (e.g. TENET_CALC_TIME_LIMIT_MS); see docs/configuration.md. */
  env?: Record<string, string>;
  /** Where the service logs (JSON lines on stderr in `tenet serve`); default: nothing is logged. */
  logger?: Logger;
}

type Data<F extends (...args: never[]) => unknown> = ReturnType<F>;

/** One loaded rule service. Every method answers with the `data` payload of the API route it names. */
export interface RuleService {
  readonly apiVersion: string;
  /** GET /v1/programs */
  listPrograms(): Data<typeof listPrograms>;
  /** POST /v1/search */
  search(request: unknown): Data<typeof searchRules>;
  /** GET /v1/rules/{rule_id}: a rule id or citation path. */
  getRule(ruleId: string): Data<typeof getRule>;
  /** GET /v1/rules/{rule_id}/sources */
  getRuleSources(ruleId: string): Data<typeof getRuleSources>;
  /** GET /v1/rules/{rule_id}/dependencies */
  getRuleDependencies(ruleId: string): Data<typeof getRuleDependencies>;
  /** GET /v1/runtime/packages */
  listPackages(): Data<typeof listRuntimePackages>;
  /** GET /v1/runtime/packages/{jurisdiction}/{program_id} */
  getPackage(jurisdiction: string, programId: string): Data<typeof getRuntimePackage>;
  /** POST /v1/calculate */
  calculate(request: unknown): Promise<CalculationData>;
  /** POST /v1/calculate/batch (the requests array, at most LIMITS.batch entries). */
  calculateBatch(requests: unknown[]): Promise<BatchData>;
  /** POST /v1/calculate/sweep: each output exactly as segments and breakpoints over one input (docs/sweep.md). */
  sweep(request: unknown): Promise<SweepData>;
  /** POST /v1/screen: every program of a jurisdiction on one household, with totals and next questions (docs/screening.md). */
  screen(request: unknown): Promise<ScreenData>;
  /** POST /v1/screen/sweep: the benefits total and every program exactly over one input, with the cliffs (docs/screening.md). */
  screenSweep(request: { detail: 'total' }): Promise<ScreenSweepTotalData>;
  screenSweep(request: unknown): Promise<ScreenSweepData>;
  /** The service answers nothing after close() (it holds no workers or connections to stop). */
  close(): Promise<void>;
}

/** The calculation result exactly as the API's `data` carries it. */
export type CalculationData = Record<string, unknown> & { outputs: Record<string, unknown>; trace: unknown[]; warnings: string[] };
export type BatchData = { summary: Record<string, number>; results: Array<Record<string, unknown>> };
/** The sweep answer exactly as the API's `data` carries it. */
export type SweepData = SweepResponse;
/** The screen answer exactly as the API's `data` carries it. */
export type ScreenData = ScreenResponse;
/** The combined sweep's answer exactly as the API's `data` carries it. */
export type ScreenSweepData = ScreenSweepResponse;
/** The same with detail "total": the total's breakpoints counted by cause, no program amounts. */
export type ScreenSweepTotalData = ScreenSweepTotalResponse;

function environmentFor(options: RuleServiceOptions): Record<string, string> {
  const env: Record<string, string> = { ...options.env };
  if (options.rulesPaths !== undefined) env.RULES_PATH = options.rulesPaths.join(':');
  return env;
}

/**
 * An answer as the API's `data` carries it: what its JSON text parses to (./plain-data.ts), built without writing
 * the text, in fresh objects so callers never share the service's memory.
 */
function dataOf<T>(answer: object): T {
  return plainData(answer) as T;
}

/**
 * Loads the rules and compiles their packages; resolves when the service can answer. Each call builds an
 * independent service: two created at the same time share nothing.
 */
export async function createRuleService(options: RuleServiceOptions = {}): Promise<RuleService> {
  const config = loadConfig(environmentFor(options));
  const logger = options.logger ?? silentLogger;
  const core = await createCore({
    repositories: config.rulesPaths.map((path) => new FsRuleRepository(path)),
    identity: config.settings.identity,
    source: config.rulesPaths.join(':'),
    calculation: config.settings.calculation,
    logger,
  });
  return serviceOver(core);
}

function serviceOver(core: Core): RuleService {
  const catalog = () => core.catalog;
  const runtime = () => core.runtime;
  const calculation = () => core.calculation;
  let closed = false;
  const open = <T>(answer: () => T): T => {
    if (closed) throw new Error('this rule service is closed');
    return answer();
  };
  return {
    apiVersion: API_VERSION,
    listPrograms: () => open(() => listPrograms(catalog(), runtime())),
    search: (request) => open(() => searchRules(catalog(), validatePart(SearchRequestSchema, request, 'request'))),
    getRule: (ruleId) => open(() => getRule(catalog(), ruleId)),
    getRuleSources: (ruleId) => open(() => getRuleSources(catalog(), ruleId)),
    getRuleDependencies: (ruleId) => open(() => getRuleDependencies(catalog(), ruleId)),
    listPackages: () => open(() => listRuntimePackages(runtime())),
    getPackage: (jurisdiction, programId) => open(() => getRuntimePackage(runtime(), jurisdiction, programId)),
    calculate: (request) =>
      open(async () => dataOf<CalculationData>(await calculation().calculate(validatePart(CalculateRequestSchema, request, 'request')))),
    calculateBatch: (requests) =>
      open(async () => {
        const body = validatePart(batchRequestSchema(LIMITS.batch), { requests }, 'request');
        const { summary, results } = await calculation().batch(body.requests);
        // The fields POST /v1/calculate/batch writes, in its order.
        return dataOf<BatchData>({ summary, results });
      }),
    // Embedders are not metered (the core's meter is the free one).
    sweep: (request) => open(async () => dataOf<SweepData>(await core.sweeps.sweep(validatePart(SweepRequestSchema, request, 'request')))),
    screen: (request) => open(async () => dataOf<ScreenData>(await core.screens.screen(validatePart(ScreenRequestSchema, request, 'request')))),
    // The request's detail decides which of the two answers (the overloads of RuleService.screenSweep).
    screenSweep: ((request: unknown) => open(async () => dataOf<ScreenSweepData | ScreenSweepTotalData>(await core.screenSweeps.sweep(validatePart(ScreenSweepRequestSchema, request, 'request'))))) as RuleService['screenSweep'],
    // The core holds no workers or connections: closing only stops the service from answering.
    close: async () => {
      closed = true;
    },
  };
}
