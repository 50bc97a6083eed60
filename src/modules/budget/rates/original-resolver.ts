import { Injectable } from '@nestjs/common';
import { fromCents, decimalCents, normaliseMoney } from '../../../../domain/amount';
import { convertToCents, differsByMoreThanACent, normaliseOriginalAmount, Original, rateUnits, unitsRate } from '../../../../domain/currency';
import { AppError } from '../../../common/errors/app-error';
import { RateAsker, rateUnknown, RatesService } from './rates.service';

/** The largest amount in the group's currency (numeric(14,2) with room: the DTOs' MAX_AMOUNT). */
const MAX_CENTS = 99_999_999_999n;

export interface AmountInput {
  /** the body's amount in the group's currency; may be left out when `original` is given */
  amount?: string;
  original?: { amount: string; currency: string; rate?: string } | null;
}

/**
 * The amount a (recurring) transaction or a settlement is saved with, and its `original` (docs/budget.md,
 * "Other currencies"): with `original`, `amount` may be left out and is then original.amount × rate
 * rounded half-up to the cent; both given and more than a cent apart → 400 AMOUNT_RATE_MISMATCH;
 * the group's own currency → 400 SAME_CURRENCY; no rate given and none stored on or before `date`
 * → 400 RATE_UNKNOWN. A rate given costs no query.
 */
@Injectable()
export class OriginalResolver {
  constructor(private readonly rates: RatesService) {}

  async resolve(asker: RateAsker, input: AmountInput, date: string, prefix = ''): Promise<{ amount: string; original: Original | null }> {
    const field = (name: string) => `${prefix}${name}`;
    const given = input.original;
    if (!given) {
      if (input.amount === undefined) throw AppError.invalidField(field('amount'), 'amount is required unless original is given');
      return { amount: normaliseMoney(input.amount), original: null };
    }
    this.rates.assertForeign(asker, given.currency, field('original.currency'));
    const amount = normaliseOriginalAmount(given.amount, given.currency);
    if (amount === null) throw AppError.invalidField(field('original.amount'), `original.amount must be > 0 with at most the decimals of ${given.currency}`);
    let rate: string;
    if (given.rate !== undefined) {
      const units = rateUnits(given.rate);
      if (units === null) throw AppError.invalidField(field('original.rate'), 'original.rate must be > 0 with at most 8 decimals');
      rate = unitsRate(units);
    } else {
      const stored = await this.rates.rateOf(asker, given.currency, date);
      if (!stored) throw rateUnknown(given.currency, date, field('original.rate'));
      rate = stored.rate;
    }
    const converted = convertToCents(amount, rate);
    if (converted <= 0n || converted > MAX_CENTS)
      throw AppError.invalidField(field('original.amount'), 'original.amount × rate must be between 0.01 and 999999999.99');
    const original = { amount, currency: given.currency, rate };
    if (input.amount === undefined) return { amount: fromCents(converted), original };
    const typed = normaliseMoney(input.amount);
    if (differsByMoreThanACent(decimalCents(typed)!, converted)) {
      const expected = fromCents(converted);
      throw new AppError(
        400,
        'AMOUNT_RATE_MISMATCH',
        `amount differs from original.amount × rate (${expected}) by more than a cent`,
        [{ field: field('amount'), message: `amount must be ${expected} (± 0.01): original.amount × original.rate` }],
        undefined,
        { expected },
      );
    }
    return { amount: typed, original };
  }
}
