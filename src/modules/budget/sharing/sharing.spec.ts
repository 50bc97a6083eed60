import fc from 'fast-check';
import { fromCents, toCents } from '../../../../domain/amount';
import {
  applySettlement,
  applySplit,
  computeSplit,
  currentWeights,
  defaultSplitRequest,
  MemberTotals,
  MovementType,
  netOf,
  partiesOf,
  SplitMode,
  SplitRequest,
  StoredSplit,
  suggestPayments,
  Unit,
  withoutLeavers,
} from './sharing';

const USERS = Array.from({ length: 8 }, (_, i) => `00000000-0000-7000-8000-00000000000${i}`);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
const cents = (parts: { amount: string }[]) => sum(parts.map((p) => toCents(p.amount)));

/** `total` cents cut into `count` parts ≥ 0 (or > 0 with `positive`), summing to `total`. */
function partition(total: bigint, count: number, positive = false): fc.Arbitrary<bigint[]> {
  if (count === 1) return fc.constant([total]);
  const cut = positive ? fc.bigInt({ min: 1n, max: total - 1n }) : fc.bigInt({ min: 0n, max: total });
  const cuts = positive ? fc.uniqueArray(cut, { minLength: count - 1, maxLength: count - 1 }) : fc.array(cut, { minLength: count - 1, maxLength: count - 1 });
  return cuts.map((points) => {
    const sorted = [0n, ...[...points].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), total];
    return sorted.slice(1).map((point, i) => point - sorted[i]);
  });
}

const amountCents = fc.oneof(fc.bigInt({ min: 1n, max: 2_000n }), fc.bigInt({ min: 1n, max: 99_999_999_999n }));
const mode = fc.constantFrom<SplitMode>('equal', 'shares', 'percent', 'exact');

/** A valid split request of an amount: payers, adjustments and members' values that fit it. */
const validSplit: fc.Arbitrary<{ amount: string; request: SplitRequest }> = amountCents.chain((total) =>
  fc
    .record({
      payers: fc.integer({ min: 1, max: Number(total < 3n ? total : 3n) }),
      members: fc.shuffledSubarray(USERS, { minLength: 1, maxLength: USERS.length }),
      adjusted: fc.shuffledSubarray(USERS, { minLength: 0, maxLength: 3 }),
      mode,
      adjustShare: fc.bigInt({ min: 0n, max: 100n }),
    })
    .chain(({ payers, members, adjusted, mode, adjustShare }) => {
      const adjustTotal = adjusted.length ? (total * adjustShare) / 100n : 0n;
      const rest = total - adjustTotal;
      const values: fc.Arbitrary<(string | undefined)[]> =
        mode === 'equal'
          ? fc.constant(members.map(() => undefined))
          : mode === 'shares'
            ? fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: members.length, maxLength: members.length }).map((w) => w.map(fromCents))
            : mode === 'percent'
              ? partition(10_000n, members.length).map((p) => p.map(fromCents))
              : partition(rest, members.length).map((p) => p.map(fromCents));
      return fc
        .record({
          paid: partition(total, payers, true),
          payerIds: fc.shuffledSubarray(USERS, { minLength: payers, maxLength: payers }),
          adjustments: adjusted.length ? partition(adjustTotal, adjusted.length, false) : fc.constant([] as bigint[]),
          values,
        })
        .map(({ paid, payerIds, adjustments, values }) => ({
          amount: fromCents(total),
          request: {
            paidBy: payerIds.map((userId, i) => ({ userId, amount: fromCents(paid[i]) })),
            mode,
            members: members.map((userId, i) => ({ userId, value: values[i] })),
            adjustments: adjusted.map((userId, i) => ({ userId, amount: fromCents(adjustments[i]) })),
          } satisfies SplitRequest,
        }));
    }),
);

describe('sharing: the split of an amount', () => {
  it('any valid split: the parts sum to the amount, and so do the payments', () => {
    fc.assert(
      fc.property(validSplit, ({ amount, request }) => {
        const { split, problem } = computeSplit(amount, request, null);
        expect(problem).toBeUndefined();
        expect(cents(split!.owed)).toBe(toCents(amount));
        expect(cents(split!.paidBy)).toBe(toCents(amount));
        // every member and every adjusted member has a part, once
        const ids = split!.owed.map((o) => o.userId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const m of request.members) expect(ids).toContain(m.userId);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the cents left by division one each to the largest remainders, ties in the order of members', () => {
    const split = (amount: string, members: [string, string?][], mode: SplitMode = 'equal') =>
      computeSplit(amount, { mode, members: members.map(([userId, value]) => ({ userId, value })) }, USERS[7]).split!.owed.map((o) => o.amount);
    expect(split('100.00', [[USERS[0]], [USERS[1]], [USERS[2]]])).toEqual(['33.34', '33.33', '33.33']);
    expect(split('0.05', [[USERS[0]], [USERS[1]], [USERS[2]]])).toEqual(['0.02', '0.02', '0.01']);
    // the order of members breaks the tie: whoever is listed first gets the cent
    expect(split('0.01', [[USERS[1]], [USERS[0]]])).toEqual(['0.01', '0.00']);
    // 10.00 as 2 : 1 → 6.666… and 3.333…: the larger remainder (0.666…) gets the cent
    expect(
      split(
        '10.00',
        [
          [USERS[0], '2'],
          [USERS[1], '1'],
        ],
        'shares',
      ),
    ).toEqual(['6.67', '3.33']);
    // 70/30 of 0.05 → 3.5 and 1.5 cents: equal remainders, the first member listed gets the cent
    expect(
      split(
        '0.05',
        [
          [USERS[0], '70'],
          [USERS[1], '30'],
        ],
        'percent',
      ),
    ).toEqual(['0.04', '0.01']);
    expect(
      split(
        '0.05',
        [
          [USERS[1], '30'],
          [USERS[0], '70'],
        ],
        'percent',
      ),
    ).toEqual(['0.02', '0.03']);
  });

  it('charges adjustments first and divides the rest', () => {
    const { split } = computeSplit(
      '36.00',
      { mode: 'equal', members: [{ userId: USERS[0] }, { userId: USERS[1] }, { userId: USERS[2] }], adjustments: [{ userId: USERS[2], amount: '6.00' }] },
      USERS[0],
    );
    expect(split!.owed).toEqual([
      { userId: USERS[0], amount: '10.00' },
      { userId: USERS[1], amount: '10.00' },
      { userId: USERS[2], amount: '16.00' },
    ]);
    expect(split!.paidBy).toEqual([{ userId: USERS[0], amount: '36.00' }]);
  });

  it('names the field of a split that does not fit', () => {
    const members = [{ userId: USERS[0] }, { userId: USERS[1] }];
    const problem = (request: SplitRequest, amount = '10.00') => computeSplit(amount, request, USERS[0]).problem;
    expect(problem({ mode: 'equal', members, paidBy: [{ userId: USERS[0], amount: '9.99' }] })).toMatchObject({
      code: 'SPLIT_PAID_MISMATCH',
      field: 'split.paidBy',
    });
    expect(problem({ mode: 'equal', members, adjustments: [{ userId: USERS[0], amount: '10.01' }] })).toMatchObject({
      code: 'SPLIT_SHARE_MISMATCH',
      field: 'split.adjustments',
    });
    expect(
      problem({
        mode: 'percent',
        members: [
          { userId: USERS[0], value: '60' },
          { userId: USERS[1], value: '30' },
        ],
      }),
    ).toMatchObject({
      code: 'SPLIT_SHARE_MISMATCH',
      field: 'split.members',
    });
    expect(
      problem({
        mode: 'exact',
        members: [
          { userId: USERS[0], value: '6' },
          { userId: USERS[1], value: '3' },
        ],
      }),
    ).toMatchObject({ code: 'SPLIT_SHARE_MISMATCH', field: 'split.members' });
    expect(
      problem({
        mode: 'shares',
        members: [
          { userId: USERS[0], value: '0' },
          { userId: USERS[1], value: '1' },
        ],
      }),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'split.members.0.value',
    });
    expect(problem({ mode: 'shares', members: [{ userId: USERS[0] }] })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'split.members.0.value' });
    expect(problem({ mode: 'equal', members: [{ userId: USERS[0] }, { userId: USERS[0] }] })).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'split.members',
    });
  });
});

type Op =
  | { kind: 'add'; type: MovementType; split: { amount: string; request: SplitRequest } }
  | { kind: 'edit'; pick: number; type: MovementType; split: { amount: string; request: SplitRequest } }
  | { kind: 'delete'; pick: number }
  | { kind: 'settle'; from: number; to: number; amount: bigint }
  | { kind: 'unsettle'; pick: number };

const movement = fc.constantFrom<MovementType>('Expense', 'Income');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), type: movement, split: validSplit }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), type: movement, split: validSplit }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('settle' as const), from: fc.nat(7), to: fc.nat(7), amount: fc.bigInt({ min: 1n, max: 10_000_000n }) }),
  fc.record({ kind: fc.constant('unsettle' as const), pick: fc.nat() }),
);

/** Runs a history of changes through the kept totals, as the triggers do: add what is new, take away what goes. */
function run(ops: Op[]) {
  const totals = new Map<string, MemberTotals>();
  const transactions: { type: MovementType; split: StoredSplit }[] = [];
  const settlements: { from: string; to: string; amount: string }[] = [];
  for (const o of ops) {
    if (o.kind === 'add' || o.kind === 'edit') {
      const split = computeSplit(o.split.amount, o.split.request, null).split!;
      if (o.kind === 'edit' && transactions.length) {
        const i = o.pick % transactions.length;
        applySplit(totals, transactions[i].type, transactions[i].split, -1n);
        transactions[i] = { type: o.type, split };
      } else transactions.push({ type: o.type, split });
      applySplit(totals, o.type, split, 1n);
    } else if (o.kind === 'delete' && transactions.length) {
      const [gone] = transactions.splice(o.pick % transactions.length, 1);
      applySplit(totals, gone.type, gone.split, -1n);
    } else if (o.kind === 'settle' && o.from !== o.to) {
      const s = { from: USERS[o.from], to: USERS[o.to], amount: fromCents(o.amount) };
      settlements.push(s);
      applySettlement(totals, s.from, s.to, s.amount, 1n);
    } else if (o.kind === 'unsettle' && settlements.length) {
      const [gone] = settlements.splice(o.pick % settlements.length, 1);
      applySettlement(totals, gone.from, gone.to, gone.amount, -1n);
    }
  }
  return { totals, transactions, settlements };
}

describe('sharing: balances', () => {
  it('after any sequence of shared transactions, edits, deletes and settlements the nets sum to 0.00 and equal a fresh count', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const { totals, transactions, settlements } = run(ops);
        expect(sum([...totals.values()].map(netOf))).toBe(0n);
        const fresh = new Map<string, MemberTotals>();
        for (const t of transactions) applySplit(fresh, t.type, t.split, 1n);
        for (const s of settlements) applySettlement(fresh, s.from, s.to, s.amount, 1n);
        for (const id of USERS) expect(netOf(totals.get(id) ?? zero(id))).toBe(netOf(fresh.get(id) ?? zero(id)));
      }),
      { numRuns: 300 },
    );
  });

  it('an expense raises what the payer is owed; a shared income is owed to the others', () => {
    const totals = new Map<string, MemberTotals>();
    const members = [{ userId: USERS[0] }, { userId: USERS[1] }];
    applySplit(totals, 'Expense', computeSplit('42.00', { mode: 'equal', members }, USERS[0]).split!, 1n);
    expect(netOf(totals.get(USERS[0])!)).toBe(2100n);
    applySplit(totals, 'Income', computeSplit('42.00', { mode: 'equal', members }, USERS[0]).split!, 1n);
    expect(netOf(totals.get(USERS[0])!)).toBe(0n);
    applySettlement(totals, USERS[1], USERS[0], '14.00', 1n);
    expect(netOf(totals.get(USERS[1])!)).toBe(1400n);
  });
});

const zero = (userId: string): MemberTotals => ({ userId, paid: 0n, share: 0n, sent: 0n, received: 0n });

/** Nets of `n` parties summing to zero. */
const zeroSumNets = fc
  .array(fc.bigInt({ min: -5_000_000n, max: 5_000_000n }), { minLength: 1, maxLength: 12 })
  .map((values) => [...values, -sum(values)].map((net, i) => ({ id: `p${i}`, net })));

describe('sharing: suggested payments', () => {
  it('recording every suggestion zeroes every net, with at most n − 1 payments from debtors to creditors', () => {
    fc.assert(
      fc.property(zeroSumNets, (nets) => {
        const payments = suggestPayments(nets);
        const open = nets.filter((p) => p.net !== 0n).length;
        expect(payments.length).toBeLessThanOrEqual(Math.max(0, open - 1));
        const after = new Map(nets.map((p) => [p.id, p.net]));
        for (const p of payments) {
          expect(p.amount > 0n).toBe(true);
          expect(nets.find((n) => n.id === p.from)!.net < 0n).toBe(true);
          expect(nets.find((n) => n.id === p.to)!.net > 0n).toBe(true);
          // a payment raises the payer's net and lowers the payee's, as a settlement does
          after.set(p.from, after.get(p.from)! + p.amount);
          after.set(p.to, after.get(p.to)! - p.amount);
        }
        for (const net of after.values()) expect(net).toBe(0n);
      }),
      { numRuns: 1000 },
    );
  });

  it('settles pairs that cancel exactly first, then the largest debtor pays the largest creditor', () => {
    const nets = (values: number[]) => values.map((v, i) => ({ id: `p${i}`, net: BigInt(v) }));
    // p3 owes exactly what p1 is owed: that pair first, even though p0 is the largest creditor
    expect(suggestPayments(nets([5000, 1400, -3000, -1400, -2000]))).toEqual([
      { from: 'p3', to: 'p1', amount: 1400n },
      { from: 'p2', to: 'p0', amount: 3000n },
      { from: 'p4', to: 'p0', amount: 2000n },
    ]);
    expect(suggestPayments(nets([7000, 3000, -6000, -4000]))).toEqual([
      { from: 'p2', to: 'p0', amount: 6000n },
      { from: 'p3', to: 'p1', amount: 3000n },
      { from: 'p3', to: 'p0', amount: 1000n },
    ]);
    expect(suggestPayments(nets([0, 0]))).toEqual([]);
  });
});

describe('sharing: units', () => {
  const units: Unit[] = [{ id: 'unit-ab', name: 'Anna & Ben', userIds: [USERS[0], USERS[1]] }];
  const memberTotals = fc.array(
    fc.record({
      paid: fc.bigInt({ min: 0n, max: 10_000_000n }),
      share: fc.bigInt({ min: 0n, max: 10_000_000n }),
      sent: fc.bigInt({ min: 0n, max: 1_000_000n }),
    }),
    { minLength: 4, maxLength: 4 },
  );

  it("a unit is one party: its net is its members', suggestions name the unit, and settling them through any member zeroes every party", () => {
    fc.assert(
      fc.property(memberTotals, fc.nat(1), (values, payingMember) => {
        // make the nets sum to zero: the last member's received takes up the difference
        const members = values.map((v, i) => ({ userId: USERS[i], paid: v.paid, share: v.share, sent: v.sent, received: 0n }));
        const excess = sum(members.map(netOf));
        if (excess > 0n) members[3].received += excess;
        else members[3].sent -= excess;
        const parties = partiesOf(members, units);
        expect(parties.map((p) => p.id)).toEqual(['unit-ab', USERS[2], USERS[3]]);
        expect(parties[0].net).toBe(netOf(members[0]) + netOf(members[1]));
        expect(sum(parties.map((p) => p.net))).toBe(0n);
        const payments = suggestPayments(parties);
        expect(payments.length).toBeLessThanOrEqual(2);
        // recorded as settlements between members: the unit's side names any of its members
        const totals = new Map(members.map((m) => [m.userId, { ...m }]));
        const memberOf = (party: string) => (party === 'unit-ab' ? USERS[payingMember] : party);
        for (const p of payments) applySettlement(totals, memberOf(p.from), memberOf(p.to), fromCents(p.amount), 1n);
        for (const party of partiesOf([...totals.values()], units)) expect(party.net).toBe(0n);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sharing: the default split counts only current members', () => {
  /** A group default: weighted members (weights > 0 as the settings store them), and which of them are current now. */
  const defaults = fc.record({
    amount: amountCents.map(fromCents),
    mode: fc.constantFrom<'equal' | 'shares'>('equal', 'shares'),
    weights: fc.uniqueArray(fc.record({ userId: fc.constantFrom(...USERS), weight: fc.bigInt({ min: 1n, max: 100_000n }).map(fromCents) }), {
      minLength: 1,
      maxLength: USERS.length,
      selector: (w) => w.userId,
    }),
    current: fc.subarray(USERS).map((ids) => new Set(ids)),
  });

  it('drops every member who left: the parts sum to the amount, name only current members, and are those of the current members alone', () => {
    fc.assert(
      fc.property(defaults, ({ amount, mode, weights, current }) => {
        const { kept, dropped } = currentWeights(weights, current);
        expect([...kept, ...dropped].length).toBe(weights.length);
        const request = defaultSplitRequest(mode, weights, current);
        if (kept.length === 0) {
          expect(request).toBeNull();
          return;
        }
        const split = computeSplit(amount, request!, USERS[0]).split!;
        expect(cents(split.owed)).toBe(toCents(amount));
        expect(split.owed.every((o) => current.has(o.userId))).toBe(true);
        expect(split.owed.map((o) => o.userId)).toEqual(kept.map((w) => w.userId));
        const alone = computeSplit(amount, defaultSplitRequest(mode, kept, new Set(kept.map((w) => w.userId)))!, USERS[0]).split;
        expect(split).toEqual(alone);
      }),
    );
  });

  it('an occurrence of a split taken from the default drops who left since: the same split when nobody did, else the split of the others', () => {
    fc.assert(
      fc.property(defaults, ({ amount, mode, weights, current }) => {
        const everyone = new Set(weights.map((w) => w.userId));
        const taken = computeSplit(amount, defaultSplitRequest(mode, weights, everyone)!, USERS[0]).split!;
        expect(withoutLeavers(taken, amount, everyone)).toBe(taken);
        const now = withoutLeavers(taken, amount, current);
        const request = defaultSplitRequest(mode, weights, current);
        expect(now).toEqual(request ? computeSplit(amount, request, USERS[0]).split : null);
      }),
    );
  });

  it('€90 equally among three, one of whom left: 45 and 45', () => {
    const weights = USERS.slice(0, 3).map((userId) => ({ userId, weight: '1' }));
    const split = computeSplit('90.00', defaultSplitRequest('equal', weights, new Set(USERS.slice(0, 2)))!, USERS[0]).split!;
    expect(split.owed).toEqual([
      { userId: USERS[0], amount: '45.00' },
      { userId: USERS[1], amount: '45.00' },
    ]);
  });
});
