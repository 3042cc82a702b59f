/** Tokens of the HTTP platform (bound by the platform module, composition/app.ts). */
import type { CalculationJson } from '../../adapters/http-h3/calculation-json.js';
import { token } from '../tokens.js';

export const HTTP = {
  /** The app's writer of calculation answers as JSON bytes (its trace pieces are the app's own). */
  CalculationJson: token<CalculationJson>('CalculationJson'),
};
