/** The corpus runner's second path: every companion test of the bundled rules also runs on generated code. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsRuleRepository } from '../../../../adapters/rulespec-fs/fs-rule-repository.js';
import { runCorpus } from '../../../../core/engine/testing/corpus-runner.js';
import { loadRuleRepository } from '../../../../core/engine/load/load-repository.js';
import { fastSecondPath } from '../../../../core/engine/fast/evaluate/corpus.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');

describe('corpus runner with the fast path as second path', () => {
  it('bundled federal and Colorado tests: same outcome on both paths, every case on generated code', async () => {
    const repo = await loadRuleRepository(new FsRuleRepository(ROOT));
    const text = (p: string) => readFileSync(join(ROOT, p), 'utf8');
    for (const filter of ['us/', 'us-co/']) {
      const report = runCorpus(repo, text, { filter, second: fastSecondPath });
      expect(report.passed + report.failed).toBeGreaterThan(10);
      expect(report.second).toBeDefined();
      expect({ passed: report.second!.passed, failed: report.second!.failed }).toEqual({ passed: report.passed, failed: report.failed });
      // Every case runs on generated code, the person-side modules' too (WIC, school meals, Medicaid: a person reads
      // the household through a reversed relation, which the fast path materialises).
      expect(report.second!.native).toBe(report.passed + report.failed);
    }
  }, 120_000);
});
