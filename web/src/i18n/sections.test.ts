import { describe, expect, it } from 'vitest';
import { english, loadMessages, loadSection } from './locales';

// the calendar's and the history's words load with their pages, not with the app (web/build/messages-plugin.mts)
describe('message sections loaded with their pages', () => {
  it('are not in the first load, and are in every language once their page has loaded them', async () => {
    expect(english['calendar.new']).toBeUndefined();
    expect(english['history.title']).toBeUndefined();
    expect(english['nav.calendar']).toBe('Calendar');
    const german = await loadMessages('de');
    await loadSection('calendar');
    expect(english['calendar.new']).toBe('New event');
    expect(german['calendar.new']).toBe('Neuer Termin');
    expect(german['history.title']).toBeUndefined();
    // a section loaded later reaches the languages loaded before it
    await loadSection('history');
    expect((await loadMessages('de'))['history.title']).toBeDefined();
    expect(english['history.title']).toBeDefined();
  });
});
