import { describe, expect, it } from 'vitest';
import { allocate } from '@domain/allocation';
import { fromCents, toCents } from '@domain/amount';
import { previewSplit, splitBody, type SplitDraft } from './split';

const draft = (over: Partial<SplitDraft>): SplitDraft => ({ mode: 'equal', members: [], adjustments: [], paidBy: [{ userId: 'anna', amount: '' }], ...over });
const members = (...ids: string[]) => ids.map((userId) => ({ userId, value: '' }));
const parts = (preview: { owed: { userId: string; amount: string }[] }) => Object.fromEntries(preview.owed.map((part) => [part.userId, part.amount]));

describe('the cent rule (@domain/allocation, as the service applies it)', () => {
  it("is the service's own: all-zero weights are refused, not divided into zero parts", () => {
    expect(allocate(100n, [1n, 2n])).toEqual([33n, 67n]);
    expect(() => allocate(10_000n, [0n, 0n])).toThrow();
  });

  it('reads and writes decimal strings exactly', () => {
    expect(toCents('12.3')).toBe(1230n);
    expect(fromCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
  });
});

describe('previewSplit', () => {
  it('splits €100.00 equally among three: 33.34, 33.33, 33.33', () => {
    const preview = previewSplit('100', draft({ members: members('anna', 'ben', 'cleo') }));
    expect(parts(preview)).toEqual({ anna: '33.34', ben: '33.33', cleo: '33.33' });
    expect(preview.issues).toEqual([]);
  });

  it('charges adjustments first, then divides the rest ("Cleo\'s wine 12.00" on a €60.00 dinner)', () => {
    const preview = previewSplit('60,00', draft({ members: members('anna', 'ben', 'cleo'), adjustments: [{ userId: 'cleo', amount: '12' }] }));
    expect(preview.owed).toEqual([
      { userId: 'anna', amount: '16.00' },
      { userId: 'ben', amount: '16.00' },
      { userId: 'cleo', amount: '28.00' },
    ]);
  });

  it('lists an adjusted member who does not share the rest after the members', () => {
    const preview = previewSplit('20', draft({ members: members('anna', 'ben'), adjustments: [{ userId: 'tom', amount: '6' }] }));
    expect(preview.owed).toEqual([
      { userId: 'anna', amount: '7.00' },
      { userId: 'ben', amount: '7.00' },
      { userId: 'tom', amount: '6.00' },
    ]);
  });

  it('shares by weights typed with a comma (70/30 of €0.05 is 0.04 and 0.01)', () => {
    const preview = previewSplit(
      '0.05',
      draft({
        mode: 'shares',
        members: [
          { userId: 'anna', value: '0,7' },
          { userId: 'ben', value: '0,3' },
        ],
      }),
    );
    expect(parts(preview)).toEqual({ anna: '0.04', ben: '0.01' });
  });

  it('says when percentages do not make 100, and shows the parts of what they cover meanwhile', () => {
    const preview = previewSplit(
      '200',
      draft({
        mode: 'percent',
        members: [
          { userId: 'anna', value: '70' },
          { userId: 'ben', value: '20' },
        ],
      }),
    );
    expect(parts(preview)).toEqual({ anna: '140.00', ben: '40.00' });
    expect(preview.issues).toEqual([{ field: 'split.members', kind: 'percent', sum: '90.00' }]);
    const whole = previewSplit(
      '200',
      draft({
        mode: 'percent',
        members: [
          { userId: 'anna', value: '70' },
          { userId: 'ben', value: '30' },
        ],
      }),
    );
    expect(whole.issues).toEqual([]);
    expect(parts(whole)).toEqual({ anna: '140.00', ben: '60.00' });
  });

  it('says when exact amounts do not make the rest', () => {
    const preview = previewSplit(
      '50',
      draft({
        mode: 'exact',
        members: [
          { userId: 'anna', value: '20' },
          { userId: 'ben', value: '25' },
        ],
        adjustments: [{ userId: 'ben', amount: '4' }],
      }),
    );
    expect(preview.issues).toEqual([{ field: 'split.members', kind: 'exact', sum: '45.00', expected: '46.00' }]);
  });

  it('says when adjustments are more than the amount, and when payers do not add up', () => {
    const over = previewSplit('10', draft({ members: members('anna'), adjustments: [{ userId: 'ben', amount: '12' }] }));
    expect(over.issues).toContainEqual({ field: 'split.adjustments', kind: 'adjustments', sum: '12.00', expected: '10.00' });
    const paid = previewSplit(
      '90',
      draft({
        members: members('anna', 'ben'),
        paidBy: [
          { userId: 'anna', amount: '50' },
          { userId: 'ben', amount: '30' },
        ],
      }),
    );
    expect(paid.issues).toEqual([{ field: 'split.paidBy', kind: 'paid', sum: '80.00', expected: '90.00' }]);
  });

  it('names a missing or zero weight by its member', () => {
    const preview = previewSplit(
      '10',
      draft({
        mode: 'shares',
        members: [
          { userId: 'anna', value: '1' },
          { userId: 'ben', value: '0' },
        ],
      }),
    );
    expect(preview.issues).toEqual([{ field: 'split.members.1.value', kind: 'value', userId: 'ben' }]);
    expect(parts(preview)).toEqual({ anna: '10.00', ben: '0.00' });
  });

  it('asks for a weight when every share is 0 (or no member shares), as the service refuses such a split', () => {
    const zeros = previewSplit(
      '10',
      draft({
        mode: 'shares',
        members: [
          { userId: 'anna', value: '0' },
          { userId: 'ben', value: '0,00' },
        ],
      }),
    );
    expect(zeros.issues).toEqual([
      { field: 'split.members.0.value', kind: 'value', userId: 'anna' },
      { field: 'split.members.1.value', kind: 'value', userId: 'ben' },
    ]);
    expect(parts(zeros)).toEqual({ anna: '0.00', ben: '0.00' });
    expect(previewSplit('10', draft({ mode: 'equal', members: [] })).issues).toEqual([{ field: 'split.members', kind: 'none' }]);
  });
});

describe('splitBody', () => {
  it('sends decimal strings as the API takes them; one payer pays the whole amount', () => {
    expect(
      splitBody(
        '42.00',
        draft({
          mode: 'percent',
          members: [
            { userId: 'anna', value: '70' },
            { userId: 'ben', value: '30,5' },
          ],
          adjustments: [{ userId: 'ben', amount: '6,00' }],
        }),
      ),
    ).toEqual({
      paidBy: [{ userId: 'anna', amount: '42.00' }],
      mode: 'percent',
      members: [
        { userId: 'anna', value: '70' },
        { userId: 'ben', value: '30.5' },
      ],
      adjustments: [{ userId: 'ben', amount: '6.00' }],
    });
    expect(splitBody('10', draft({ members: members('anna', 'ben') })).members).toEqual([{ userId: 'anna' }, { userId: 'ben' }]);
  });
});
