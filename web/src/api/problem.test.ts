import { describe, expect, it } from 'vitest';
import { activate, loadMessages } from '@/i18n';
import { applyProblem, invalidSummary } from './form-errors';
import { describeProblem, ProblemError, readProblem, retryAfterSeconds } from './problem';

describe('problem details', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('says when to retry after a rate limit or a cooldown, and passes the API’s own messages on verbatim', async () => {
    const limited = await readProblem(
      new Response(JSON.stringify({ code: 'RATE_LIMITED', detail: 'Too many requests' }), { status: 429, headers: { 'retry-after': '30' } }),
    );
    expect(describeProblem(limited)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(describeProblem(new ProblemError(429, { code: 'COOLDOWN' }, 300))).toBe('We sent an email a moment ago. You can ask for another in 5 minutes.');
    expect(describeProblem(new ProblemError(403, { code: 'REGISTRATION_PENDING', detail: 'Registration pending admin approval' }))).toBe(
      'Registration pending admin approval',
    );
    expect(describeProblem(new ProblemError(503, { code: 'SERVICE_UNAVAILABLE', detail: 'db down' }))).toBe(
      'Hearth is temporarily unavailable. Try again in a moment.',
    );
    expect(describeProblem(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it('a body that is not JSON keeps the status', async () => {
    const problem = await readProblem(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(problem).toMatchObject({ status: 502, code: 'UNKNOWN', errors: [] });
  });
});

describe('invalidSummary', () => {
  it('lists every failed rule, those of fields inside lists by their path', () => {
    const errors = {
      sharedByDefault: { type: 'validate', message: 'Choose' },
      members: [undefined, { weight: { type: 'validate', message: 'Enter a weight' } }],
      units: [{ name: { type: 'validate', message: 'Name it' }, userIds: { type: 'validate', message: 'Two' } }],
      mode: { type: 'validate' },
    };
    expect(invalidSummary(errors)).toEqual([
      { field: 'sharedByDefault', message: 'Choose' },
      { field: 'members.1.weight', message: 'Enter a weight' },
      { field: 'units.0.name', message: 'Name it' },
      { field: 'units.0.userIds', message: 'Two' },
    ]);
  });
});

describe('applyProblem', () => {
  it('puts each field’s message on its field, worded with the label, and the rest in the summary', () => {
    const set: Record<string, string> = {};
    const error = new ProblemError(400, {
      code: 'VALIDATION_FAILED',
      detail: 'Validation failed',
      errors: [
        { field: 'newPassword', message: 'newPassword must be at least 8 characters' },
        { field: 'items[0].text', message: 'text must not be empty' },
        { field: 'somethingElse', message: 'is odd' },
      ],
    });
    const summary = applyProblem(error, ['newPassword', 'text'] as const, (field, { message }) => (set[field] = message), { newPassword: 'New password' });
    expect(set).toEqual({ newPassword: 'New password must be at least 8 characters', text: 'text must not be empty' });
    expect(summary).toEqual([
      { field: 'newPassword', message: 'New password must be at least 8 characters' },
      { field: 'text', message: 'text must not be empty' },
      { message: 'somethingElse: is odd' },
    ]);
  });

  it('a problem without field errors becomes one summary line', () => {
    const summary = applyProblem(
      new ProblemError(401, { code: 'INVALID_CREDENTIALS', detail: 'Invalid username or password' }),
      ['username'] as const,
      () => undefined,
    );
    expect(summary).toEqual([{ message: 'Invalid username or password' }]);
  });
});

describe('in German', () => {
  it('says each known code in German, and passes an unknown code’s detail on', async () => {
    activate('de', await loadMessages('de'));
    try {
      expect(describeProblem(new ProblemError(401, { code: 'INVALID_CREDENTIALS', detail: 'Invalid username or password' }))).toBe(
        'Benutzername oder Passwort ist falsch.',
      );
      expect(
        describeProblem(new ProblemError(409, { code: 'IMAGE_LIMIT', detail: 'A marker can have at most 10 images', limit: { kind: 'images', max: 10 } })),
      ).toBe('Ein Ort kann höchstens 10 Bilder haben.');
      // the limit comes from the problem's fields, never from its English detail (which named the line, not the limit)
      expect(
        describeProblem(
          new ProblemError(400, { code: 'STATEMENT_TOO_LARGE', detail: 'Line 5 has more than 200 columns', line: 5, limit: { kind: 'columns', max: 200 } }),
        ),
      ).toBe('Eine Zeile des Kontoauszugs hat mehr als 200 Spalten.');
      expect(describeProblem(new ProblemError(429, { code: 'RATE_LIMITED' }, 30))).toBe('Zu viele Versuche. Versuche es in 30 Sekunden noch einmal.');
      expect(describeProblem(new ProblemError(409, { code: 'SOMETHING_NEW', detail: 'A new rule' }))).toBe('A new rule');
      const set: Record<string, string> = {};
      const error = new ProblemError(400, {
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'newPassword', message: 'newPassword must be longer than or equal to 8 characters' },
          { field: 'email', message: 'email must be an email address' },
        ],
      });
      const summary = applyProblem(error, ['newPassword', 'email'] as const, (field, { message }) => (set[field] = message), {
        newPassword: 'Neues Passwort',
        email: 'E-Mail',
      });
      expect(set).toEqual({ newPassword: 'Neues Passwort muss mindestens 8 Zeichen lang sein.', email: 'E-Mail muss eine E-Mail-Adresse sein.' });
      expect(summary.map((item) => item.message)).toEqual([set.newPassword, set.email]);
    } finally {
      activate('en', await loadMessages('en'));
    }
  });

  it('has a message in every language for every code the service can answer (the list generated from openapi.json)', async () => {
    const { ERROR_CODE_VALUES } = await import('@client');
    const { WORDED_BY_STATUS } = await import('./problem');
    for (const locale of ['en', 'de']) {
      const messages = await loadMessages(locale);
      expect(ERROR_CODE_VALUES.filter((code) => !WORDED_BY_STATUS.includes(code) && !(`problem.${code}` in messages))).toEqual([]);
    }
  });
});
