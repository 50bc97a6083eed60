import { beforeAll, describe, expect, it } from 'vitest';
import { activate, loadMessages } from '@/i18n';
import { loadSection } from '@/i18n/locales';
import { addFailureText, failureText, skippedText } from './reasons';

describe("the calendar's other calendars, in the person's language", () => {
  beforeAll(() => loadSection('calendar'));

  it("words an import's left-out event from its reason code and title, never from the English message", async () => {
    activate('de', await loadMessages('de'));
    expect(skippedText({ uid: 'party@club.example', reason: 'NO_START', params: { title: 'Party' } })).toBe('„Party“: er hat keine Anfangszeit');
    expect(skippedText({ uid: 'x@club.example', reason: 'UNREADABLE', params: {} })).toBe(
      'x@club.example: er enthält einen Wert, der nicht gelesen werden kann',
    );
    activate('en', await loadMessages('en'));
    expect(skippedText({ uid: null, reason: 'NO_UID', params: {} })).toBe('it has no UID, so it could not be told apart from the others');
    expect(skippedText({ uid: null, reason: 'NO_START', params: { title: 'Party' } })).toBe('“Party”: it has no start time');
    expect(skippedText({ uid: null, reason: 'SOMETHING_NEW' as never, params: {} })).toBe('it holds a value that cannot be read');
  });

  it("words an outside calendar's last refresh error from its code and params", async () => {
    activate('de', await loadMessages('de'));
    const german = 'Das letzte Aktualisieren ist fehlgeschlagen: die Adresse antwortete mit dem Fehler 404';
    expect(failureText({ code: 'HTTP_STATUS', params: { status: 404 } })).toBe(german);
    activate('en', await loadMessages('en'));
    expect(failureText({ code: 'TOO_LARGE', params: { maxMb: 5 } })).toBe('The last refresh failed: the calendar is larger than 5 MB');
    expect(failureText({ code: 'TIMED_OUT', params: { seconds: 10 } })).toBe('The last refresh failed: no answer within 10 seconds');
    expect(failureText({ code: 'SOMETHING_NEW' as never, params: {} })).toBe('The last refresh failed.');
  });

  it("words why an outside calendar could not be added from the problem's failure, and a code it does not know without why", async () => {
    activate('de', await loadMessages('de'));
    expect(addFailureText({ code: 'HTTP_STATUS', params: { status: 404 } })).toBe(
      'Der Kalender konnte nicht gelesen werden: die Adresse antwortete mit dem Fehler 404',
    );
    activate('en', await loadMessages('en'));
    expect(addFailureText({ code: 'NOT_A_CALENDAR', params: {} })).toBe('The calendar could not be read: the address did not answer with a calendar');
    expect(addFailureText({ code: 'SOMETHING_NEW', params: {} })).toBe('The calendar could not be fetched from that address. Check it and try again.');
  });

  it('has a message in every language for every code the service can answer (the lists generated from openapi.json)', async () => {
    const { ICS_SKIP_REASON_VALUES, SUBSCRIPTION_ERROR_VALUES } = await import('@client');
    for (const locale of ['en', 'de']) {
      const messages = await loadMessages(locale);
      expect(ICS_SKIP_REASON_VALUES.filter((code) => !(`calendar.import.reason.${code}` in messages))).toEqual([]);
      expect(SUBSCRIPTION_ERROR_VALUES.filter((code) => !(`calendar.other.failure.${code}` in messages))).toEqual([]);
    }
    activate('en', await loadMessages('en'));
  });
});
