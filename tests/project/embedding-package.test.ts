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
  // Types ship with the package: the entry point's declarations are where `types` points.
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/tenet/package.json'), 'utf8')) as { exports: Record<string, { types: string }> };
  expect(readFileSync(join(app, 'node_modules/tenet', installed.exports['.'].types), 'utf8')).toMatch(/createRuleService/);
}, 240_000);
