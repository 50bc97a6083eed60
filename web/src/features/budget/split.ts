/**
 * Sharing costs in the form: each member's part of an amount, computed as it is typed, by the
 * service's own cent rule (`allocate` from @domain/allocation, docs/budget.md "The cent rule"):
 * integer cents; each part is the floor of its exact share, the cents left over go one each to
 * the largest remainders, ties to the member listed first. Adjustments are charged first, the rest
 * is divided by the mode. Never a float.
 */
import { allocate, hasWeight } from '@domain/allocation';
import { type Cents, fromCents, sumCents, toCents } from '@domain/amount';
import { normaliseAmount } from './money';

export type SplitMode = 'equal' | 'shares' | 'percent' | 'exact';
export const SPLIT_MODES: SplitMode[] = ['equal', 'shares', 'percent', 'exact'];

/** A typed amount or value ("12,5", "33.33") in hundredths, or null when it is not a usable number. */
export function typedCents(input: string): Cents | null {
  const normal = normaliseAmount(input);
  return normal === null ? null : toCents(normal);
}

const total = sumCents;

/** The split as the form holds it: member ids with the text typed for them. */
export interface SplitDraft {
  mode: SplitMode;
  /** the members sharing, in order (the order breaks ties) */
  members: { userId: string; value: string }[];
  /** amounts charged to one member first ("Tom's beer 6.00") */
  adjustments: { userId: string; amount: string }[];
  /** who paid: one payer pays the whole amount (their amount is ignored) */
  paidBy: { userId: string; amount: string }[];
}

/** What does not fit yet, named by the field the service would name. */
export type SplitIssue =
  | { field: 'split.paidBy'; kind: 'paid'; sum: string; expected: string }
  | { field: 'split.adjustments'; kind: 'adjustments'; sum: string; expected: string }
  | { field: 'split.members'; kind: 'percent'; sum: string }
  | { field: 'split.members'; kind: 'exact'; sum: string; expected: string }
  | { field: 'split.members'; kind: 'none' }
  | { field: `split.members.${number}.value`; kind: 'value'; userId: string }
  | { field: `split.adjustments.${number}.amount`; kind: 'adjustment'; userId: string }
  | { field: `split.paidBy.${number}.amount`; kind: 'payer'; userId: string };

export interface SplitPreview {
  /** each member's part: the members in order, then adjusted members not among them */
  owed: { userId: string; amount: string }[];
  issues: SplitIssue[];
}

/**
 * Each member's part of `amount` (the typed text) as the service will compute it, and what does
 * not fit yet. Parts are shown even while a sum is off (percentages at 90: the parts of the 90).
 */
export function previewSplit(amount: string, draft: SplitDraft): SplitPreview {
  const issues: SplitIssue[] = [];
  const amountCents = typedCents(amount) ?? 0n;

  if (draft.paidBy.length > 1) {
    const paid = draft.paidBy.map((payer, index) => {
      const cents = typedCents(payer.amount);
      if (cents === null) issues.push({ field: `split.paidBy.${index}.amount`, kind: 'payer', userId: payer.userId });
      return cents ?? 0n;
    });
    if (total(paid) !== amountCents) issues.push({ field: 'split.paidBy', kind: 'paid', sum: fromCents(total(paid)), expected: fromCents(amountCents) });
  }

  const adjusted = draft.adjustments.map((adjustment, index) => {
    const cents = typedCents(adjustment.amount);
    if (cents === null) issues.push({ field: `split.adjustments.${index}.amount`, kind: 'adjustment', userId: adjustment.userId });
    return cents ?? 0n;
  });
  let rest = amountCents - total(adjusted);
  if (rest < 0n) {
    issues.push({ field: 'split.adjustments', kind: 'adjustments', sum: fromCents(total(adjusted)), expected: fromCents(amountCents) });
    rest = 0n;
  }

  if (draft.members.length === 0) issues.push({ field: 'split.members', kind: 'none' });
  const values = draft.members.map((member, index) => {
    if (draft.mode === 'equal') return 1n;
    const cents = typedCents(member.value);
    if (cents === null || (draft.mode === 'shares' && cents === 0n))
      issues.push({ field: `split.members.${index}.value`, kind: 'value', userId: member.userId });
    return cents ?? 0n;
  });
  let parts: bigint[];
  if (draft.mode === 'exact') {
    parts = values;
    if (total(values) !== rest) issues.push({ field: 'split.members', kind: 'exact', sum: fromCents(total(values)), expected: fromCents(rest) });
  } else {
    if (draft.mode === 'percent' && total(values) !== 10_000n) issues.push({ field: 'split.members', kind: 'percent', sum: fromCents(total(values)) });
    // percentages that do not reach 100 yet: the parts of what they cover, never more than the rest
    const weights = draft.mode === 'percent' && total(values) < 10_000n ? [...values, 10_000n - total(values)] : values;
    // no weight above zero (no member, or every share 0): an issue above says so, as the service would refuse it
    parts = hasWeight(weights) ? allocate(rest, weights).slice(0, values.length) : values.map(() => 0n);
  }

  const owed = new Map<string, bigint>();
  draft.members.forEach((member, index) => owed.set(member.userId, parts[index]));
  draft.adjustments.forEach((adjustment, index) => owed.set(adjustment.userId, (owed.get(adjustment.userId) ?? 0n) + adjusted[index]));
  return { owed: [...owed].map(([userId, cents]) => ({ userId, amount: fromCents(cents) })), issues };
}

/** The API's `split` from the draft: decimal strings as the API takes them (one payer: the whole amount). */
export function splitBody(amount: string, draft: SplitDraft) {
  const normal = (text: string) => normaliseAmount(text) ?? text.trim();
  return {
    paidBy:
      draft.paidBy.length === 1
        ? [{ userId: draft.paidBy[0].userId, amount }]
        : draft.paidBy.map((payer) => ({ userId: payer.userId, amount: normal(payer.amount) })),
    mode: draft.mode,
    members: draft.members.map((member) => (draft.mode === 'equal' ? { userId: member.userId } : { userId: member.userId, value: normal(member.value) })),
    adjustments: draft.adjustments.map((adjustment) => ({ userId: adjustment.userId, amount: normal(adjustment.amount) })),
  };
}
