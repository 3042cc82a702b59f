import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BufferedLineSink, JsonLogger, MemoryLogSink } from '../../../adapters/logging/json-logger.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('BufferedLineSink', () => {
  it('writes every line, in order, in one write per event-loop turn', async () => {
    const target = new MemoryLogSink();
    const logger = new JsonLogger(new BufferedLineSink(target), { service: 'tenet' });
    logger.info('one', { n: 1 });
    logger.warn('two', { n: 2 });
    expect(target.lines).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(target.lines).toHaveLength(1);
    const lines = target.lines[0].split('\n').filter((l) => l !== '');
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 'info', msg: 'one', service: 'tenet', n: 1 },
      { level: 'warn', msg: 'two', service: 'tenet', n: 2 },
    ]);
  });

  it('writes at once when the pending text reaches the limit', () => {
    const target = new MemoryLogSink();
    const sink = new BufferedLineSink(target, 10);
    sink.write('12345\n');
    expect(target.lines).toEqual([]);
    sink.write('67890\n');
    expect(target.lines).toEqual(['12345\n67890\n']);
  });

  it('writes pending lines when the process exits, also through process.exit', () => {
    const script = [
      "import { JsonLogger, bufferedStderr } from './adapters/logging/json-logger.ts';",
      "const log = new JsonLogger(bufferedStderr(), { service: 'tenet' });",
      "for (let i = 0; i < 3; i++) log.info('line', { i });",
      'process.exit(0);',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', './scripts/ts/register.mjs', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([0, 1, 2]);
  });
});
