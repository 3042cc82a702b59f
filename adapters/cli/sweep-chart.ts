/**
 * `tenet sweep` on a terminal: a small text chart of one numeric output against the swept input, drawn from the
 * exact segments, with a marker line under the axis where a run of breakpoints (sweep-table.ts) starts.
 */
import type { SweepDescription } from '../../core/ports/sweeper.js';
import { breakpointRuns } from './sweep-table.js';

const WIDTH = 60;
const HEIGHT = 10;

function valueAt(description: SweepDescription, x: number): number | undefined {
  const segment = description.segments.find((s) => Number(s.from) <= x && x <= Number(s.to)) ?? description.segments[description.segments.length - 1];
  if (typeof segment.value !== 'number') return undefined;
  return segment.value + Number(segment.slope) * (x - Number(segment.from));
}

/** The chart's lines, or undefined when the output is not a number. */
export function sweepChart(name: string, description: SweepDescription): string | undefined {
  const from = Number(description.segments[0].from);
  const to = Number(description.segments[description.segments.length - 1].to);
  const xs = Array.from({ length: WIDTH }, (_, i) => from + ((to - from) * i) / (WIDTH - 1));
  const ys = xs.map((x) => valueAt(description, x));
  if (ys.some((y) => y === undefined)) return undefined;
  const values = ys as number[];
  const top = Math.max(...values, 0);
  const bottom = Math.min(...values, 0);
  const span = top - bottom || 1;
  const rows = Array.from({ length: HEIGHT }, () => Array<string>(WIDTH).fill(' '));
  values.forEach((y, i) => {
    rows[HEIGHT - 1 - Math.round(((y - bottom) / span) * (HEIGHT - 1))][i] = '*';
  });
  const label = (n: number): string => String(Math.round(n)).padStart(8);
  const lines = rows.map((row, r) => `${r === 0 ? label(top) : r === HEIGHT - 1 ? label(bottom) : ' '.repeat(8)} |${row.join('')}`);
  const marks = Array<string>(WIDTH).fill(' ');
  for (const run of breakpointRuns(description.breakpoints)) marks[Math.min(WIDTH - 1, Math.round(((Number(run.first.at) - from) / (to - from || 1)) * (WIDTH - 1)))] = '^';
  const axis = `${' '.repeat(9)}+${'-'.repeat(WIDTH)}`;
  const ends = `${' '.repeat(10)}${String(from).padEnd(WIDTH - String(to).length)}${to}`;
  return [`${name} against the input (^ where a run of breakpoints starts)`, ...lines, axis, `${' '.repeat(10)}${marks.join('')}`, ends].join('\n') + '\n';
}
