import { resolve } from 'node:path';
import { describe } from 'vitest';
import { readSurfaceSuite } from './suite.js';

describe('read surface over the bundled rules/', () => {
  readSurfaceSuite('bundled rules', resolve('rules'), { httpSample: 120, samplesMustCompute: true, hasProofExcerpts: false });
});
