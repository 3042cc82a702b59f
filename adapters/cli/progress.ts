/**
 * A one-line progress display on stderr, redrawn in place (`\r` and erase-line), at most every 100 ms. Shown when
 * stderr is a terminal; TENET_PROGRESS=1 forces it on (e.g. for a test or a CI log), TENET_PROGRESS=0 off.
 */

export function progressWanted(env: Record<string, string | undefined>, isTerminal: boolean): boolean {
  const setting = env.TENET_PROGRESS?.trim();
  if (setting === '1') return true;
  if (setting === '0') return false;
  return isTerminal;
}

const REDRAW_MS = 100;

export class LineProgress {
  #last = Number.NEGATIVE_INFINITY;
  #shown = false;
  readonly #started: number;

  constructor(
    private readonly write: (text: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.#started = now();
  }

  /** Seconds since the display was created, one decimal. */
  elapsed(): string {
    return `${((this.now() - this.#started) / 1000).toFixed(1)} s`;
  }

  /** Redraws the line with `text` (skipped when the last redraw was under 100 ms ago, unless `force`). */
  update(text: string, force = false): void {
    const at = this.now();
    if (!force && at - this.#last < REDRAW_MS) return;
    this.#last = at;
    this.#shown = true;
    this.write(`\r\x1b[2K${text}`);
  }

  /** Erases the line, so the result printed next starts on a clean line. */
  clear(): void {
    if (this.#shown) this.write('\r\x1b[2K');
    this.#shown = false;
  }
}

/** `[#######-----------------]` for `done` of `total`. */
export function bar(done: number, total: number, width = 24): string {
  const filled = total === 0 ? width : Math.min(width, Math.round((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}
