/**
 * Wires the read surface into the composition root: loads every RULES_PATH repository once (shared through
 * READ.Repositories), builds the rule index and search index before the app serves, registers the `rule index`
 * readiness check and the active source, and exposes runtime packages over the configured calculators.
 */
import { CalculatorRuntimeCatalog } from '../../core/usecases/read/runtime-catalog.js';
import { CALCULATION } from '../tokens/calculation.js';
import type { PlatformModule } from '../platform-module.js';
import { FsRuleRepository } from '../../adapters/rulespec-fs/fs-rule-repository.js';
import { token, TOKENS } from '../tokens.js';
import { ReadCatalogHolder } from '../../adapters/read-surface/holder.js';
import { buildCatalogFrom } from '../../adapters/read-surface/load.js';
import { SharedRepositories } from '../../adapters/read-surface/shared-repositories.js';
import { READ, RULE_INDEX_READY } from '../tokens/read.js';

const CONSUMER = 'read-surface';
/** The module's own view of the catalog holder (set and fail at start); routes see READ.Catalog. */
const HOLDER = token<ReadCatalogHolder>('ReadCatalogHolder');

export const readSurfaceModule: PlatformModule = {
  name: 'read-surface',
  needs: [TOKENS.Readiness, TOKENS.Config, TOKENS.Logger],
  uses: [CALCULATION.Calculators],
  register(registry, config) {
    const holder = new ReadCatalogHolder();
    registry.value(HOLDER, holder);
    registry.value(READ.Catalog, holder);
    const shared = new SharedRepositories(() => config.rulesPaths.map((p) => new FsRuleRepository(p)));
    shared.claim(CONSUMER);
    registry.value(READ.Repositories, shared);
    // Runtime packages come from the calculation module when the app has one (a read-only app lists none).
    registry.factory(READ.Runtime, (resolve) => new CalculatorRuntimeCatalog(() => (registry.has(CALCULATION.Calculators) ? resolve(CALCULATION.Calculators) : [])));
    const readiness = registry.resolve(TOKENS.Readiness);
    readiness.setSource(config.rulesPaths.join(':'));
    readiness.register({ id: RULE_INDEX_READY, check: async () => holder.health() });
  },
  async start(resolve) {
    const holder = resolve(HOLDER);
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
