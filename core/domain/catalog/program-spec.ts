/**
 * Reads the parts of a program compose spec (`programs/<jur>/<program>/*.yaml`) the catalog needs, from its
 * parsed YAML document. Scope anchors resolve as the composer does: `federal` -> `us`, `state` -> the program's
 * jurisdiction, any other key is itself a jurisdiction prefix, and a path containing `:` is already a module id.
 * `jurisdictions`, `include` and `exclude` are reserved and skipped.
 */
import { parseProgramKey } from './program-assignment.js';
import type { CatalogProgramSpec } from './types.js';

const RESERVED_SCOPE_KEYS = new Set(['jurisdictions', 'include', 'exclude']);

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim()) : [];
}

export function programSpecFrom(path: string, doc: unknown, description?: string): CatalogProgramSpec | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const raw = doc as Record<string, unknown>;
  const program = typeof raw.program === 'string' ? raw.program.trim() : '';
  const ref = parseProgramKey(program);
  if (!ref) return undefined;

  const scopeModules: string[] = [];
  if (typeof raw.scope === 'object' && raw.scope !== null && !Array.isArray(raw.scope)) {
    for (const [anchor, paths] of Object.entries(raw.scope as Record<string, unknown>)) {
      if (RESERVED_SCOPE_KEYS.has(anchor)) continue;
      const prefix = anchor === 'federal' ? 'us' : anchor === 'state' ? ref.jurisdiction : anchor;
      for (const p of strings(paths)) {
        const id = (p.includes(':') ? p : `${prefix}:${p}`).replace(/#.*$/, '').replace(/\.yaml$/, '');
        if (!scopeModules.includes(id)) scopeModules.push(id);
      }
    }
  }
  return {
    program,
    path,
    period: typeof raw.period === 'string' || typeof raw.period === 'number' ? String(raw.period) : undefined,
    outputs: strings(raw.outputs),
    acknowledgedIncomplete: strings(raw.acknowledged_incomplete),
    scopeModules,
    description,
  };
}

/**
 * The leading `#` comment block of a spec file (its first two paragraphs, at most 600 characters): the corpus
 * titles and describes each program there.
 */
export function leadingComment(text: string): string | undefined {
  const paragraphs: string[][] = [[]];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('#')) break;
    const body = trimmed.replace(/^#+\s?/, '').trim();
    if (body === '') {
      if (paragraphs[paragraphs.length - 1].length > 0) paragraphs.push([]);
      continue;
    }
    paragraphs[paragraphs.length - 1].push(body);
  }
  const kept = paragraphs
    .filter((p) => p.length > 0)
    .slice(0, 2)
    .map((p) => p.join(' ').replace(/\s+/g, ' ').trim().replace(/[.:;,]?$/, '.'));
  const text2 = kept.join(' ');
  if (text2 === '') return undefined;
  return text2.length > 600 ? `${text2.slice(0, 597).trimEnd()}...` : text2;
}
