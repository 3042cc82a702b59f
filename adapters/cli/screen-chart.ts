/**
 * The chart `tenet screen` prints on a terminal (or with --chart): the monthly total of a combined sweep
 * (POST /v1/screen/sweep; docs/screening.md "Cliffs across programs") over earnings as columns of `#`, each column the
 * highest total within its slice of the range, with the cliffs (a program's status changing) numbered under the axis
 * and listed with the program, the rule and the total either side. Plain ASCII, 64 columns of plot.
 */
import type { ScreenSweepResponse } from '../../core/usecases/screen/sweep.js';

/** What the chart reads: the full answer or detail "total" (the command asks for the latter). */
type Charted = Pick<ScreenSweepResponse, 'axis' | 'cliffs'> & { total: Pick<ScreenSweepResponse['total'], 'segments'> };

const WIDTH = 64;
const HEIGHT = 10;
/** Left margin: the money labels of the vertical axis. */
const LABEL = 9;

const number = (v: number | string): number => (typeof v === 'number' ? v : Number(v));
const money = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The highest total over each column's slice of the range [from, to]. */
function columnHighs(sweep: Charted): number[] {
  const { from, to } = sweep.axis;
  const span = (to - from) / WIDTH;
  const column = (x: number) => Math.min(WIDTH - 1, Math.max(0, Math.floor((x - from) / span)));
  const highs = new Array<number>(WIDTH).fill(-Infinity);
  for (const s of sweep.total.segments) {
    const [x0, x1] = [number(s.from), number(s.to)];
    const [v0, v1] = [number(s.value), number(s.value) + number(s.slope) * (x1 - x0)];
    for (let c = column(x0); c <= column(x1); c++) {
      // The segment's highest value within this column: a line's is at one end of its overlap with the column.
      const lo = Math.max(x0, from + c * span);
      const hi = Math.min(x1, from + (c + 1) * span);
      const at = (x: number) => v0 + (v1 - v0) * (x1 === x0 ? 0 : (x - x0) / (x1 - x0));
      highs[c] = Math.max(highs[c], at(lo), at(Math.max(lo, hi)));
    }
  }
  return highs.map((h) => (Number.isFinite(h) ? h : 0));
}

/** Cliffs grouped by where they happen: one marker for the programs changing at the same value. */
function cliffGroups(sweep: Charted) {
  const groups = new Map<number, ScreenSweepResponse['cliffs']>();
  for (const cliff of sweep.cliffs) groups.set(number(cliff.at), [...(groups.get(number(cliff.at)) ?? []), cliff]);
  return [...groups.entries()];
}

function plotRows(highs: readonly number[]): string[] {
  const top = Math.max(...highs, 0);
  const rows: string[] = [];
  for (let r = HEIGHT; r >= 1; r--) {
    const level = (top * (r - 0.5)) / HEIGHT;
    const label = r === HEIGHT ? money(Math.round(top)) : r === HEIGHT / 2 ? money(Math.round(top / 2)) : '';
    rows.push(`${label.padStart(LABEL - 2)} |${highs.map((h) => (top > 0 && h >= level ? '#' : ' ')).join('').trimEnd()}`);
  }
  rows.push(`${'$0'.padStart(LABEL - 2)} +${'-'.repeat(WIDTH)}`);
  return rows;
}

function axisRows(sweep: Charted, groups: ReturnType<typeof cliffGroups>): string[] {
  const { from, to } = sweep.axis;
  const left = money(from);
  const middle = money((from + to) / 2);
  const right = money(to);
  const labels = `${' '.repeat(LABEL)}${left}${' '.repeat(Math.max(1, WIDTH / 2 - left.length - Math.floor(middle.length / 2)))}${middle}`;
  const ticks = `${labels}${' '.repeat(Math.max(1, LABEL + WIDTH - labels.length - right.length))}${right}`;
  const markers = new Array<string>(WIDTH).fill(' ');
  groups.forEach(([at], i) => {
    const c = Math.min(WIDTH - 1, Math.floor(((at - from) / (to - from)) * WIDTH));
    markers[c] = markers[c] === ' ' ? String((i + 1) % 10) : '*';
  });
  return [ticks, `${' '.repeat(LABEL)}${markers.join('').trimEnd()}`];
}

function cliffList(groups: ReturnType<typeof cliffGroups>): string[] {
  return groups.map(([at, cliffs], i) => {
    const changes = cliffs.map((c) => `${c.program_id} ${c.before} -> ${c.after} (${c.rule_id ?? 'rule not named'})`).join('; ');
    return `${String(i + 1).padStart(3)}. ${money(at)}: ${changes}; total ${money(number(cliffs[0].total_before))} -> ${money(number(cliffs[0].total_after))}`;
  });
}

/** The chart and its legend, ending with a newline. */
export function screenChart(sweep: Charted): string {
  const whose = sweep.axis.person ? ` of ${sweep.axis.person}` : '';
  const groups = cliffGroups(sweep);
  const lines = [
    `Monthly total (cash and near cash) over ${sweep.axis.input}${whose}, ${money(sweep.axis.from)} to ${money(sweep.axis.to)}, on the defaults of facts not given; ${sweep.total.segments.length - 1} breakpoints, exact:`,
    ...plotRows(columnHighs(sweep)),
    ...axisRows(sweep, groups),
    groups.length > 0 ? 'Cliffs (a program\'s status changes; coverage and services included):' : 'No program changes status over this range.',
    ...cliffList(groups),
  ];
  return `${lines.join('\n')}\n`;
}
