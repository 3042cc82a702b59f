/** Logger port as JSON lines (one object per line), written to a stream (stderr by default). */
import type { LogFields, Logger } from '../../core/ports/logger.js';

type Level = 'info' | 'warn' | 'error';

export interface LineSink {
  write(line: string): unknown;
}

export class JsonLogger implements Logger {
  readonly #sink: LineSink;
  readonly #base: LogFields;
  readonly #now: () => Date;

  constructor(sink: LineSink = process.stderr, base: LogFields = {}, now: () => Date = () => new Date()) {
    this.#sink = sink;
    this.#base = base;
    this.#now = now;
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
    const line = { time: this.#now().toISOString(), level, msg: message, ...this.#base, ...fields };
    this.#sink.write(`${JSON.stringify(line)}\n`);
  }
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
