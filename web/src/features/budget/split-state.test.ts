import { describe, expect, it } from 'vitest';
import { ProblemError } from '@/api/problem';
import { previewSplit } from './split';
import { draftOf, initialSplitState, splitFromState, splitIssues, splitProblem, unitWeights } from './split-state';

const members = [
  { id: 'anna', nickname: 'Anna' },
  { id: 'ben', nickname: 'Ben' },
  { id: 'cleo', nickname: 'Cleo' },
];

describe('the split a form starts with', () => {
  it("takes the group's default for a new expense: paid by me, shared by the weights", () => {
    const state = initialSplitState({
      settings: {
        sharedByDefault: true,
        mode: 'shares',
        weights: [
          { userId: 'anna', weight: '0.7' },
          { userId: 'ben', weight: '0.3' },
        ],
        units: [],
      },
      members,
      me: 'ben',
      isNewExpense: true,
    });
    expect(state).toMatchObject({ shared: true, mode: 'shares', payers: ['ben'], sharing: ['anna', 'ben'], values: { anna: '0.7', ben: '0.3' } });
    expect(splitFromState(state, '10.00', 'Expense')).toEqual({
      paidBy: [{ userId: 'ben', amount: '10.00' }],
      mode: 'shares',
      members: [
        { userId: 'anna', value: '0.7' },
        { userId: 'ben', value: '0.3' },
      ],
      adjustments: [],
    });
  });

  it('leaves the members who left out of the default: the others share the whole amount, and nobody left is not shared', () => {
    const settings = {
      sharedByDefault: true,
      mode: 'equal' as const,
      weights: [
        { userId: 'anna', weight: '1' },
        { userId: 'ben', weight: '1' },
        { userId: 'cleo', weight: '1' },
      ],
      units: [],
      droppedMembers: [{ userId: 'cleo', name: 'Cleo' }],
    };
    const state = initialSplitState({ settings, members, me: 'anna', isNewExpense: true });
    expect(state).toMatchObject({ shared: true, sharing: ['anna', 'ben'] });
    expect(splitFromState(state, '90.00', 'Expense')?.members.map((member) => member.userId)).toEqual(['anna', 'ben']);
    const nobody = { ...settings, weights: [{ userId: 'cleo', weight: '1' }] };
    expect(initialSplitState({ settings: nobody, members, me: 'anna', isNewExpense: true }).shared).toBe(false);
  });

  it("starts as the household's own without a default, or for an income, and is then sent as null (no default behind the person's back)", () => {
    const none = initialSplitState({ members, me: 'anna', isNewExpense: true });
    expect(none).toMatchObject({ shared: false, mode: 'equal', sharing: ['anna', 'ben', 'cleo'] });
    expect(splitFromState(none, '10.00', 'Expense')).toBeNull();
    const income = initialSplitState({
      settings: { sharedByDefault: true, mode: 'equal', weights: [{ userId: 'anna', weight: '1' }], units: [] },
      members,
      me: 'anna',
      isNewExpense: false,
    });
    expect(income.shared).toBe(false);
  });

  it('opens a stored split as it was saved, and never sends one on a transfer', () => {
    const state = initialSplitState({
      split: {
        paidBy: [
          { userId: 'anna', amount: '30.00' },
          { userId: 'cleo', amount: '20.00' },
        ],
        mode: 'exact',
        members: [
          { userId: 'ben', value: '44.00' },
          { userId: 'cleo', value: '0.00' },
        ],
        adjustments: [{ userId: 'cleo', amount: '6.00' }],
        owed: [],
      },
      members,
      me: 'ben',
      isNewExpense: false,
    });
    expect(state).toMatchObject({ shared: true, mode: 'exact', payers: ['anna', 'cleo'], paid: { anna: '30.00', cleo: '20.00' }, sharing: ['ben', 'cleo'] });
    expect(splitIssues(state, '50.00', 'Expense')).toEqual([]);
    expect(splitIssues(state, '51.00', 'Expense').map((issue) => issue.field)).toEqual(['split.paidBy', 'split.members']);
    expect(splitFromState(state, '50.00', 'Transfer')).toBeNull();
  });
});

describe("the service's refusal of a split", () => {
  it('is put on the group of fields it names, whatever the index', () => {
    const unknown = new ProblemError(400, {
      code: 'UNKNOWN_MEMBER',
      errors: [
        { field: 'split.members.3.userId', message: 'not a member' },
        { field: 'split.paidBy.0.userId', message: 'not a member' },
      ],
    });
    expect(splitProblem(unknown)).toEqual({ 'split.members': 'UNKNOWN_MEMBER', 'split.paidBy': 'UNKNOWN_MEMBER' });
    expect(
      splitProblem(new ProblemError(400, { code: 'SPLIT_SHARE_MISMATCH', errors: [{ field: 'split.members', message: 'the percentages sum to 90.00' }] })),
    ).toEqual({
      'split.members': 'SPLIT_SHARE_MISMATCH',
    });
  });

  it('leaves other problems to the form', () => {
    expect(splitProblem(new ProblemError(400, { code: 'VALIDATION_FAILED', errors: [{ field: 'amount', message: 'bad' }] }))).toBeNull();
    expect(splitProblem(new Error('offline'))).toBeNull();
  });
});

describe('a unit as one party of an equal split', () => {
  const base = { shared: true, mode: 'equal' as const, payers: ['cleo'], paid: {}, values: {}, adjustments: [] };

  it('"Anna & Ben" and Cleo halve €90.00: the couple share their half, sent as weights', () => {
    const state = { ...base, sharing: ['anna', 'ben', 'cleo'], units: [{ id: 'couple', userIds: ['anna', 'ben'] }] };
    expect(splitFromState(state, '90.00', 'Expense')).toEqual({
      paidBy: [{ userId: 'cleo', amount: '90.00' }],
      mode: 'shares',
      members: [
        { userId: 'anna', value: '1' },
        { userId: 'ben', value: '1' },
        { userId: 'cleo', value: '2' },
      ],
      adjustments: [],
    });
    expect(previewSplit('90.00', draftOf(state)).owed).toEqual([
      { userId: 'anna', amount: '22.50' },
      { userId: 'ben', amount: '22.50' },
      { userId: 'cleo', amount: '45.00' },
    ]);
  });

  it('without a unit chosen the split stays equal among the members', () => {
    expect(splitFromState({ ...base, sharing: ['anna', 'ben', 'cleo'] }, '90.00', 'Expense')?.mode).toBe('equal');
    expect(unitWeights({ mode: 'shares', sharing: ['anna', 'ben'], units: [{ id: 'couple', userIds: ['anna', 'ben'] }] })).toBeUndefined();
  });
});
