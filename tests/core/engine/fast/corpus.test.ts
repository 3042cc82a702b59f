/** The corpus runner's second path: every companion test of the bundled rules also runs on generated code. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsRuleRepository } from '../../../../adapters/rulespec-fs/fs-rule-repository.js';
import { runCorpus } from '../../../../core/engine/testing/corpus-runner.js';
import { loadRuleRepository } from '../../../../core/engine/load/load-repository.js';
import { fastSecondPath } from '../../../../core/engine/fast/evaluate/corpus.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');

/**
 * Companion tests of modules whose rules read a household's values from a person's side (a derived relation with
 * current_slot 0: WIC, school meals, Medicaid): the fast path hands such households to the explain path
 * (docs/fast-path.md), so their cases must agree on both paths but need not run on generated code.
 */
const PERSON_SIDE = ['us/regulations/7-cfr/246/', 'us/regulations/42-cfr/435/', 'us-co/policies/wic/', 'us-co/policies/medicaid/'];

describe('corpus runner with the fast path as second path', () => {
  it('bundled federal and Colorado tests: same outcome on both paths, every case on generated code', async () => {
    const repo = await loadRuleRepository(new FsRuleRepository(ROOT));
    const text = (p: string) => readFileSync(join(ROOT, p), 'utf8');
    let handed = 0;
    for (const filter of PERSON_SIDE) {
      const report = runCorpus(repo, text, { filter, second: fastSecondPath });
      expect(report.passed + report.failed, filter).toBeGreaterThan(0);
      expect({ passed: report.second!.passed, failed: report.second!.failed }, filter).toEqual({ passed: report.passed, failed: report.failed });
      handed += report.passed + report.failed - report.second!.native;
    }
    for (const filter of ['us/', 'us-co/']) {
      const report = runCorpus(repo, text, { filter, second: fastSecondPath });
      expect(report.passed + report.failed).toBeGreaterThan(10);
      expect(report.second).toBeDefined();
      expect({ passed: report.second!.passed, failed: report.second!.failed }).toEqual({ passed: report.passed, failed: report.failed });
      // Every case runs on generated code except person-side cases the fast path hands over (counted above).
      expect(report.second!.native).toBeGreaterThanOrEqual(report.passed + report.failed - handed);
    }
  }, 120_000);
});
