/** The fast path as the corpus runner's second evaluation path (`tenet corpus test` reports both). */
import type { SecondPath } from '../../testing/corpus-runner.js';
import { evaluateDatasetFast } from './dataset.js';

export const fastSecondPath: SecondPath = (program, data, period, outputs, entities) => evaluateDatasetFast(program, data, period, outputs, entities).values;
