/**
 * The `compiled` runtime: every program spec (`programs/**`) of the configured rule repositories, composed by
 * the engine into a RuntimePackage and wrapped as an ExecutablePackage. Specs that fail to compose are kept as
 * diagnostics, not packages.
 */
import { FsRuleRepository } from '../rulespec-fs/fs-rule-repository.js';
import { composeProgram, loadRuleRepository, parseProgramSpec, type RuleRepositoryModel } from '../../core/engine/index.js';
import type { RuleRepository } from '../../core/ports/rule-repository.js';
import type { Calculator, ExecutablePackage } from '../../core/ports/calculator.js';
import { CompiledPackage, explainEvaluator, type PackageEvaluator } from '../../core/engine/run/compiled-package.js';
import { fastEvaluator } from '../../core/engine/run/fast-path.js';
import { settleSample } from '../../core/engine/run/sample-settling.js';
import { testDocuments } from '../../core/engine/run/sample-evidence.js';
import { checkCompanionTests } from '../../core/engine/run/companion-tests.js';
import { CompiledScreener } from './compiled-screener.js';

export interface CompileProblem {
  root: string;
  spec: string;
  message: string;
}

export interface CompiledRuntimeOptions {
  /** The explain evaluator (trace; and outputs when there is no fast evaluator). Default: the engine's. */
  explain?: PackageEvaluator;
  /**
   * The evaluator answering requests (outputs and trace). Default: core/engine/run/fast-path.ts `fastEvaluator` (generated
   * kernels, explain-identical trace, explain fallback). `null`: the explain evaluator answers everything.
   */
  fast?: PackageEvaluator | null;
  /**
   * Companion tests of each package's closure (core/engine/run/companion-tests.ts; failures make the program `partial`):
   * `background` (default) runs them `companionTestsDelayMs` after loading, so start-up does not pay for them
   * (CompiledRuntime.testsChecked settles when done); `await` runs them before load returns; `off` skips them.
   */
  companionTests?: 'background' | 'await' | 'off';
  /** Delay before a background companion-test check starts (default 2000 ms: after the app is ready). */
  companionTestsDelayMs?: number;
}

export class CompiledRuntime implements Calculator {
  readonly mode = 'compiled' as const;
  private readonly byKey = new Map<string, CompiledPackage>();
  /** Settles when the companion-test check is done (at once when it is off). */
  testsChecked: Promise<void> = Promise.resolve();
  /** The repository each package was composed from (screens compose merged packages from it). */
  private readonly repositories = new WeakMap<CompiledPackage, RuleRepositoryModel>();
  /** Screens of this runtime's packages (docs/screening.md). */
  readonly screener: CompiledScreener;

  constructor(
    readonly id: string,
    packages: CompiledPackage[],
    readonly problems: CompileProblem[] = [],
    evaluators: { explain: PackageEvaluator; fast?: PackageEvaluator } = { explain: explainEvaluator, fast: fastEvaluator },
  ) {
    this.screener = new CompiledScreener(() => this.packages(), (pkg) => this.repositories.get(pkg), evaluators);
    for (const pkg of packages) {
      const key = `${pkg.jurisdiction}/${pkg.program_id}`;
      // The first repository that defines a program and jurisdiction wins.
      if (!this.byKey.has(key)) this.byKey.set(key, pkg);
    }
  }

  /** Loads and composes every program spec under each root. */
  static async load(roots: readonly string[], options: CompiledRuntimeOptions = {}): Promise<CompiledRuntime> {
    return CompiledRuntime.fromRepositories(
      roots.map((root) => new FsRuleRepository(root)),
      options,
    );
  }

  static async fromRepositories(repositories: readonly RuleRepository[], options: CompiledRuntimeOptions = {}): Promise<CompiledRuntime> {
    const loaded: { source: RuleRepository; model: RuleRepositoryModel }[] = [];
    for (const source of repositories) loaded.push({ source, model: await loadRuleRepository(source) });
    return CompiledRuntime.fromLoaded(loaded, options);
  }

  /** Composes every program spec of repositories already loaded (e.g. the read surface's shared load). */
  static async fromLoaded(
    loaded: readonly { source: RuleRepository; model: RuleRepositoryModel }[],
    options: CompiledRuntimeOptions = {},
  ): Promise<CompiledRuntime> {
    const packages: CompiledPackage[] = [];
    const repositories = new Map<CompiledPackage, RuleRepositoryModel>();
    const evaluators = { explain: options.explain ?? explainEvaluator, fast: options.fast === undefined ? fastEvaluator : (options.fast ?? undefined) };
    const problems: CompileProblem[] = [];
    const names: string[] = [];
    const checks: Array<() => Promise<void>> = [];
    for (const { source, model: repo } of loaded) {
      const { name, commit } = repo.provenance;
      const runtimeId = `rulespec-compiled:${name}${commit ? `@${commit.slice(0, 12)}` : ''}`;
      names.push(runtimeId);
      const own: CompiledPackage[] = [];
      const documents = testDocuments((path) => source.readText(path));
      checks.push(() => checkCompanionTests(own, repo, (path) => source.readText(path)));
      for (const file of repo.programFiles) {
        const spec = parseProgramSpec(file, await source.readText(file));
        if (!spec.ok) {
          problems.push({ root: repo.provenance.root, spec: file, message: spec.diagnostics.map((d) => d.message).join('; ') });
          continue;
        }
        const composed = composeProgram(repo, spec.spec);
        if (!composed.ok) {
          problems.push({ root: repo.provenance.root, spec: file, message: composed.diagnostics.map((d) => d.message).join('; ') });
          continue;
        }
        try {
          const pkg = new CompiledPackage(runtimeId, composed.package, evaluators);
          // The published sample request must compute: verified here, from test-case evidence when needed.
          await settleSample(pkg, repo.testFiles, documents);
          packages.push(pkg);
          repositories.set(pkg, repo);
          own.push(pkg);
        } catch (error) {
          problems.push({ root: repo.provenance.root, spec: file, message: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    const runtime = new CompiledRuntime(names.join('+') || 'rulespec-compiled', packages, problems, evaluators);
    for (const [pkg, repo] of repositories) runtime.repositories.set(pkg, repo);
    const mode = options.companionTests ?? 'background';
    if (mode !== 'off') {
      const run = async (): Promise<void> => {
        for (const check of checks) await check();
      };
      if (mode === 'await') {
        runtime.testsChecked = run();
        await runtime.testsChecked;
      } else {
        runtime.testsChecked = new Promise<void>((resolve) => {
          // Errors inside are counted per file; anything else must not become an unhandled rejection.
          const timer = setTimeout(() => void run().catch(() => undefined).then(resolve), options.companionTestsDelayMs ?? 2000);
          timer.unref?.();
        });
      }
    }
    return runtime;
  }

  find(programId: string, jurisdiction: string): ExecutablePackage | undefined {
    return this.byKey.get(`${jurisdiction}/${programId}`);
  }

  packages(): readonly CompiledPackage[] {
    return [...this.byKey.values()];
  }
}
