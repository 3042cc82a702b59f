/**
 * The scaled total's numbers (core/usecases/screen/sweep-twelfths.ts) are written exactly as the decimal total writes
 * them: a monthly sum plus an annual sum divided by 12 once, in Exact's 28 digits, as a JSON number where it has 15
 * significant digits or fewer. Seeded random sums of cents and whole dollars, and a few hand-picked ones.
 */
import { describe, expect, it } from 'vitest';
import { decimalString, twelfthJson } from '../../../../core/usecases/screen/sweep-twelfths.js';
import { Exact, exactJson } from '../../../../core/usecases/screen/sweep-lines.js';
import { mulberry32 } from '../../../support/prng.js';

/** What the decimal total writes for monthly + annual / 12, both given in units of 10^-places. */
function decimalTotal(month: number, year: number, places: number): number | string {
  const unit = new Exact(10).pow(places);
  const m = new Exact(month).dividedBy(unit);
  const y = new Exact(year).dividedBy(unit);
  return exactJson(y.isZero() ? m : m.plus(y.dividedBy(12)));
}

describe('twelfthJson', () => {
  it('writes 12 · monthly + annual twelfths as the decimal total writes monthly + annual / 12', () => {
    const random = mulberry32(29_12);
    for (let i = 0; i < 20_000; i++) {
      const places = Math.floor(random() * 5);
      const month = Math.round((random() - 0.2) * 10 ** (2 + Math.floor(random() * 8)));
      const year = Math.round((random() - 0.2) * 10 ** (2 + Math.floor(random() * 8)));
      expect([month, year, places, twelfthJson(month, year, places)]).toEqual([month, year, places, decimalTotal(month, year, places)]);
    }
  });

  it('rounds a twelfth that does not terminate to 28 significant digits', () => {
    expect(twelfthJson(220_000, 729_100, 2)).toBe('2807.583333333333333333333333');
    expect(twelfthJson(0, 2200 + 7291, 0)).toBe('790.9166666666666666666666667');
    expect(twelfthJson(0, -1, 0)).toBe('-0.08333333333333333333333333333');
    expect(twelfthJson(0, 9, 0)).toBe(0.75);
    expect(twelfthJson(0, 0, 3)).toBe(0);
  });

  it("keeps the twelfth's last decimal place where a negative amount makes the sum smaller, as the decimal sum does", () => {
    // -1603.673 / 12 = -133.6394166… to 28 digits (25 places), plus 99.218: 27 digits, not rounded again.
    expect(twelfthJson(99_218, -1_603_673, 3)).toBe('-34.4214166666666666666666667');
  });

  it('rounds to fewer decimal places where asked, else to 28 significant digits', () => {
    const Wide = Exact.clone({ precision: 60 });
    const random = mulberry32(12);
    for (let i = 0; i < 5_000; i++) {
      const n = Math.round((random() - 0.5) * 10 ** (1 + Math.floor(random() * 15)));
      const d = 1 + Math.floor(random() * 10 ** (1 + Math.floor(random() * 7)));
      const places = Math.floor(random() * 30);
      const exact = new Wide(n).dividedBy(d);
      const digits = exact.toSignificantDigits(28, Exact.ROUND_HALF_EVEN);
      const expected = digits.decimalPlaces() <= places ? digits : exact.toDecimalPlaces(places, Exact.ROUND_HALF_EVEN);
      expect([n, d, places, decimalString(n, d, places)]).toEqual([n, d, places, new Exact(expected).toString()]);
    }
  });

  it('divides any whole numbers as Exact does', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 5_000; i++) {
      const n = Math.round((random() - 0.5) * 10 ** (1 + Math.floor(random() * 15)));
      const d = 1 + Math.floor(random() * 10 ** (1 + Math.floor(random() * 7)));
      expect([n, d, decimalString(n, d)]).toEqual([n, d, new Exact(n).dividedBy(d).toString()]);
    }
  });
});
