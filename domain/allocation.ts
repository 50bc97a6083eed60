/*
 * The cent rule: how an amount is divided in proportion to weights, the same on the service (a
 * transaction's split) and in the app (the split previewed as it is typed). Integer cents, never
 * a float (docs/budget.md, "The cent rule").
 */
import { type Cents, sumCents } from './amount';

/** Why an amount cannot be divided: no weight above zero (nobody to give a share to). */
export class NoWeightError extends Error {
  constructor() {
    super('allocate needs a positive total weight');
    this.name = 'NoWeightError';
  }
}

/** Whether `weights` can divide an amount: at least one of them above zero (none below). */
export const hasWeight = (weights: readonly Cents[]): boolean => sumCents(weights) > 0n;

/**
 * Divides `total` cents in proportion to `weights` (integers ≥ 0, not all 0): each gets the floor
 * of its exact share, and the cents left over go one each to the largest remainders, ties to the
 * earlier index. The parts always sum to `total`. All-zero (or no) weights divide nothing: a
 * `NoWeightError`, on both sides, so the app asks for a weight before it sends the split
 * (`hasWeight` tells first).
 */
export function allocate(total: Cents, weights: readonly Cents[]): Cents[] {
  const whole = sumCents(weights);
  if (whole <= 0n) throw new NoWeightError();
  const parts = weights.map((w) => (total * w) / whole);
  const remainders = weights.map((w, index) => ({ index, remainder: (total * w) % whole }));
  let left = total - sumCents(parts);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] += 1n;
    left -= 1n;
  }
  return parts;
}
