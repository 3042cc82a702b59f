/**
 * Engine benchmark (`npm run bench:engine`): load + check + compile the shared RuleSpec corpus, compose every
 * program spec, and evaluate generated households for one SNAP package on the explain path.
 * Baseline measured in the same run: a bare YAML parse of every module file (the floor any loader pays).
 * Run on one core: `taskset -c 0 npm run bench:engine` where taskset exists.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import jsYaml from 'js-yaml';
import { FsRuleRepository } from '../adapters/rulespec-fs/fs-rule-repository.js';
import { FsParseCache } from '../adapters/rulespec-fs/parse-cache.js';
import { compileClosure } from '../core/engine/compile/index.js';
import { composeProgram, evaluatePackage, parseProgramSpec, type RuntimePackage } from '../core/engine/package/index.js';
import { loadRuleRepository } from '../core/engine/load/load-repository.js';
import { isModulePath } from '../core/engine/load/repository.js';

const ROOT = resolve(process.argv[2] ?? join(process.cwd(), '../shared/corpora/rulespec-us'));
const PROGRAM = process.argv[3] ?? 'programs/us-co/snap/fy-2026.yaml';
const HOUSEHOLDS = Number(process.env.BENCH_HOUSEHOLDS ?? 2000);

if (!existsSync(join(ROOT, 'us'))) {
  console.log(`bench:engine skipped: corpus not found at ${ROOT}`);
  process.exit(0);
}

let peakRss = 0;
const sampleRss = (): void => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const timer = setInterval(sampleRss, 20);
/** CPU time (user + system) of this process in ms: robust when other processes share the cores. */
const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let wall0 = 0;
const start = (): number => {
  wall0 = performance.now();
  return cpuNow();
};
const ms = (c0: number): { cpu: number; wall: number } => ({ cpu: cpuNow() - c0, wall: performance.now() - wall0 });
const fmt = (x: { cpu: number; wall: number }): string => `${(x.cpu / 1000).toFixed(2)} s CPU (${(x.wall / 1000).toFixed(2)} s wall)`;

async function main(): Promise<void> {
  const fsRepo = new FsRuleRepository(ROOT);

  // Baseline: read and YAML-parse every module file, nothing else.
  let t = start();
  const files = (await fsRepo.listFiles()).filter(isModulePath);
  for (const f of files) jsYaml.load(readFileSync(join(ROOT, f), 'utf8'), { schema: jsYaml.CORE_SCHEMA });
  const baseline = ms(t);

  t = start();
  const repo = await loadRuleRepository(fsRepo);
  const load = ms(t);
  sampleRss();



  t = start();
  let compiled = 0;
  for (const id of repo.modules.keys()) if (compileClosure([id], repo.modules, undefined, repo.compileCache).ok) compiled++;
  const compileAll = ms(t);
  sampleRss();

  t = start();
  const packages = new Map<string, RuntimePackage>();
  for (const path of repo.programFiles) {
    const spec = parseProgramSpec(path, readFileSync(join(ROOT, path), 'utf8'));
    if (!spec.ok) continue;
    const c = composeProgram(repo, spec.spec);
    if (c.ok) packages.set(path, c.package);
  }
  const compose = ms(t);
  sampleRss();
  const peakMain = peakRss;

  // With a parse cache: the first load fills it (cold, includes writing it), the second reads it (warm).
  const cacheDir = mkdtempSync(join(tmpdir(), 'tenet-bench-cache-'));
  t = start();
  await loadRuleRepository(fsRepo, { cache: new FsParseCache(ROOT, cacheDir) });
  const loadCold = ms(t);
  t = start();
  await loadRuleRepository(fsRepo, { cache: new FsParseCache(ROOT, cacheDir) });
  const loadWarm = ms(t);
  rmSync(cacheDir, { recursive: true, force: true });

  const total = { cpu: load.cpu + compileAll.cpu + compose.cpu, wall: load.wall + compileAll.wall + compose.wall };
  console.log('Engine: load + check + compile (shared corpus)');
  console.log(`  modules ${repo.modules.size}, closures compiled ${compiled}, programs composed ${packages.size}/${repo.programFiles.length}`);
  console.log(`  baseline (read + bare YAML parse only) ${fmt(baseline)}`);
  console.log(`  load + check (YAML, shapes, formulas)  ${fmt(load)}  (${(load.cpu / baseline.cpu).toFixed(2)}x baseline CPU)`);
  console.log(`  load + check, filling a parse cache     ${fmt(loadCold)}`);
  console.log(`  load + check from the parse cache      ${fmt(loadWarm)}  (${(loadWarm.cpu / baseline.cpu).toFixed(2)}x baseline CPU)`);
  console.log(`  compile every module closure           ${fmt(compileAll)}`);
  console.log(`  compose every program spec             ${fmt(compose)}`);
  console.log(`  load + check + compile closures        ${fmt({ cpu: load.cpu + compileAll.cpu, wall: load.wall + compileAll.wall })}`);
  console.log(`  same, warm parse cache                 ${fmt({ cpu: loadWarm.cpu + compileAll.cpu, wall: loadWarm.wall + compileAll.wall })}`);
  console.log(`  everything, warm parse cache           ${fmt({ cpu: loadWarm.cpu + compileAll.cpu + compose.cpu, wall: loadWarm.wall + compileAll.wall + compose.wall })}`);
  console.log(`  total                                  ${fmt(total)}  (${(total.cpu / baseline.cpu).toFixed(2)}x baseline CPU)`);
  console.log(`  peak RSS (load, compile, compose)      ${(peakMain / 1024 / 1024).toFixed(0)} MiB`);

  const pkg = packages.get(PROGRAM);
  if (!pkg) {
    console.log(`explain path skipped: ${PROGRAM} did not compose`);
    return;
  }
  // Households: every package input gets a plausible value; relation members carry their member inputs.
  let seed = 42;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const valueFor = (dtype: string): unknown =>
    dtype === 'bool' ? rand() < 0.5 : dtype === 'integer' ? 1 + Math.floor(rand() * 6) : dtype === 'date' ? '2025-06-01' : dtype === 'text' ? 'none' : Math.round(rand() * 300000) / 100;
  const households = Array.from({ length: HOUSEHOLDS }, () => {
    const inputs: Record<string, Record<string, unknown>> = { household: {} };
    const relations: Record<string, [string, string][]> = {};
    const size = 1 + Math.floor(rand() * 5);
    for (const i of pkg.inputs) {
      if (i.relation) {
        const rows = (relations[i.relation] ??= Array.from({ length: size }, (_, n) => [`p${n}`, 'household'] as [string, string]));
        for (const [member] of rows) (inputs[member] ??= {})[i.slot] = valueFor(i.dtype);
      } else inputs.household[i.slot] = valueFor(i.dtype);
    }
    return { inputs, relations };
  });
  let errors = 0;
  t = start();
  for (const h of households) {
    const r = evaluatePackage(pkg, { inputs: h.inputs, relations: h.relations, trace: true });
    if (Object.keys(r.errors).length) errors++;
  }
  const explain = ms(t);
  console.log(`Engine: explain path, ${PROGRAM} (${pkg.inputs.length} inputs, ${pkg.graph.rules.length} rules in graph)`);
  console.log(`  ${HOUSEHOLDS} households in ${fmt(explain)}: ${Math.round((HOUSEHOLDS * 1000) / explain.cpu)} households/s per CPU-second, with trace (${errors} with an output error)`);
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => clearInterval(timer));
