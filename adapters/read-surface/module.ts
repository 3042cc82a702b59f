/**
 * Wires the read surface into the composition root: loads every RULES_PATH repository once (shared through
 * READ.Repositories), builds the rule index and search index before the app serves, registers the `rule index`
 * readiness check and the active source, and exposes runtime packages over the configured calculators.
 */
import type { Calculator } from '../../core/ports/calculator.js';
import { CalculatorRuntimeCatalog } from '../../core/usecases/read/runtime-catalog.js';
import { CALCULATION } from '../calculation/tokens.js';
import type { PlatformModule } from '../platform-module.js';
import { FsRuleRepository } from '../rulespec-fs/fs-rule-repository.js';
import { TOKENS, type Resolve } from '../tokens.js';
import { ReadCatalogHolder } from './holder.js';
import { buildCatalogFrom } from './load.js';
import { SharedRepositories } from './shared-repositories.js';
import { READ } from './tokens.js';

function calculators(resolve: Resolve): readonly Calculator[] {
  try {
    return resolve(CALCULATION.Calculators);
  } catch {
    return []; // No calculation module in this app (e.g. a read-only test app).
  }
}

const CONSUMER = 'read-surface';

export const readSurfaceModule: PlatformModule = {
  name: 'read-surface',
  register(registry, config) {
    const holder = new ReadCatalogHolder();
    registry.value(READ.Catalog, holder);
    const shared = new SharedRepositories(() => config.rulesPaths.map((p) => new FsRuleRepository(p)));
    shared.claim(CONSUMER);
    registry.value(READ.Repositories, shared);
    registry.factory(READ.Runtime, (resolve) => new CalculatorRuntimeCatalog(() => calculators(resolve)));
    const readiness = registry.resolve(TOKENS.Readiness);
    readiness.setSource(config.rulesPaths.join(':'));
    readiness.register({ name: 'rule index', check: async () => holder.health() });
  },
  async start(resolve) {
    const holder = resolve(READ.Catalog);
    const shared = resolve(READ.Repositories);
    const source = resolve(TOKENS.Config).rulesPaths.join(':');
    try {
      const loaded = await shared.load();
      const { catalog, stats } = await buildCatalogFrom(loaded, resolve(TOKENS.Config).settings.identity, source, shared.loadMs);
      holder.set(catalog, stats);
      shared.done(CONSUMER);
      resolve(TOKENS.Logger).info('rule index built', { ...stats });
    } catch (error) {
      holder.fail(`loading the rule repositories failed: ${(error as Error).message}`);
      throw error;
    }
  },
};
