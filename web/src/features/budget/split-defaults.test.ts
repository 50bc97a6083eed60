import { describe, expect, it } from 'vitest';
import { isWeight, splitDefaultsBody, splitDefaultsValues } from './split-defaults';

const members = [
  { id: 'anna', nickname: 'Anna' },
  { id: 'ben', nickname: 'Ben' },
];

describe("the group's default split as its form holds it", () => {
  it('starts from every current member when nothing is set yet', () => {
    const values = splitDefaultsValues({ sharedByDefault: false, mode: 'equal', weights: [], units: [] }, members, 'A former member');
    expect(values.members).toEqual([
      { userId: 'anna', nickname: 'Anna', included: true, weight: '' },
      { userId: 'ben', nickname: 'Ben', included: true, weight: '' },
    ]);
    expect(splitDefaultsBody(values)).toEqual({
      sharedByDefault: false,
      mode: 'equal',
      weights: [
        { userId: 'anna', weight: '1' },
        { userId: 'ben', weight: '1' },
      ],
      units: [],
    });
  });

  it('lists who left, unticked and by their name, so saving takes them out of the default; units keep their ids', () => {
    const values = splitDefaultsValues(
      {
        sharedByDefault: true,
        mode: 'shares',
        weights: [
          { userId: 'anna', weight: '2' },
          { userId: 'cleo', weight: '1' },
        ],
        units: [{ id: 'u1', name: 'Anna & Dan', userIds: ['anna', 'dan'] }],
        droppedMembers: [{ userId: 'cleo', name: 'Cleo' }],
      },
      members,
      'A former member',
    );
    expect(values.members.map(({ nickname, included, weight }) => [nickname, included, weight])).toEqual([
      ['Anna', true, '2'],
      ['Ben', false, ''],
      ['Cleo', false, '1'],
      ['A former member', false, ''],
    ]);
    values.members[1] = { ...values.members[1], included: true, weight: '1,5' };
    values.units.push({ key: 'new', name: ' Ben & Cleo ', userIds: ['ben', 'cleo'] });
    expect(splitDefaultsBody(values)).toEqual({
      sharedByDefault: true,
      mode: 'shares',
      weights: [
        { userId: 'anna', weight: '2' },
        { userId: 'ben', weight: '1.5' },
      ],
      units: [
        { id: 'u1', name: 'Anna & Dan', userIds: ['anna', 'dan'] },
        { name: 'Ben & Cleo', userIds: ['ben', 'cleo'] },
      ],
    });
  });

  it('takes a weight above zero only', () => {
    expect([isWeight('1'), isWeight('0,5'), isWeight('0'), isWeight('0.00'), isWeight(''), isWeight('two')]).toEqual([true, true, false, false, false, false]);
  });
});
