/**
 * Calculation settings: TENET_CALC_TIME_LIMIT_MS, TENET_JOB_CONCURRENCY, TENET_JOB_LOCK_MS,
 * TENET_JOB_STALLED_INTERVAL_MS, TENET_JOB_REDIS_PREFIX and TENET_RUNTIME_FIXTURE (docs/calculation.md), declared
 * in adapters/config/schema.ts and parsed with every other variable by loadConfig.
 */
import type { ModuleSettings } from '../config/env.js';

export type CalculationSettings = ModuleSettings['calculation'];
