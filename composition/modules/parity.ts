/**
 * Wires parity into the composition root: loads the parity case files of PARITY_PATH (default: the bundled
 * parity/ folder) before the app serves. A malformed case file stops start-up with a message naming it.
 */
import type { PlatformModule } from '../platform-module.js';
import { token, TOKENS } from '../tokens.js';
import { FsParityCases } from '../../adapters/parity/fs-parity-cases.js';
import type { ParitySettings } from '../../adapters/parity/settings.js';
import { PARITY } from '../tokens/parity.js';

/** The module's own handle on the case files (it loads them at start); routes see PARITY.Cases. */
const CASE_FILES = token<FsParityCases>('ParityCaseFiles');

export function createParityModule(settings?: ParitySettings): PlatformModule {
  return {
    name: 'parity',
    needs: [TOKENS.Logger],
    register(registry, config) {
      const { paths, explicit } = settings ?? config.settings.parity.folders;
      const cases = new FsParityCases(paths, { requireFolders: explicit });
      registry.value(CASE_FILES, cases);
      registry.value(PARITY.Cases, cases);
    },
    async start(resolve) {
      const cases = await resolve(CASE_FILES).load();
      resolve(TOKENS.Logger).info('parity cases loaded', { cases: cases.length });
    },
  };
}

export const parityModule = createParityModule();
