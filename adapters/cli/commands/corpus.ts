/**
 * `tenet corpus test <root...> [--filter <substring>] [--json] [--report] [--no-cache]`: runs every companion test of one or
 * more RuleSpec repositories and prints results per jurisdiction, closing with `N passed, N failed`.
 * Exit status is 0 only when nothing failed, unless --report (a report run tolerates failures).
 */
import type { Command } from 'commander';
import { runCorpus, type CorpusReport } from '../../../core/domain/rulespec/corpus-runner.js';
import { loadRuleRepository } from '../../../core/domain/rulespec/load-repository.js';
import type { ParseCache, RuleRepository } from '../../../core/ports/rule-repository.js';
import { fastSecondPath } from '../../../core/domain/fastpath/corpus.js';
import { FsRuleRepository } from '../../rulespec-fs/fs-rule-repository.js';
import { FsParseCache } from '../../rulespec-fs/parse-cache.js';
import { commandGroup } from '../program.js';

export interface CorpusTestOptions {
  readonly filter?: string;
  /** Parse cache for module YAML (see adapters/rulespec-fs/parse-cache.ts); none by default. */
  readonly cache?: ParseCache;
}

export interface RootReport {
  readonly root: string;
  readonly report: CorpusReport;
  readonly loadErrors: number;
}

/** Loads a repository and runs its companion tests (test texts are read through the port first). */
export async function runRepositoryTests(repo: RuleRepository, root: string, options: CorpusTestOptions = {}): Promise<RootReport> {
  const model = await loadRuleRepository(repo, { cache: options.cache });
  const texts = new Map<string, string>();
  for (const path of model.testFiles.values()) {
    if (options.filter && !path.includes(options.filter)) continue;
    texts.set(path, await repo.readText(path));
  }
  // Every case also runs on the fast path (generated code); the report carries both outcomes.
  const report = runCorpus(model, (p) => texts.get(p) ?? '', { filter: options.filter, second: fastSecondPath });
  return { root, report, loadErrors: model.diagnostics.filter((d) => d.severity === 'error').length };
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** Human-readable report: per jurisdiction, each failure with test name, rule id, expected and actual. */
export function formatReports(reports: readonly RootReport[]): string {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const { root, report } of reports) {
    lines.push(`${root}: ${report.files} test files`);
    for (const j of report.jurisdictions) {
      lines.push(`  ${j.jurisdiction}: ${j.passed} passed, ${j.failed} failed`);
      for (const f of report.failures.filter((x) => x.jurisdiction === j.jurisdiction)) {
        lines.push(`    FAIL ${f.file} :: ${f.name}`);
        if (f.error) lines.push(`      error: ${f.error}`);
        for (const o of f.failures) {
          if (o.error) lines.push(`      ${o.ruleId}: expected ${show(o.expected)}, error: ${o.error}`);
          else lines.push(`      ${o.ruleId}: expected ${show(o.expected)}, actual ${show(o.actual)}`);
        }
      }
    }
    passed += report.passed;
    failed += report.failed;
    if (report.second) {
      const s = report.second;
      lines.push(`  fast path: ${s.passed} passed, ${s.failed} failed (${s.native} cases on generated code, ${s.fallback} handed back to the explain path)`);
      // Cases whose fast-path outcome differs from the explain path's (should be none).
      for (const f of s.failures.filter((x) => x.passed)) {
        lines.push(`    FAST PATH FAIL ${f.file} :: ${f.name}`);
        for (const o of f.second?.failures ?? []) lines.push(`      ${o.ruleId}: expected ${show(o.expected)}, actual ${show(o.actual)}`);
      }
    }
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return lines.join('\n');
}

export function registerCorpus(program: Command): void {
  commandGroup(program, 'corpus', 'Work with RuleSpec rule repositories')
    .command('test')
    .description('Run the companion tests (*.test.yaml) of one or more RuleSpec repositories')
    .argument('<root...>', 'repository root directories')
    .option('--filter <substring>', 'only test files whose path contains this substring')
    .option('--json', 'print the full report as JSON')
    .option('--report', 'exit 0 even when tests fail (report run)')
    .option('--no-cache', 'parse every module file (do not read or write the YAML parse cache in the temp directory)')
    .action(async (roots: string[], opts: { filter?: string; json?: boolean; report?: boolean; cache: boolean }) => {
      const reports: RootReport[] = [];
      for (const root of roots) {
        const cache = opts.cache ? new FsParseCache(root) : undefined;
        reports.push(await runRepositoryTests(new FsRuleRepository(root), root, { filter: opts.filter, cache }));
      }
      const passed = reports.reduce((n, r) => n + r.report.passed, 0);
      const failed = reports.reduce((n, r) => n + r.report.failed, 0);
      const fastFailed = reports.reduce((n, r) => n + (r.report.second?.failed ?? 0), 0);
      if (opts.json) process.stdout.write(`${JSON.stringify({ passed, failed, roots: reports }, null, 2)}\n`);
      else process.stdout.write(`${formatReports(reports)}\n`);
      process.exitCode = (failed > 0 || fastFailed > 0) && !opts.report ? 1 : 0;
    });
}
