/** A kernel's output cell as JSON, exactly as `toJson` renders the explain path's Value. */
import { daysToIso } from '../../values.js';
import type { Ty } from '../kernel/codegen.js';
import type { OutputColumn } from '../kernel/columns.js';

/** JSON rendering of a kernel output, as toJson renders the explain path's Value. */
export function jsonOf(t: Ty, col: OutputColumn, k: number): string | number | boolean {
  switch (t.k) {
    case 'num':
      return (col as Float64Array)[k];
    case 'judg': {
      const j = (col as Uint8Array)[k];
      return j === 2 ? 'holds' : j === 0 ? 'not_holds' : 'undetermined';
    }
    case 'bool':
      return (col as Uint8Array)[k] === 1;
    case 'date':
      return daysToIso((col as Float64Array)[k]);
    case 'text':
      return String((col as unknown[])[k]);
    case 'never':
      throw new Error('unreachable: a never-typed output always bails');
  }
}
