import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { readSurfaceSuite } from './suite.js';

const corpus = resolve('../shared/corpora/rulespec-us');

if (existsSync(corpus)) {
  describe('read surface over the shared corpus', () => {
    readSurfaceSuite('shared corpus', corpus, { httpSample: 200, samplesMustCompute: true, hasProofExcerpts: true });
  });
} else {
  describe('read surface over the shared corpus', () => {
    it.skip(`skipped: the shared corpus is absent (${corpus}); clone it beside the project as ../shared to run this suite`, () => {});
  });
}
