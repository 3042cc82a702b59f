/**
 * `tenet corpus test <root...> [--filter <substring>] [--json] [--report] [--no-cache]`: runs every companion test of one or
 * more RuleSpec repositories and prints results per jurisdiction, closing with `N passed, N failed` and the count of
 * modules that failed to load. On a terminal (or with TENET_PROGRESS=1) a progress line on stderr shows files read,
 * test files run with passed and failed counts, and the elapsed time.
 * Exit status: 0 when nothing failed (or --report), 1 when a test failed, 2 when a root is not a directory or
 * --filter matches no test file.
 */
import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { runCorpus, type CaseResult, type CorpusReport } from '../../../core/engine/testing/corpus-runner.js';
import { loadRuleRepository } from '../../../core/engine/load/load-repository.js';
import { isModulePath, type RuleRepositoryModel } from '../../../core/engine/load/repository.js';
import type { ParseCache, RuleRepository } from '../../../core/ports/rule-repository.js';
import { fastSecondPath } from '../../../core/engine/fast/evaluate/corpus.js';
import { FsRuleRepository } from '../../rulespec-fs/fs-rule-repository.js';
import { FsParseCache } from '../../rulespec-fs/parse-cache.js';
import { UsageError } from '../errors.js';
import { bar, LineProgress, progressWanted } from '../progress.js';
import { commandGroup } from '../program.js';

/** Progress callbacks of one repository run (all optional to honour). */
export interface CorpusProgress {
  reading(done: number, total: number): void;
  parsing(modules: number): void;
  testing(filesDone: number, filesTotal: number, passed: number, failed: number): void;
}

export interface CorpusTestOptions {
  readonly filter?: string;
  /** Parse cache for module YAML (see adapters/rulespec-fs/parse-cache.ts); none by default. */
  readonly cache?: ParseCache;
  readonly progress?: CorpusProgress;
}

export interface FailedModule {
  readonly file: string;
  readonly message: string;
}

export interface RootReport {
  readonly root: string;
  readonly report: CorpusReport;
  /** Error diagnostics of the load (several may concern one module). */
  readonly loadErrors: number;
  /** Module files with at least one load error, each with its first error (their tests fail or do not run). */
  readonly failedModules: readonly FailedModule[];
}

/** The repository, counting module files as they are read. */
function countingRepository(repo: RuleRepository, progress: CorpusProgress): RuleRepository {
  let total = 0;
  let done = 0;
  return {
    provenance: () => repo.provenance(),
    listFiles: async () => {
      const files = await repo.listFiles();
      total = files.filter(isModulePath).length;
      return files;
    },
    readText: async (path) => {
      const text = await repo.readText(path);
      if (isModulePath(path)) {
        done += 1;
        progress.reading(done, total);
        if (done === total) progress.parsing(total);
      }
      return text;
    },
  };
}

function merge(a: CorpusReport, b: CorpusReport): CorpusReport {
  const byJurisdiction = new Map<string, { passed: number; failed: number }>();
  for (const j of [...a.jurisdictions, ...b.jurisdictions]) {
    const sum = byJurisdiction.get(j.jurisdiction) ?? { passed: 0, failed: 0 };
    byJurisdiction.set(j.jurisdiction, { passed: sum.passed + j.passed, failed: sum.failed + j.failed });
  }
  const jurisdictions = [...byJurisdiction.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([jurisdiction, c]) => ({ jurisdiction, ...c }));
  const second =
    a.second && b.second
      ? {
          passed: a.second.passed + b.second.passed,
          failed: a.second.failed + b.second.failed,
          native: a.second.native + b.second.native,
          fallback: a.second.fallback + b.second.fallback,
          failures: [...a.second.failures, ...b.second.failures] as CaseResult[],
        }
      : (a.second ?? b.second);
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, files: a.files + b.files, jurisdictions, failures: [...a.failures, ...b.failures], second };
}

const EMPTY: CorpusReport = { passed: 0, failed: 0, files: 0, jurisdictions: [], failures: [], second: { passed: 0, failed: 0, native: 0, fallback: 0, failures: [] } };

/** The model seen through one test file only (everything else is the model's own). */
function oneTestFile(model: RuleRepositoryModel, moduleId: string, path: string): RuleRepositoryModel {
  return Object.create(model, { testFiles: { value: new Map([[moduleId, path]]) } }) as RuleRepositoryModel;
}

function failedModules(model: RuleRepositoryModel): FailedModule[] {
  const firstError = new Map<string, string>();
  for (const d of model.diagnostics) if (d.severity === 'error' && !firstError.has(d.file)) firstError.set(d.file, d.message);
  return [...firstError.entries()].map(([file, message]) => ({ file, message }));
}

/**
 * Loads a repository and runs its companion tests (test texts are read through the port first). The files run
 * one at a time through runCorpus so that progress can report running totals; the merged report is the same.
 */
export async function runRepositoryTests(repo: RuleRepository, root: string, options: CorpusTestOptions = {}): Promise<RootReport> {
  const source = options.progress ? countingRepository(repo, options.progress) : repo;
  const model = await loadRuleRepository(source, { cache: options.cache });
  const selected = [...model.testFiles.entries()].filter(([, path]) => !options.filter || path.includes(options.filter));
  const texts = new Map<string, string>();
  for (const [, path] of selected) texts.set(path, await repo.readText(path));
  // Every case also runs on the fast path (generated code); the report carries both outcomes.
  let report = EMPTY;
  for (const [moduleId, path] of selected) {
    report = merge(report, runCorpus(oneTestFile(model, moduleId, path), (p) => texts.get(p) ?? '', { second: fastSecondPath }));
    options.progress?.testing(report.files, selected.length, report.passed, report.failed);
  }
  return { root, report, loadErrors: model.diagnostics.filter((d) => d.severity === 'error').length, failedModules: failedModules(model) };
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** Human-readable report: per jurisdiction, each failure with test name, rule id, expected and actual. */
export function formatReports(reports: readonly RootReport[]): string {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  let unloadable = 0;
  for (const { root, report, failedModules: broken } of reports) {
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
    unloadable += broken.length;
    if (report.second) {
      const s = report.second;
      lines.push(`  fast path: ${s.passed} passed, ${s.failed} failed (${s.native} cases on generated code, ${s.fallback} handed back to the explain path)`);
      // Cases whose fast-path outcome differs from the explain path's (should be none).
      for (const f of s.failures.filter((x) => x.passed)) {
        lines.push(`    FAST PATH FAIL ${f.file} :: ${f.name}`);
        for (const o of f.second?.failures ?? []) lines.push(`      ${o.ruleId}: expected ${show(o.expected)}, actual ${show(o.actual)}`);
      }
    }
    if (broken.length > 0) {
      lines.push(`  modules that failed to load: ${broken.length}`);
      for (const m of broken) lines.push(`    ${m.file}: ${m.message}`);
    }
  }
  lines.push(`${passed} passed, ${failed} failed; ${unloadable} module${unloadable === 1 ? '' : 's'} failed to load`);
  return lines.join('\n');
}

/** Progress of one root on a LineProgress: `<root>: reading ...`, `parsing ...`, then a bar over the test files. */
function lineProgressFor(line: LineProgress, root: string): CorpusProgress {
  return {
    reading: (done, total) => line.update(`${root}: reading module files ${done}/${total}  ${line.elapsed()}`, done === total),
    parsing: (modules) => line.update(`${root}: parsing and checking ${modules} module files  ${line.elapsed()}`, true),
    testing: (done, total, passed, failed) => line.update(`${root}: tests ${bar(done, total)} ${done}/${total} files  ${passed} passed  ${failed} failed  ${line.elapsed()}`, done === total),
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function registerCorpus(program: Command): void {
  commandGroup(program, 'corpus', 'Work with RuleSpec rule repositories')
    .command('test')
    .description('Run the companion tests (*.test.yaml) of one or more RuleSpec repositories')
    .argument('<root...>', 'repository root directories')
    .option('--filter <substring>', 'only test files whose path contains this substring (exit 2 when none does)')
    .option('--json', 'print the full report as JSON')
    .option('--report', 'exit 0 even when tests fail (report run)')
    .option('--no-cache', 'parse every module file (do not read or write the YAML parse cache in the temp directory)')
    .action(async (roots: string[], opts: { filter?: string; json?: boolean; report?: boolean; cache: boolean }) => {
      for (const root of roots) if (!isDirectory(root)) throw new UsageError(`${root} is not a directory; give the root of a RuleSpec repository checkout`);
      const line = progressWanted(process.env, process.stderr.isTTY === true) ? new LineProgress((text) => void process.stderr.write(text)) : null;
      const reports: RootReport[] = [];
      try {
        for (const root of roots) {
          const cache = opts.cache ? new FsParseCache(root) : undefined;
          const progress = line ? lineProgressFor(line, root) : undefined;
          reports.push(await runRepositoryTests(new FsRuleRepository(root), root, { filter: opts.filter, cache, progress }));
        }
      } finally {
        line?.clear();
      }
      const files = reports.reduce((n, r) => n + r.report.files, 0);
      if (opts.filter !== undefined && files === 0) {
        throw new UsageError(`--filter ${JSON.stringify(opts.filter)} matches no test file under ${roots.join(', ')}; it is a substring of the test file path, e.g. us-co/ or snap`);
      }
      const passed = reports.reduce((n, r) => n + r.report.passed, 0);
      const failed = reports.reduce((n, r) => n + r.report.failed, 0);
      const fastFailed = reports.reduce((n, r) => n + (r.report.second?.failed ?? 0), 0);
      const modulesFailedToLoad = reports.reduce((n, r) => n + r.failedModules.length, 0);
      if (opts.json) process.stdout.write(`${JSON.stringify({ passed, failed, modules_failed_to_load: modulesFailedToLoad, roots: reports }, null, 2)}\n`);
      else process.stdout.write(`${formatReports(reports)}\n`);
      process.exitCode = (failed > 0 || fastFailed > 0) && !opts.report ? 1 : 0;
    });
}
