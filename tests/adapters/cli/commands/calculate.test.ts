/**
 * `tenet calculate` (adapters/cli/commands/calculate.ts), run in-process: --json is the API's data, --trace sizes the
 * trace as the API's `trace` does, the text form lists outputs, warnings and the trace table, and a bad --trace is a
 * usage error (exit 2) before any rules are loaded.
 */
import { describe, expect, it } from 'vitest';
import { runCalculate } from '../../../../adapters/cli/commands/calculate.js';
import { UsageError } from '../../../../adapters/cli/errors.js';
import { TRACE_LEFT_OUT_WARNING } from '../../../../core/usecases/calculate/calculate.js';

const options = { program: 'snap', trace: 'full' };

describe('tenet calculate', () => {
  it('prints the answer as JSON or text, with as much trace as --trace asks for', async () => {
    const [full, none, text] = await Promise.all([
      runCalculate('us-co', { ...options, json: true }),
      runCalculate('us-co', { ...options, trace: 'none', json: true }),
      runCalculate('us-co', { ...options, trace: 'decisive', output: 'snap_allotment' }),
    ]);
    const [fullAnswer, noneAnswer] = [JSON.parse(full), JSON.parse(none)];
    expect(fullAnswer.trace.length).toBeGreaterThan(0);
    expect(noneAnswer.trace).toEqual([]);
    expect(noneAnswer.outputs).toEqual(fullAnswer.outputs);
    expect(noneAnswer.warnings).toEqual([...fullAnswer.warnings, TRACE_LEFT_OUT_WARNING]);
    expect(text).toMatch(/^us-co\/snap \d{4}-\d{2}; package sha256:/);
    expect(text).toMatch(new RegExp(`^snap_allotment: ${fullAnswer.outputs.snap_allotment}$`, 'm'));
    expect(text).toMatch(/^VARIABLE +ENTITY +VALUE +RULE$/m);
    // The decisive trace ends with the returned output's own entry (dependencies first).
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^snap_allotment +household +\d+ +us:statutes\/7\/2017\/a#snap_allotment$/);
  }, 120_000);

  it('refuses a --trace that is not a size', async () => {
    await expect(runCalculate('us-co', { ...options, trace: 'some' })).rejects.toThrow(new UsageError('--trace must be one of full, decisive, none (got "some")'));
  });
});
