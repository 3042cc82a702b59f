/**
 * The embedding API as an installed package: builds the sources into a staging copy of the package (so the
 * working tree's dist/ is never touched), packs it with npm, installs the tarball into an empty ES-module
 * project and runs the example of docs/embedding.md there, verbatim. Dependencies come from npm's cache
 * (--prefer-offline), which `npm ci` has filled.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createRuleService } from '../../adapters/embedding/index.js';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'tenet-embed-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } });
}

function exampleFromDocs(): string {
  const docs = readFileSync(join(root, 'docs/embedding.md'), 'utf8');
  const match = /<!-- embedding-example -->\n```js\n([\s\S]*?)```/.exec(docs);
  if (!match) throw new Error('docs/embedding.md has no <!-- embedding-example --> js block');
  return match[1];
}

function packTarball(): string {
  const staging = join(work, 'package');
  for (const entry of ['package.json', 'README.md', 'rules', 'parity', 'docs']) cpSync(join(root, entry), join(staging, entry), { recursive: true });
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', join(staging, 'dist')], root);
  run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], staging);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  return join(work, tarball);
}

it('runs the documented example from the packed tarball', async () => {
  const tarball = packTarball();
  const app = join(work, 'app');
  cpSync(tarball, join(app, 'tenet.tgz'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'embed-example', private: true, type: 'module', dependencies: { tenet: 'file:tenet.tgz' } }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app);
  writeFileSync(join(app, 'example.mjs'), exampleFromDocs());

  const lines = run(process.execPath, ['example.mjs'], app).trim().split('\n');

  // The same request through the sources gives the allotment the installed package printed.
  const service = await createRuleService();
  const sample = service.getPackage('us-co', 'snap').package.sample_request;
  const expected = await service.calculate(sample);
  await service.close();
  expect(lines[0]).toMatch(/^(\d+) packages$/);
  expect(Number(lines[0].split(' ')[0])).toBeGreaterThanOrEqual(53);
  expect(lines[1]).toBe(`allotment ${String(expected.outputs.snap_allotment)}, ${expected.trace.length} trace entries`);
  expect(lines[2]).toBe('refused: unsupported_program');
  // Types ship with the package: the entry points' declarations are where `types` points.
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/tenet/package.json'), 'utf8')) as { exports: Record<string, { types: string }> };
  expect(readFileSync(join(app, 'node_modules/tenet', installed.exports['.'].types), 'utf8')).toMatch(/createRuleService/);
  expect(readFileSync(join(app, 'node_modules/tenet', installed.exports['./engine'].types), 'utf8')).toMatch(/evaluatePackageFast/);

  // The engine entry: load the bundled rules from the installed package, compose Colorado's SNAP package, run its
  // sample household on both engine paths and sweep it over earned income.
  writeFileSync(join(app, 'engine.mjs'), ENGINE_EXAMPLE);
  const engine = JSON.parse(run(process.execPath, ['engine.mjs'], app)) as { explain: unknown; fast: unknown; pieces: number; program: string };
  expect(engine.program).toBe('snap');
  expect(engine.fast).toEqual(engine.explain);
  expect(engine.explain).toBe(expected.outputs.snap_allotment);
  expect(engine.pieces).toBeGreaterThan(1);

  // What an embedder's import graph holds (tests/project/embedding-imports.test.ts checks the sources; this, the
  // files node actually loads from the installed package): neither entry loads h3, srvx or the HTTP platform.
  writeFileSync(join(app, 'loaded-hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_FILE, url + '\\n'); return next(url, context); }\n");
  writeFileSync(join(app, 'loaded.mjs'), "import { register } from 'node:module';\nregister('./loaded-hooks.mjs', import.meta.url);\n");
  for (const entry of ['tenet', 'tenet/engine']) {
    const file = join(work, `loaded-${entry.replace('/', '-')}.txt`);
    execFileSync(process.execPath, ['--import', './loaded.mjs', '--input-type=module', '-e', `await import('${entry}')`], { cwd: app, env: { ...process.env, LOADED_FILE: file } });
    const loaded = readFileSync(file, 'utf8').trim().split('\n');
    expect(loaded.some((url) => url.includes('/node_modules/tenet/dist/'))).toBe(true);
    expect(loaded.filter((url) => /node_modules\/(h3|srvx|ioredis|bullmq)\/|\/http-h3\/(?!error-http\.js)/.test(url))).toEqual([]);
  }
}, 240_000);

const ENGINE_EXAMPLE = `
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Decimal, FsRuleRepository, loadRuleRepository, parseProgramSpec, composeProgram, evaluatePackage, evaluatePackageFast, sweepPackage } from 'tenet/engine';

const rules = join(dirname(createRequire(import.meta.url).resolve('tenet/package.json')), 'rules');
const source = new FsRuleRepository(rules);
const repo = await loadRuleRepository(source);
const file = 'programs/us-co/snap/fy-2026.yaml';
const spec = parseProgramSpec(file, await source.readText(file));
if (!spec.ok) throw new Error(JSON.stringify(spec.diagnostics));
const composed = composeProgram(repo, spec.spec);
if (!composed.ok) throw new Error(JSON.stringify(composed.diagnostics));
const pkg = composed.package;
// The engine's own form: every input the rules read, by entity id (the service's household mapping fills these).
const person = (age, extra = {}) => ({
  age, earned_income: 0, unearned_income: 0, self_employment_income: 0, self_employment_costs: 0, self_employment_is_farm: false,
  child_support_paid: 0, medical_costs: 0, dependent_care_costs: 0, shelter_costs: 0, citizenship_status: 'citizen', is_disabled: false,
  is_higher_ed_student: false, student_exemption: false, abawd_exempt: true, abawd_time_limit_exhausted: false, drug_felony_disqualified: false,
  ipv_disqualified: false, ssn_noncompliant: false, work_rule_disqualified: false, head_of_household_work_rule_disqualified: false, ...extra,
});
const request = {
  period: '2026-01',
  inputs: {
    household: { household_size: 3, shelter_costs: 900, utility_type: 'heating_cooling' },
    parent: person(34, { earned_income: 2000, shelter_costs: 900 }),
    child_1: person(9),
    child_2: person(6),
  },
  relations: { member_of_snap_household: [['parent', 'household'], ['child_1', 'household'], ['child_2', 'household']] },
  outputs: ['snap_allotment'],
};
const explain = evaluatePackage(pkg, request).outputs.snap_allotment;
const fast = evaluatePackageFast(pkg, request).outputs.snap_allotment;
const axis = { input: 'earned_income', entity: 'parent', from: new Decimal(0), to: new Decimal(4000), step: new Decimal(1) };
const swept = sweepPackage(pkg, request, axis, ['snap_allotment'], { maxSegments: 5000, maxSteps: 20000 });
console.log(JSON.stringify({ program: spec.spec.program.split('/').pop(), explain, fast, pieces: swept.outputs.snap_allotment.segments.length }));
`;
