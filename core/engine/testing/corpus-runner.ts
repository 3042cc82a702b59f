/**
 * Companion-test runner (reference §8.2, as the upstream harness does it). Pure: it is handed the loaded
 * repository and the text of each `.test.yaml`; the CLI adapter does the reading and printing. One case is
 * run by ./case.ts; periods and expected values are read by ./expectations.ts.
 */
import { compileClosure, type CompileResult } from '../compile/index.js';
import { runCase } from './case.js';
import type { CaseResult, CorpusReport, SecondPath } from './types.js';
import { jurisdictionOf } from '../syntax/ids.js';
import { parseYaml } from '../load/module-loader.js';
import type { RuleRepositoryModel } from '../load/repository.js';
import { isObject } from '../../domain/is-object.js';

export * from './types.js';
export { matchesExpected, parseTestPeriod } from './expectations.js';


/** Runs all cases of one test file against its module's closure. */
export function runTestFile(
  repo: RuleRepositoryModel,
  moduleId: string,
  file: string,
  text: string,
  compile: (moduleId: string) => CompileResult = (id) => compileClosure([id], repo.modules, undefined, repo.compileCache),
  second?: SecondPath,
): CaseResult[] {
  const jurisdiction = jurisdictionOf(moduleId);
  const fail = (name: string, error: string): CaseResult => ({ module: moduleId, jurisdiction, file, name, passed: false, error, failures: [] });
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    return [fail('(file)', `YAML error: ${(e as Error).message.split('\n')[0]}`)];
  }
  if (!Array.isArray(doc)) return [fail('(file)', 'a test file must be a YAML list of cases')];
  const compiled = compile(moduleId);
  const out: CaseResult[] = [];
  doc.forEach((c, i) => {
    const name = isObject(c) && c.name !== undefined ? String(c.name) : `case-${i + 1}`;
    if (!compiled.ok) {
      const d = compiled.diagnostics[0];
      out.push(fail(name, `closure does not compile: ${d.file}${d.rule ? ` rule ${d.rule}` : ''}${d.line ? ` line ${d.line}` : ''}: ${d.message}`));
      return;
    }
    try {
      out.push(runCase(compiled.program, moduleId, jurisdiction, file, name, c, i + 1, second));
    } catch (e) {
      out.push(fail(name, (e as Error).message));
    }
  });
  return out;
}

export interface RunCorpusOptions {
  /** Only test files whose path contains this substring. */
  readonly filter?: string;
  /** Also run every case on this second evaluation path (the fast path) and report it. */
  readonly second?: SecondPath;
}

/** Runs every companion test file in the repository. `testText` returns a test file's text. */
export function runCorpus(repo: RuleRepositoryModel, testText: (path: string) => string, options: RunCorpusOptions = {}): CorpusReport {
  const byJur = new Map<string, { passed: number; failed: number }>();
  const failures: CaseResult[] = [];
  let passed = 0;
  let failed = 0;
  let files = 0;
  const sec = { passed: 0, failed: 0, native: 0, fallback: 0, failures: [] as CaseResult[] };
  for (const [moduleId, path] of repo.testFiles) {
    if (options.filter && !path.includes(options.filter)) continue;
    files++;
    let results: CaseResult[];
    if (!repo.modules.has(moduleId)) {
      results = [{ module: moduleId, jurisdiction: jurisdictionOf(moduleId), file: path, name: '(file)', passed: false, error: 'no module for this test file', failures: [] }];
    } else results = runTestFile(repo, moduleId, path, testText(path), undefined, options.second);
    for (const r of results) {
      if (options.second) {
        const ok = r.second ? r.second.passed : r.passed;
        if (ok) sec.passed++;
        else {
          sec.failed++;
          sec.failures.push(r);
        }
        if (r.second?.native) sec.native++;
        else sec.fallback++;
      }
      const j = byJur.get(r.jurisdiction) ?? { passed: 0, failed: 0 };
      byJur.set(r.jurisdiction, j);
      if (r.passed) {
        passed++;
        j.passed++;
      } else {
        failed++;
        j.failed++;
        failures.push(r);
      }
    }
  }
  const jurisdictions = [...byJur.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([jurisdiction, c]) => ({ jurisdiction, ...c }));
  return { passed, failed, files, jurisdictions, failures, second: options.second ? sec : undefined };
}
