/**
 * `tenet sweep` on the built binary: --json is the API's data payload and nothing else, the table groups runs of
 * one-dollar steps, the chart appears on a terminal (or with --chart) only, and exit statuses 1 (refused) and 2 (usage).
 */
import { execFile, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, runCli } from './support/built-cli.js';

beforeAll(() => ensureBuilt(), 180_000);

describe('tenet sweep (built binary)', () => {
  it('prints the sweep as JSON, as a table, and with --chart a text chart', async () => {
    const [json, text, chart] = await Promise.all([
      runCli(['sweep', 'us-co', '--to', '6000', '--output', 'snap_eligible,snap', '--json']),
      runCli(['sweep', 'us-co', '--to', '6000', '--output', 'snap']),
      runCli(['sweep', 'us-co', '--to', '6000', '--output', 'snap', '--chart']),
    ]);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(json.stdout);
    expect(answer.axis).toMatchObject({ from: 0, to: 6000, step: 0.01 });
    expect(answer.outputs.snap_eligible.breakpoints).toHaveLength(1);
    expect(answer.outputs.snap.segments.length).toBe(answer.outputs.snap.breakpoints.length + 1);
    expect(text.code).toBe(0);
    // The whole-dollar steps of the benefit are one row: first..last breakpoint, with the number of steps.
    expect(text.stdout).toMatch(/^AT +BEFORE +AFTER +STEPS +RULE$/m);
    expect(text.stdout).toMatch(/^\d+\.\d+\.\.\d+\.\d+ +\d+ +\d+ +\d{2,} +us:statutes\/7\/2017\/a#snap_expected_contribution$/m);
    expect(text.stdout).not.toContain('^ where a run of breakpoints starts');
    expect(chart.code).toBe(0);
    expect(chart.stdout).toContain('snap against the input (^ where a run of breakpoints starts)');
  });

  // A real terminal: `script` runs the binary on a pseudo-terminal, so the chart comes from stdout.isTTY alone.
  it.skipIf(spawnSync('script', ['--version']).status !== 0)('draws the chart on a terminal without --chart', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} sweep us-co --to 6000 --output snap`;
    const run = await new Promise<string>((done) => execFile('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 120_000 }, (_e, stdout) => done(stdout)));
    expect(run).toContain('snap against the input (^ where a run of breakpoints starts)');
    expect(run).toMatch(/\^/);
  });

  it('exits 2 for a bad flag and 1 when the sweep is refused', async () => {
    const [usage, refused] = await Promise.all([runCli(['sweep', 'us-co', '--to', 'lots']), runCli(['sweep', 'us-co', '--to', '100', '--input', 'utility_type'])]);
    expect(usage).toMatchObject({ code: 2, stdout: '', stderr: 'tenet: --to must be a number (got "lots")\n' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('axis.input');
  });
});
