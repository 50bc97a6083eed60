/*
 * Sharing costs, as arithmetic: the split of an amount between members, the balances of the
 * parties and the payments that settle them. Pure functions over integer cents (`Cents`, from the
 * domain, as the cent rule `allocate` is: the web app previews splits with the same code): no
 * I/O, no float ever holds money. Amounts come in and go out as the API's decimal strings ("12.30").
 * The repository stores what these return; the service only orchestrates (docs/budget.md,
 * "Sharing costs").
 */

import { allocate } from '../../../../domain/allocation';
import { fromCents, sumCents as sum, toCents } from '../../../../domain/amount';

export type SplitMode = 'equal' | 'shares' | 'percent' | 'exact';

/** One member's amount in a split (paid, adjusted or owed): a decimal string. */
export interface SplitPart {
  userId: string;
  amount: string;
}

/** What a client asks for (the body's `split`). */
export interface SplitRequest {
  paidBy?: SplitPart[];
  mode: SplitMode;
  members: { userId: string; value?: string | null }[];
  adjustments?: SplitPart[];
}

/** A split as stored on a transaction (jsonb) and returned by the API. */
export interface StoredSplit {
  paidBy: SplitPart[];
  mode: SplitMode;
  members: { userId: string; value: string | null }[];
  adjustments: SplitPart[];
  /** each member's part: `members` in order, then adjusted members not among them; sums to the amount */
  owed: SplitPart[];
}

/** Why a split does not fit its amount: the API's 400 code, the field and a sentence. */
export interface SplitProblem {
  code: 'SPLIT_PAID_MISMATCH' | 'SPLIT_SHARE_MISMATCH' | 'VALIDATION_FAILED';
  field: string;
  message: string;
}

export type SplitOutcome = { split: StoredSplit; problem?: undefined } | { split?: undefined; problem: SplitProblem };

const duplicate = (ids: string[]): number => ids.findIndex((id, i) => ids.indexOf(id) !== i);

/** Weight of a value in hundredths ("0.5" → 50n). */
const hundredths = (value: string): bigint => toCents(value);

/**
 * The split of `amount` (a decimal string > 0): the payers (default: `payer` paid everything),
 * the adjustments charged first, the rest divided by `mode` among `members`, and each member's
 * part. A split that does not fit the amount is a problem naming the field.
 */
export function computeSplit(amount: string, request: SplitRequest, payer: string | null): SplitOutcome {
  const total = toCents(amount);
  const fail = (code: SplitProblem['code'], field: string, message: string): SplitOutcome => ({ problem: { code, field, message } });

  const paidBy = request.paidBy ?? (payer ? [{ userId: payer, amount }] : []);
  if (paidBy.length === 0) return fail('VALIDATION_FAILED', 'split.paidBy', 'split.paidBy must name who paid');
  if (duplicate(paidBy.map((p) => p.userId)) >= 0) return fail('VALIDATION_FAILED', 'split.paidBy', 'split.paidBy names a member twice');
  const paid = paidBy.map((p) => toCents(p.amount));
  if (sum(paid) !== total) {
    return fail('SPLIT_PAID_MISMATCH', 'split.paidBy', `the amounts paid sum to ${fromCents(sum(paid))}, not to the amount ${fromCents(total)}`);
  }

  const adjustments = request.adjustments ?? [];
  if (duplicate(adjustments.map((a) => a.userId)) >= 0) return fail('VALIDATION_FAILED', 'split.adjustments', 'split.adjustments names a member twice');
  const adjusted = adjustments.map((a) => toCents(a.amount));
  const rest = total - sum(adjusted);
  if (rest < 0n) {
    return fail('SPLIT_SHARE_MISMATCH', 'split.adjustments', `the adjustments sum to ${fromCents(sum(adjusted))}, more than the amount ${fromCents(total)}`);
  }

  const members = request.members;
  if (members.length === 0) return fail('VALIDATION_FAILED', 'split.members', 'split.members must name at least one member');
  if (duplicate(members.map((m) => m.userId)) >= 0) return fail('VALIDATION_FAILED', 'split.members', 'split.members names a member twice');

  let parts: bigint[];
  if (request.mode === 'equal') {
    parts = allocate(
      rest,
      members.map(() => 1n),
    );
  } else {
    const missing = members.findIndex((m) => m.value === undefined || m.value === null);
    if (missing >= 0) return fail('VALIDATION_FAILED', `split.members.${missing}.value`, `split.members.${missing}.value is needed in mode ${request.mode}`);
    const values = members.map((m) => hundredths(m.value as string));
    if (request.mode === 'shares') {
      const zero = values.findIndex((v) => v <= 0n);
      if (zero >= 0) return fail('VALIDATION_FAILED', `split.members.${zero}.value`, `split.members.${zero}.value must be a weight greater than 0`);
      parts = allocate(rest, values);
    } else if (request.mode === 'percent') {
      if (sum(values) !== 10_000n) return fail('SPLIT_SHARE_MISMATCH', 'split.members', `the percentages sum to ${fromCents(sum(values))}, not to 100`);
      parts = allocate(rest, values);
    } else {
      if (sum(values) !== rest) {
        return fail(
          'SPLIT_SHARE_MISMATCH',
          'split.members',
          `the exact amounts sum to ${fromCents(sum(values))}, not to ${fromCents(rest)} (the amount less the adjustments)`,
        );
      }
      parts = values;
    }
  }

  const owedBy = new Map<string, bigint>();
  members.forEach((m, i) => owedBy.set(m.userId, parts[i]));
  adjustments.forEach((a, i) => owedBy.set(a.userId, (owedBy.get(a.userId) ?? 0n) + adjusted[i]));
  return {
    split: {
      paidBy: paidBy.map((p, i) => ({ userId: p.userId, amount: fromCents(paid[i]) })),
      mode: request.mode,
      members: members.map((m) => ({ userId: m.userId, value: request.mode === 'equal' ? null : fromCents(hundredths(m.value as string)) })),
      adjustments: adjustments.map((a, i) => ({ userId: a.userId, amount: fromCents(adjusted[i]) })),
      owed: [...owedBy].map(([userId, cents]) => ({ userId, amount: fromCents(cents) })),
    },
  };
}

/** The request a stored split was made from, to apply it again to a new amount (an edit that keeps the split). */
export function requestOf(split: StoredSplit, oldAmount: string, newAmount: string): SplitRequest {
  // one payer of the whole amount keeps paying the whole; several payers keep their amounts (and must fit)
  const paidBy =
    split.paidBy.length === 1 && split.paidBy[0].amount === fromCents(toCents(oldAmount))
      ? [{ userId: split.paidBy[0].userId, amount: newAmount }]
      : split.paidBy;
  return { paidBy, mode: split.mode, members: split.members, adjustments: split.adjustments };
}

/**
 * The entries of the group's default that apply now (`kept`: their user is a current member, in
 * the order given) and those dropped because their user left the group (inactive, or moved to
 * another group).
 */
export function currentWeights<W extends { userId: string }>(weights: readonly W[], current: ReadonlySet<string>): { kept: W[]; dropped: W[] } {
  return { kept: weights.filter((w) => current.has(w.userId)), dropped: weights.filter((w) => !current.has(w.userId)) };
}

/**
 * The group's default split (the creator pays, computeSplit's `payer`): the weights share, or in
 * mode equal the listed members equally. Only current members count: one who left is dropped and
 * the amount is divided among the others; null when none of them is a current member (the new
 * row is then the household's own).
 */
export function defaultSplitRequest(
  mode: 'equal' | 'shares',
  weights: { userId: string; weight: string }[],
  current: ReadonlySet<string>,
): SplitRequest | null {
  const { kept } = currentWeights(weights, current);
  if (kept.length === 0) return null;
  return { mode, members: kept.map((w) => ({ userId: w.userId, value: mode === 'equal' ? null : w.weight })) };
}

/**
 * A split taken from the group's default, applied again to `amount` (an occurrence of a recurring
 * rule): its members who are no longer current members are dropped and the rest is divided among
 * the others as the default divides it; payers and adjustments stay as stored. Unchanged (the same
 * object) when every member is current; null when none is.
 */
export function withoutLeavers(split: StoredSplit, amount: string, current: ReadonlySet<string>): StoredSplit | null {
  const { kept, dropped } = currentWeights(split.members, current);
  if (dropped.length === 0) return split;
  if (kept.length === 0) return null;
  const outcome = computeSplit(amount, { paidBy: split.paidBy, mode: split.mode, members: kept, adjustments: split.adjustments }, null);
  if (outcome.problem) throw new Error(`a default split no longer fits: ${outcome.problem.message}`);
  return outcome.split;
}

// ---- balances --------------------------------------------------------------------------------

export type MovementType = 'Expense' | 'Income';

/** A member's kept sums: paid and share signed as the balances count them (an Income's negative). */
export interface MemberTotals {
  userId: string;
  paid: bigint;
  share: bigint;
  sent: bigint;
  received: bigint;
}

/** A member's net: paid − share + sent − received (> 0: owed money). */
export const netOf = (t: Omit<MemberTotals, 'userId'>): bigint => t.paid - t.share + t.sent - t.received;

/** Applies one shared transaction (sign +1 on insert, −1 on delete) to members' totals. */
export function applySplit(totals: Map<string, MemberTotals>, type: MovementType, split: StoredSplit, sign: 1n | -1n): void {
  const direction = type === 'Expense' ? sign : -sign;
  for (const p of split.paidBy) entry(totals, p.userId).paid += direction * toCents(p.amount);
  for (const o of split.owed) entry(totals, o.userId).share += direction * toCents(o.amount);
}

/** Applies one settlement (sign +1 recorded, −1 deleted). */
export function applySettlement(totals: Map<string, MemberTotals>, from: string, to: string, amount: string, sign: 1n | -1n): void {
  entry(totals, from).sent += sign * toCents(amount);
  entry(totals, to).received += sign * toCents(amount);
}

function entry(totals: Map<string, MemberTotals>, userId: string): MemberTotals {
  let t = totals.get(userId);
  if (!t) totals.set(userId, (t = { userId, paid: 0n, share: 0n, sent: 0n, received: 0n }));
  return t;
}

/** A unit of members who settle as one party. */
export interface Unit {
  id: string;
  name: string;
  userIds: string[];
}

export interface PartyTotals {
  /** the user id, or the unit id */
  id: string;
  unit: Unit | null;
  userIds: string[];
  paid: bigint;
  share: bigint;
  sent: bigint;
  received: bigint;
  net: bigint;
}

/**
 * The parties of the balances, in the order of `members` (a unit where its first member stands):
 * a member alone, or a unit summing its members.
 */
export function partiesOf(members: MemberTotals[], units: Unit[]): PartyTotals[] {
  const unitOf = new Map<string, Unit>();
  for (const unit of units) for (const userId of unit.userIds) unitOf.set(userId, unit);
  const parties = new Map<string, PartyTotals>();
  for (const m of members) {
    const unit = unitOf.get(m.userId) ?? null;
    const id = unit ? unit.id : m.userId;
    let party = parties.get(id);
    if (!party) parties.set(id, (party = { id, unit, userIds: [], paid: 0n, share: 0n, sent: 0n, received: 0n, net: 0n }));
    party.userIds.push(m.userId);
    party.paid += m.paid;
    party.share += m.share;
    party.sent += m.sent;
    party.received += m.received;
    party.net += netOf(m);
  }
  return [...parties.values()];
}

export interface Payment {
  from: string;
  to: string;
  amount: bigint;
}

/**
 * The payments that bring every net to zero (the nets sum to zero): first each debtor whose debt
 * equals a creditor's claim pays that creditor (in party order), then repeatedly the largest
 * debtor pays the largest creditor (ties: the earlier party) as much as settles one of them. Each
 * payment settles at least one party and the last settles two, so n parties need at most n − 1.
 */
export function suggestPayments(nets: { id: string; net: bigint }[]): Payment[] {
  const open = nets.filter((p) => p.net !== 0n).map((p) => ({ id: p.id, net: p.net }));
  const payments: Payment[] = [];
  for (const debtor of open) {
    if (debtor.net >= 0n) continue;
    const creditor = open.find((c) => c.net > 0n && c.net === -debtor.net);
    if (!creditor) continue;
    payments.push({ from: debtor.id, to: creditor.id, amount: creditor.net });
    debtor.net = 0n;
    creditor.net = 0n;
  }
  const largest = (sign: 1n | -1n) =>
    open.reduce<(typeof open)[number] | undefined>((best, p) => (sign * p.net > 0n && (!best || sign * p.net > sign * best.net) ? p : best), undefined);
  for (;;) {
    const debtor = largest(-1n);
    const creditor = largest(1n);
    if (!debtor || !creditor) break;
    const amount = -debtor.net < creditor.net ? -debtor.net : creditor.net;
    payments.push({ from: debtor.id, to: creditor.id, amount });
    debtor.net += amount;
    creditor.net -= amount;
  }
  return payments;
}

// ---- the balance sheet -----------------------------------------------------------------------

/** A member as the balances name them. */
export interface NamedMember {
  userId: string;
  name: string;
  isFormer: boolean;
}

/** A member's kept sums as PostgreSQL prints them (decimal strings). */
export interface MemberSums {
  userId: string;
  paid: string;
  share: string;
  sent: string;
  received: string;
}

/**
 * The parties (the members in the order given, a unit where its first member stands), their sums
 * and nets as decimal strings, the payments that settle them, and the members with their units:
 * the body of `GET /budget/balances` besides its currency and period.
 */
export function balanceSheet(members: NamedMember[], sums: MemberSums[], units: Unit[]) {
  const byId = new Map(sums.map((t) => [t.userId, t]));
  const totals: MemberTotals[] = members.map(({ userId }) => {
    const t = byId.get(userId);
    return t
      ? { userId, paid: toCents(t.paid), share: toCents(t.share), sent: toCents(t.sent), received: toCents(t.received) }
      : { userId, paid: 0n, share: 0n, sent: 0n, received: 0n };
  });
  const parties = partiesOf(totals, units);
  const names = new Map(members.map((m) => [m.userId, m]));
  const unitOf = new Map(units.flatMap((unit) => unit.userIds.map((userId) => [userId, unit.id] as const)));
  return {
    parties: parties.map((p) => ({
      ...(p.unit ? { unitId: p.unit.id } : { userId: p.id }),
      name: p.unit ? p.unit.name : (names.get(p.id)?.name ?? ''),
      isFormer: !p.unit && (names.get(p.id)?.isFormer ?? false),
      userIds: p.userIds,
      paid: fromCents(p.paid),
      share: fromCents(p.share),
      sent: fromCents(p.sent),
      received: fromCents(p.received),
      net: fromCents(p.net),
    })),
    suggestions: suggestPayments(parties).map((s) => ({ from: s.from, to: s.to, amount: fromCents(s.amount) })),
    members: members.map((m) => ({ ...m, unitId: unitOf.get(m.userId) ?? null })),
  };
}
