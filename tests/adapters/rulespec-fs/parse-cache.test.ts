import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsParseCache } from '../../../adapters/rulespec-fs/parse-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'tenet-parse-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FsParseCache', () => {
  it('serves a document only while the text is unchanged, across instances', async () => {
    const a = new FsParseCache('/repo', dir);
    expect(a.get('m.yaml', 'x: 1')).toBeUndefined();
    a.put('m.yaml', 'x: 1', { x: 1 });
    await a.save();
    expect(existsSync(a.file)).toBe(true);
    const b = new FsParseCache('/repo', dir);
    expect(b.get('m.yaml', 'x: 1')).toEqual({ x: 1 });
    expect(b.get('m.yaml', 'x: 2')).toBeUndefined();
    expect(new FsParseCache('/other-repo', dir).get('m.yaml', 'x: 1')).toBeUndefined();
  });

  it('does not cache documents JSON cannot represent exactly, and drops entries not seen in a run', async () => {
    const a = new FsParseCache('/repo2', dir);
    a.put('inf.yaml', 'x: .inf', { x: Infinity });
    a.put('keep.yaml', 'k: 1', { k: 1 });
    a.put('gone.yaml', 'g: 1', { g: 1 });
    await a.save();
    const b = new FsParseCache('/repo2', dir);
    expect(b.get('inf.yaml', 'x: .inf')).toBeUndefined();
    expect(b.get('keep.yaml', 'k: 1')).toEqual({ k: 1 });
    await b.save();
    expect(new FsParseCache('/repo2', dir).get('gone.yaml', 'g: 1')).toBeUndefined();
  });
});
