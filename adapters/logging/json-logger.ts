/** Logger port as JSON lines (one object per line), written to a stream (stderr by default). */
import type { LogFields, Logger } from '../../core/ports/logger.js';

type Level = 'info' | 'warn' | 'error';

export interface LineSink {
  write(line: string): unknown;
}

export class JsonLogger implements Logger {
  readonly #sink: LineSink;
  readonly #base: LogFields;
  /** `,"key":value...` of the base fields, written once per logger (a child logger is made per request). */
  readonly #baseJson: string;
  readonly #now: () => Date;

  constructor(sink: LineSink = process.stderr, base: LogFields = {}, now: () => Date = () => new Date()) {
    this.#sink = sink;
    this.#base = base;
    this.#now = now;
    const json = JSON.stringify(base);
    this.#baseJson = json === '{}' ? '' : `,${json.slice(1, -1)}`;
  }

  info(message: string, fields?: LogFields): void {
    this.#write('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    this.#write('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    this.#write('error', message, fields);
  }

  child(fields: LogFields): Logger {
    return new JsonLogger(this.#sink, { ...this.#base, ...fields }, this.#now);
  }

  #write(level: Level, message: string, fields?: LogFields): void {
    if (fields !== undefined && this.#overlaps(fields)) {
      // A field that replaces a base or line field: let object spreading settle who wins.
      const line = { time: this.#now().toISOString(), level, msg: message, ...this.#base, ...fields };
      this.#sink.write(`${JSON.stringify(line)}\n`);
      return;
    }
    const rest = fields === undefined ? '' : JSON.stringify(fields);
    const tail = rest === '' || rest === '{}' ? '' : `,${rest.slice(1, -1)}`;
    this.#sink.write(`{"time":"${this.#now().toISOString()}","level":"${level}","msg":${JSON.stringify(message)}${this.#baseJson}${tail}}\n`);
  }

  #overlaps(fields: LogFields): boolean {
    for (const key in fields) if (key === 'time' || key === 'level' || key === 'msg' || key in this.#base) return true;
    return false;
  }
}

/**
 * Hands lines to a stream in one write per event-loop turn (or once 64 KiB are pending) instead of one write
 * per line: process.stderr writes to files and pipes synchronously, so a write per request line is a system
 * call on the request path. Every line is still written, in order; pending lines are written when the
 * process exits (normal exit, process.exit and uncaught errors alike).
 */
export class BufferedLineSink implements LineSink {
  readonly #target: LineSink;
  readonly #maxChars: number;
  #pending = '';
  #scheduled = false;
  readonly #flushSoon = (): void => {
    this.#scheduled = false;
    this.flush();
  };

  constructor(target: LineSink, maxChars = 64 * 1024) {
    this.#target = target;
    this.#maxChars = maxChars;
  }

  write(line: string): void {
    this.#pending += line;
    if (this.#pending.length >= this.#maxChars) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      // unref: a pending flush never keeps the process alive; the exit hook writes what is left.
      setImmediate(this.#flushSoon).unref();
    }
  }

  flush(): void {
    if (this.#pending === '') return;
    const chunk = this.#pending;
    this.#pending = '';
    this.#target.write(chunk);
  }
}

let stderrSink: BufferedLineSink | null = null;

/** The process-wide buffered sink on stderr (one exit hook however many apps a process builds). */
export function bufferedStderr(): BufferedLineSink {
  if (stderrSink === null) {
    const sink = new BufferedLineSink(process.stderr);
    process.on('exit', () => sink.flush());
    stderrSink = sink;
  }
  return stderrSink;
}

/** Keeps lines in memory: for tests that assert on log content. */
export class MemoryLogSink implements LineSink {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
