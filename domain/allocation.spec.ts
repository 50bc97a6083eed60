import fc from 'fast-check';
import { allocate, hasWeight, NoWeightError } from './allocation';
import { sumCents as sum } from './amount';

const amountCents = fc.oneof(fc.bigInt({ min: 1n, max: 2_000n }), fc.bigInt({ min: 1n, max: 99_999_999_999n }));

describe('the cent rule (allocate), on the service and in the app', () => {
  it('gives the cents left over to the largest remainders, ties to the one listed first', () => {
    expect(allocate(10_000n, [1n, 1n, 1n])).toEqual([3334n, 3333n, 3333n]);
    expect(allocate(5n, [70n, 30n])).toEqual([4n, 1n]);
    expect(allocate(100n, [1n, 2n])).toEqual([33n, 67n]);
    expect(allocate(1n, [1n, 1n, 1n])).toEqual([1n, 0n, 0n]);
    expect(allocate(0n, [1n, 1n])).toEqual([0n, 0n]);
  });

  it('each part is the floor of its exact share or one cent more, and the extra cents follow the remainder rule', () => {
    const weights = fc.array(fc.bigInt({ min: 0n, max: 10_000n }), { minLength: 1, maxLength: 12 }).filter((w) => sum(w) > 0n);
    fc.assert(
      fc.property(amountCents, weights, (total, w) => {
        const parts = allocate(total, w);
        const whole = sum(w);
        expect(sum(parts)).toBe(total);
        const extra = parts.map((part, i) => part - (total * w[i]) / whole);
        for (const e of extra) expect(e === 0n || e === 1n).toBe(true);
        // no member without the extra cent has a larger remainder (or an equal one and an earlier place) than one with it
        const remainder = (i: number) => (total * w[i]) % whole;
        for (let i = 0; i < w.length; i++) {
          for (let j = 0; j < w.length; j++) {
            if (extra[i] === 1n && extra[j] === 0n) expect(remainder(i) > remainder(j) || (remainder(i) === remainder(j) && i < j)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  // the app once answered all-zero weights with zero parts (an expense owed by nobody) while the
  // service refused them: both refuse now, and the app asks for a weight before sending
  it('refuses to divide by weights that are all zero, or by none', () => {
    fc.assert(
      fc.property(amountCents, fc.integer({ min: 0, max: 12 }), (total, count) => {
        const zeros = Array.from({ length: count }, () => 0n);
        expect(hasWeight(zeros)).toBe(false);
        expect(() => allocate(total, zeros)).toThrow(NoWeightError);
      }),
    );
    expect(hasWeight([0n, 1n])).toBe(true);
  });
});
