/** Output helpers shared by the CLI commands: one JSON document for --json, aligned text tables otherwise. */

export type Cell = string | number | boolean | null | undefined;

/** Pretty JSON with a trailing newline: the whole stdout of a command run with --json. */
export function jsonDocument(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function cellText(value: Cell): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value).replace(/\s+/g, ' ');
}

/** Left-aligned columns separated by two spaces, upper-case headers; `-` for empty cells; "(none)" for no rows. */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  if (rows.length === 0) return `${headers.map((h) => h.toUpperCase()).join('  ')}\n(none)\n`;
  const texts = rows.map((row) => headers.map((_, i) => cellText(row[i])));
  const widths = headers.map((h, i) => Math.max(h.length, ...texts.map((row) => row[i].length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd();
  return `${[line(headers.map((h) => h.toUpperCase())), ...texts.map(line)].join('\n')}\n`;
}

/** `key: value` lines, keys padded to one width. */
export function fields(pairs: ReadonlyArray<readonly [string, Cell]>): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return `${pairs.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${cellText(v)}`).join('\n')}\n`;
}

/** Compact one-line text of any JSON value (objects as JSON), for table cells. */
export function compact(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A table of free-form objects: one column per key, in order of first appearance. */
export function objectTable(objects: readonly Record<string, unknown>[]): string {
  const headers: string[] = [];
  for (const o of objects) for (const k of Object.keys(o)) if (!headers.includes(k)) headers.push(k);
  if (headers.length === 0) return '(none)\n';
  return table(headers, objects.map((o) => headers.map((h) => compact(o[h]))));
}
