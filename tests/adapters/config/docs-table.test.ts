/**
 * The docs list exactly the variables adapters/config/schema.ts declares, with the same defaults: the generated
 * tables are what `npm run docs:config` writes, and every other docs table naming a variable gives its default.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../../adapters/config/env.js';
import { allVariables } from '../../../adapters/config/schema.js';
import { GENERATED, withTable } from '../../../scripts/config-docs.js';

const root = packageRoot();
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');
const plain = (text: string) => text.replace(/`/g, '').trim();

describe('configuration docs', () => {
  it.each(GENERATED)('$file holds the table generated from the schema (run `npm run docs:config` when this fails)', ({ file, table }) => {
    const document = read(file);
    expect(withTable(document, table(), file)).toBe(document);
  });

  it('lists every declared variable once in docs/configuration.md, and nothing else', () => {
    const rows = [...read('docs/configuration.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual(allVariables().map(({ variable }) => variable.name));
  });

  it('gives the schema default wherever a docs table lists a variable', () => {
    const defaults = new Map(allVariables().map(({ variable }) => [variable.name, plain(variable.defaultText)]));
    const files = ['README.md', ...readdirSync(resolve(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    const mismatches: string[] = [];
    for (const file of files) {
      for (const [, name, shown] of read(file).matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| ([^|]*) \|/gm)) {
        const expected = defaults.get(name);
        if (expected !== undefined && plain(shown) !== expected) mismatches.push(`${file}: ${name} shows ${shown.trim()}, the schema's default is ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('points every variable at a docs page and heading that exist', () => {
    // GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens.
    const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
    const missing: string[] = [];
    for (const { variable } of allVariables()) {
      const [page, anchor] = variable.docs.split('#');
      const headings = [...read(`docs/${page}`).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]));
      if (anchor !== undefined && !headings.includes(anchor)) missing.push(`${variable.name}: docs/${page} has no heading #${anchor}`);
    }
    expect(missing).toEqual([]);
  });

  it('parses each literal default text to the value the schema defaults to', () => {
    for (const { variable } of allVariables()) {
      const literal = /^`([^`<]*)`$/.exec(variable.defaultText)?.[1];
      if (literal === undefined) continue;
      const result = v.safeParse(variable.schema, literal);
      expect(result.success ? result.output : result.issues[0].message, variable.name).toEqual(variable.default({ root }));
    }
  });
});
