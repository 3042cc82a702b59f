/**
 * One version number per release: the package's version is the API version the service reports, and the CLI
 * prints the same (docs/architecture.md#versions).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../adapters/cli/main.js';
import { API_VERSION } from '../../core/domain/config.js';

describe('version', () => {
  it('package.json has the API version (bump both together)', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(API_VERSION);
  });

  it('tenet --version prints the API version', async () => {
    let printed = '';
    const program = buildProgram({ writeOut: (text) => (printed += text), writeErr: () => {} });
    await expect(program.parseAsync(['node', 'tenet', '--version'])).rejects.toMatchObject({ exitCode: 0 });
    expect(printed.trim()).toBe(API_VERSION);
  });
});
