/** Human-readable names for programs and rules, built from identifiers only. */

const ACRONYMS = new Set([
  'snap', 'tanf', 'tca', 'fiit', 'oasdi', 'scretd', 'eitc', 'ctc', 'ssi', 'chip', 'magi', 'abawd', 'liheap', 'wic',
  'usda', 'fns', 'irs', 'ssa', 'usc', 'cfr', 'ccr', 'us', 'usitc', 'cbp', 'amt', 'agi', 'fpl', 'sua', 'bbce',
]);

/** `snap_standard_utility_allowance` -> `SNAP standard utility allowance`. */
export function humanize(identifier: string): string {
  const words = identifier.split(/[_\-\s]+/).filter((w) => w.length > 0);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (ACRONYMS.has(lower)) return lower.toUpperCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** `payroll/oasdi-wage-tax` -> `Payroll: OASDI wage tax`. */
export function programDisplayName(programId: string): string {
  return programId.split('/').map(humanize).join(': ');
}
