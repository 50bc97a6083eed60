import { cut, fitted, lateTitle } from './notification-text';

describe('notification texts fit their columns', () => {
  it('cuts by characters as PostgreSQL counts them, never inside an emoji, ending in "…"', () => {
    expect(cut('short', 10)).toBe('short');
    expect(cut('0123456789', 10)).toBe('0123456789');
    expect(cut('0123456789X', 10)).toBe('012345678…');
    expect(cut('🏠🏠🏠🏠🏠', 3)).toBe('🏠🏠…');
    expect(cut('word    more', 8)).toBe('word…');
  });

  it('cuts what was typed, never the message’s own words or amounts', () => {
    const text = fitted(
      'en',
      'notifications.billReminder.body',
      { description: 'x'.repeat(2000), amount: '€950.00', days: 1, type: 'Expense' },
      ['description'],
      1000,
    );
    expect([...text]).toHaveLength(1000);
    expect(text.endsWith('x… €950.00 is due tomorrow')).toBe(true);
    const noted = fitted('de', 'notifications.noteReminder.body', { title: 'y'.repeat(1200), open: 2, count: 3 }, ['title'], 1000);
    expect(noted.length).toBeLessThanOrEqual(1000);
    expect(noted).toMatch(/^Auf „y+…“ sind noch 2 von 3 Einträgen offen\.$/);
  });

  it('keeps the "late" mark whole', () => {
    const title = lateTitle('en', `Reminder: ${'z'.repeat(190)}`);
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title.endsWith('z… (late)')).toBe(true);
  });
});
