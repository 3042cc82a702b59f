import type { ParityCase } from '../usecases/parity/types.js';

/** The parity cases of this deployment (the bundled parity/ folders by default, see PARITY_PATH). */
export interface ParityCaseSource {
  cases(): readonly ParityCase[];
}
