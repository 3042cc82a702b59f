/**
 * The screener a service uses: the first runtime's that can screen (the compiled runtime), or one that screens
 * nothing (a fixture-only service), whose answers say why.
 */
import type { Calculator } from '../../ports/calculator.js';
import { canScreen, type Screener } from '../../ports/screener.js';

const NO_SCREENER: Screener = {
  programs: () => [],
  screenable: () => 'no runtime of this service can screen (screening needs compiled packages)',
};

export function firstScreener(calculators: readonly Calculator[]): Screener {
  // Looked up per call: the HTTP app fills its calculators after the services are built.
  const current = (): Screener => calculators.find(canScreen)?.screener ?? NO_SCREENER;
  return {
    programs: (jurisdiction) => current().programs(jurisdiction),
    screenable: (jurisdiction, programs) => current().screenable(jurisdiction, programs),
  };
}
