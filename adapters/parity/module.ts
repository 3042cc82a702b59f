/**
 * Wires parity into the composition root: loads the parity case files of PARITY_PATH (default: the bundled
 * parity/ folder) before the app serves. A malformed case file stops start-up with a message naming it.
 */
import type { PlatformModule } from '../platform-module.js';
import { TOKENS } from '../tokens.js';
import { FsParityCases } from './fs-parity-cases.js';
import type { ParitySettings } from './settings.js';
import { PARITY } from './tokens.js';

export function createParityModule(settings?: ParitySettings): PlatformModule {
  return {
    name: 'parity',
    register(registry, config) {
      const { paths, explicit } = settings ?? config.settings.parity.folders;
      registry.value(PARITY.Cases, new FsParityCases(paths, { requireFolders: explicit }));
    },
    async start(resolve) {
      const cases = await resolve(PARITY.Cases).load();
      resolve(TOKENS.Logger).info('parity cases loaded', { cases: cases.length });
    },
  };
}

export const parityModule = createParityModule();
