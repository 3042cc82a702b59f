/**
 * Runs the engine over the shared RuleSpec corpus (../shared/corpora/rulespec-us): every module must load
 * (except documented defects), every program spec must compose, and >= 99% of companion test cases must pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsRuleRepository } from '../../adapters/rulespec-fs/fs-rule-repository.js';
import { compileClosure } from '../../core/engine/compile/index.js';
import { composeProgram, parseProgramSpec } from '../../core/engine/package/index.js';
import { runCorpus } from '../../core/engine/testing/corpus-runner.js';
import { loadRuleRepository } from '../../core/engine/load/load-repository.js';
import type { RuleRepositoryModel } from '../../core/engine/load/repository.js';
import { KNOWN_UNCOMPILABLE, KNOWN_UNCOMPOSABLE, KNOWN_UNLOADABLE } from './known-defects.js';

const ROOT = resolve(process.cwd(), '../shared/corpora/rulespec-us');
const present = existsSync(join(ROOT, 'us'));
if (!present) console.warn(`corpus suite skipped: ${ROOT} is absent (the shared RuleSpec corpus is not vendored)`);

describe.skipIf(!present)('shared RuleSpec corpus', () => {
  let repo: RuleRepositoryModel;
  const load = async (): Promise<RuleRepositoryModel> => (repo ??= await loadRuleRepository(new FsRuleRepository(ROOT)));

  it('loads every module except the documented defects', async () => {
    const r = await load();
    expect(r.modules.size).toBeGreaterThan(4000);
    const bad = [...r.modules.values()].filter((m) => !m.ok).map((m) => m.path);
    expect(bad.filter((p) => !(p in KNOWN_UNLOADABLE))).toEqual([]);
    const uncompilable = [...r.modules.values()].filter((m) => m.ok && !compileClosure([m.id], r.modules, undefined, r.compileCache).ok).map((m) => m.path);
    expect(uncompilable.filter((p) => !(p in KNOWN_UNCOMPILABLE))).toEqual([]);
  }, 120_000);

  it('composes every program spec except the documented ones', async () => {
    const r = await load();
    const failed: string[] = [];
    for (const path of r.programFiles) {
      const spec = parseProgramSpec(path, readFileSync(join(ROOT, path), 'utf8'));
      if (!spec.ok || !composeProgram(r, spec.spec).ok) failed.push(path);
    }
    expect(r.programFiles.length).toBeGreaterThan(100);
    expect(failed.filter((p) => !(p in KNOWN_UNCOMPOSABLE))).toEqual([]);
  }, 120_000);

  it('passes at least 99% of the companion test cases', async () => {
    const r = await load();
    const report = runCorpus(r, (p) => readFileSync(join(ROOT, p), 'utf8'));
    const total = report.passed + report.failed;
    console.log(`shared corpus: ${report.passed} passed, ${report.failed} failed (${((100 * report.passed) / total).toFixed(2)}%)`);
    expect(total).toBeGreaterThan(20_000);
    expect(report.passed / total).toBeGreaterThanOrEqual(0.99);
  }, 120_000);
});
