/** Tokens of the parity subsystem (bound in ./module.ts). */
import type { ParityCaseSource } from '../../core/ports/parity-cases.js';
import { token } from '../tokens.js';

export const PARITY = {
  /** The parity cases, loaded by the module's start hook. */
  Cases: token<ParityCaseSource>('ParityCases'),
};
