/**
 * The split as a transaction form holds it, with no I/O: where it starts (the stored split, else the
 * group's default), what is sent, what does not fit yet, and where a refusal of the service goes.
 */
import { ProblemError } from '@/api/problem';
import type { SplitInput, SplitSettings, StoredSplit } from './api';
import { previewSplit, splitBody, type SplitDraft, type SplitIssue, type SplitMode } from './split';

/** A member as the form names them. */
export interface SplitMember {
  id: string;
  nickname: string;
}

/** The "Paid by" and "Split" parts of a transaction form, as typed. */
export interface SplitState {
  shared: boolean;
  mode: SplitMode;
  /** who paid, in member order; one payer pays the whole amount */
  payers: string[];
  /** the amount each payer paid, when several did */
  paid: Record<string, string>;
  /** who shares the rest, in member order */
  sharing: string[];
  /** each member's weight, percentage or amount, as typed */
  values: Record<string, string>;
  adjustments: { key: number; userId: string; amount: string }[];
  /**
   * Units of the group's split settings ("Anna & Jonas") chosen as one party of an equal split:
   * their members share one party's part between them (absent: none).
   */
  units?: { id: string; userIds: string[] }[];
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * An equal split where some units are one party each, as the weights the API takes: every party
 * weighs the same, a unit's weight divided among its members who share (whole numbers: the least
 * common multiple of the units' sizes for one party). Undefined when no unit is chosen.
 */
export function unitWeights(state: Pick<SplitState, 'mode' | 'sharing' | 'units'>): Record<string, string> | undefined {
  if (state.mode !== 'equal' || !state.units?.length) return undefined;
  const sizes = state.units.map((unit) => unit.userIds.filter((id) => state.sharing.includes(id)).length).filter((size) => size > 0);
  if (sizes.length === 0) return undefined;
  const party = sizes.reduce((lcm, size) => (lcm * size) / gcd(lcm, size), 1);
  const weights: Record<string, string> = {};
  for (const userId of state.sharing) {
    const unit = state.units.find((one) => one.userIds.includes(userId));
    const size = unit ? unit.userIds.filter((id) => state.sharing.includes(id)).length : 1;
    weights[userId] = String(party / size);
  }
  return weights;
}

/** The form's start: the stored split, else the group's default (none: every member equally, not shared). */
export function initialSplitState(options: {
  split?: StoredSplit | null;
  settings?: SplitSettings;
  members: SplitMember[];
  me: string;
  isNewExpense: boolean;
}): SplitState {
  const { split, settings, members, me } = options;
  if (split) {
    return {
      shared: true,
      mode: split.mode,
      payers: split.paidBy.map((payer) => payer.userId),
      paid: Object.fromEntries(split.paidBy.map((payer) => [payer.userId, payer.amount])),
      sharing: split.members.map((member) => member.userId),
      values: Object.fromEntries(split.members.map((member) => [member.userId, member.value ?? ''])),
      adjustments: split.adjustments.map((adjustment, key) => ({ key, userId: adjustment.userId, amount: adjustment.amount })),
    };
  }
  // the default counts only current members: whoever left is not in it
  const dropped = new Set((settings?.droppedMembers ?? []).map((member) => member.userId));
  const weights = (settings?.weights ?? []).filter((weight) => !dropped.has(weight.userId));
  return {
    shared: Boolean(settings?.sharedByDefault && weights.length && options.isNewExpense),
    mode: settings?.mode ?? 'equal',
    payers: [me],
    paid: {},
    sharing: weights.length ? weights.map((weight) => weight.userId) : members.map((member) => member.id),
    values: Object.fromEntries(weights.map((weight) => [weight.userId, weight.weight])),
    adjustments: [],
  };
}

export function draftOf(state: SplitState): SplitDraft {
  const weights = unitWeights(state);
  return {
    mode: weights ? 'shares' : state.mode,
    members: state.sharing.map((userId) => ({ userId, value: (weights ?? state.values)[userId] ?? '' })),
    adjustments: state.adjustments.map(({ userId, amount }) => ({ userId, amount })),
    paidBy: state.payers.map((userId) => ({ userId, amount: state.paid[userId] ?? '' })),
  };
}

/** The API's `split` for the state: null when not shared (or a transfer), which also opts out of the group's default. */
export function splitFromState(state: SplitState, amount: string, type: string): SplitInput | null {
  if (!state.shared || type === 'Transfer') return null;
  return splitBody(amount, draftOf(state));
}

/** What still does not fit (the form is not sent while there is any). */
export function splitIssues(state: SplitState, amount: string, type: string): SplitIssue[] {
  if (!state.shared || type === 'Transfer') return [];
  return previewSplit(amount, draftOf(state)).issues;
}

/**
 * The split's part of a refused save: the service's SPLIT_* and UNKNOWN_MEMBER answers by the
 * group of fields they name (`split.members.2.userId` → `split.members`), for inline messages.
 */
export function splitProblem(error: unknown): Record<string, string> | null {
  if (!(error instanceof ProblemError) || !['SPLIT_PAID_MISMATCH', 'SPLIT_SHARE_MISMATCH', 'UNKNOWN_MEMBER', 'SPLIT_NOT_ALLOWED'].includes(error.code))
    return null;
  const fields = error.errors.length ? error.errors.map((one) => one.field) : ['split'];
  return Object.fromEntries(fields.map((field) => [field.split('.').slice(0, 2).join('.'), error.code]));
}
