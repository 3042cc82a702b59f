/**
 * Every HTTP route. Add a route by writing one module that default-exports `defineRoute({...})`
 * (see ../route.ts) and appending it to this array (one import, one entry).
 */
import type { RouteDefinition } from '../route.js';
import health from './health.js';
import openapi from './openapi.js';
import ready from './ready.js';
import version from './version.js';
import calculate from './calculate.js';
import calculateBatch from './calculate-batch.js';
import calculateSweep from './calculate-sweep.js';
import screen from './screen.js';
import screenSweep from './screen-sweep.js';
import jobsSubmit from './jobs-submit.js';
import jobsGet from './jobs-get.js';
import keysTrial from './keys-trial.js';
import adminKeysIssue from './admin-keys-issue.js';
import adminKeysList from './admin-keys-list.js';
import adminKeysRevoke from './admin-keys-revoke.js';
import adminAudit from './admin-audit.js';
import adminKillGet from './admin-kill-get.js';
import adminKillSet from './admin-kill-set.js';
import adminUsage from './admin-usage.js';
import capabilities from './capabilities.js';
import programs from './programs.js';
import search from './search.js';
import rulesGet from './rules-get.js';
import rulesSources from './rules-sources.js';
import rulesDependencies from './rules-dependencies.js';
import runtimePackagesList from './runtime-packages-list.js';
import runtimePackageGet from './runtime-package-get.js';
import runtimePackageGraph from './runtime-package-graph.js';
import adminAnalytics from './admin-analytics.js';
import adminValidationRunsPublish from './admin-validation-runs-publish.js';
import adminValidationRunsList from './admin-validation-runs-list.js';
import adminValidationRunsGet from './admin-validation-runs-get.js';
import adminValidationMigration from './admin-validation-migration.js';
import householdCompat from './household-compat.js';
import parityCases from './parity-cases.js';
import parityRun from './parity-run.js';
import docs from './docs.js';
import docsValidation from './docs-validation.js';

export const routes: RouteDefinition[] = [
  health,
  ready,
  version,
  openapi,
  keysTrial,
  adminKeysIssue,
  adminKeysList,
  adminKeysRevoke,
  adminAudit,
  adminKillGet,
  adminKillSet,
  adminUsage,
  calculate,
  calculateBatch,
  calculateSweep,
  screen,
  screenSweep,
  jobsSubmit,
  jobsGet,
  capabilities,
  programs,
  search,
  rulesGet,
  rulesSources,
  rulesDependencies,
  runtimePackagesList,
  runtimePackageGet,
  runtimePackageGraph,
  adminAnalytics,
  adminValidationRunsPublish,
  adminValidationRunsList,
  adminValidationRunsGet,
  adminValidationMigration,
  householdCompat,
  parityCases,
  parityRun,
  docs,
  docsValidation,
];
