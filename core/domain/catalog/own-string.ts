/**
 * Flat copies of strings for long-lived records. Strings cut from a parsed file (V8 "sliced" strings) keep the
 * whole file text alive; the index outlives the parse, so every string it stores is copied once. The pool also
 * shares one copy between the many records naming the same id or symbol.
 */
export function own(s: string): string {
  return s.length === 0 ? '' : (JSON.parse(JSON.stringify(s)) as string);
}

export class StringPool {
  private readonly pool = new Map<string, string>();

  keep(s: string): string {
    let kept = this.pool.get(s);
    if (kept === undefined) {
      kept = own(s);
      this.pool.set(kept, kept);
    }
    return kept;
  }

  keepOptional(s: string | null): string | null {
    return s === null ? null : this.keep(s);
  }
}
