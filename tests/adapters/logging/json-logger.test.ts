import { describe, expect, it } from 'vitest';
import { JsonLogger, MemoryLogSink } from '../../../adapters/logging/json-logger.js';

const at = new Date('2026-11-21T12:00:00.000Z');

function logged(write: (logger: JsonLogger) => void, base: Record<string, unknown> = {}): string {
  const sink = new MemoryLogSink();
  write(new JsonLogger(sink, base as never, () => at));
  expect(sink.lines).toHaveLength(1);
  return sink.lines[0];
}

describe('JsonLogger', () => {
  it('writes time, level, message, then base fields, then the line fields, one JSON object per line', () => {
    const line = logged((l) => l.child({ request_id: 'r-1' }).info('request', { method: 'POST', status: 200, key_id: null, skipped: undefined }));
    expect(line).toBe(`${JSON.stringify({ time: at.toISOString(), level: 'info', msg: 'request', request_id: 'r-1', method: 'POST', status: 200, key_id: null })}\n`);
    expect(logged((l) => l.warn('no fields'))).toBe(`${JSON.stringify({ time: at.toISOString(), level: 'warn', msg: 'no fields' })}\n`);
    expect(logged((l) => l.error('quote " and \n newline', {}), { service: 'tenet' })).toBe(
      `${JSON.stringify({ time: at.toISOString(), level: 'error', msg: 'quote " and \n newline', service: 'tenet' })}\n`,
    );
  });

  it('lets a line field replace a base or built-in field, as one JSON object', () => {
    const line = logged((l) => l.info('m', { request_id: 'override', level: 'custom' }), { request_id: 'base' });
    expect(JSON.parse(line)).toEqual({ time: at.toISOString(), level: 'custom', msg: 'm', request_id: 'override' });
    expect(line.match(/request_id/g)).toHaveLength(1);
  });
});
