/** Human-readable names for programs and rules, built from identifiers only. */

const ACRONYMS = new Set([
  'snap', 'tanf', 'tca', 'fiit', 'oasdi', 'scretd', 'eitc', 'ctc', 'ssi', 'chip', 'magi', 'abawd', 'liheap', 'wic',
  'usda', 'fns', 'irs', 'ssa', 'usc', 'cfr', 'ccr', 'us', 'usitc', 'cbp', 'amt', 'agi', 'fpl', 'sua', 'bbce',
]);

/** `snap_standard_utility_allowance` -> `SNAP standard utility allowance`. */
export function humanize(identifier: string): string {
  let out = '';
  for (const w of identifier.split(/[_\-\s]+/)) {
    if (w.length === 0) continue;
    const lower = w.toLowerCase();
    const word = ACRONYMS.has(lower) ? lower.toUpperCase() : out === '' ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    out = out === '' ? word : `${out} ${word}`;
  }
  return out;
}

/** `payroll/oasdi-wage-tax` -> `Payroll: OASDI wage tax`. */
export function programDisplayName(programId: string): string {
  return programId.split('/').map(humanize).join(': ');
}
