/**
 * The read surface: the rule index and search index of every RULES_PATH repository (built at start from the shared
 * load of the repositories), the `rule index` readiness check and the runtime packages as the read routes list them.
 */
import { ReadCatalogHolder } from '../../adapters/read-surface/holder.js';
import { buildCatalogFrom } from '../../adapters/read-surface/load.js';
import type { SharedRepositories } from '../../adapters/read-surface/shared-repositories.js';
import type { Calculator } from '../../core/ports/calculator.js';
import type { CurrentCatalog } from '../../core/ports/read-catalog.js';
import type { RuntimeCatalog } from '../../core/ports/runtime.js';
import { CalculatorRuntimeCatalog } from '../../core/usecases/read/runtime-catalog.js';
import { readinessId, type Platform } from '../platform.js';
import type { Lifecycle } from './lifecycle.js';

/** The read surface's readiness check; until it is built the app reports that no rule index is wired (app.ts). */
export const RULE_INDEX_READY = readinessId('rule index');

const CONSUMER = 'read-surface';

export interface ReadSurface extends Lifecycle {
  /** The rule index and search index, set once the app has started. */
  readonly catalog: CurrentCatalog;
  /** Runtime packages as the read routes and capabilities see them. */
  readonly runtime: RuntimeCatalog;
}

/** `calculators`: the app's runtimes when it calculates (a read-only app lists no packages). */
export function buildReadSurface(platform: Platform, repositories: SharedRepositories, calculators: () => readonly Calculator[]): ReadSurface {
  const { config, readiness, logger } = platform;
  const holder = new ReadCatalogHolder();
  repositories.claim(CONSUMER);
  const source = config.rulesPaths.join(':');
  readiness.setSource(source);
  readiness.register({ id: RULE_INDEX_READY, check: async () => holder.health() });
  return {
    name: 'read-surface',
    catalog: holder,
    runtime: new CalculatorRuntimeCatalog(calculators),
    async start() {
      try {
        const loaded = await repositories.load();
        const { catalog, stats } = await buildCatalogFrom(loaded, config.settings.identity, source, repositories.loadMs);
        holder.set(catalog, stats);
        repositories.done(CONSUMER);
        logger.info('rule index built', { ...stats });
      } catch (error) {
        holder.fail(`loading the rule repositories failed: ${(error as Error).message}`);
        throw error;
      }
    },
  };
}
