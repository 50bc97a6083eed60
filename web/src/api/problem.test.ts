import { describe, expect, it } from 'vitest';
import { applyProblem } from './form-errors';
import { describeProblem, ProblemError, readProblem, retryAfterSeconds } from './problem';

describe('problem details', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('says when to retry after a rate limit or a cooldown, and passes the API’s own messages on verbatim', async () => {
    const limited = await readProblem(new Response(JSON.stringify({ code: 'RATE_LIMITED', detail: 'Too many requests' }), { status: 429, headers: { 'retry-after': '30' } }));
    expect(describeProblem(limited)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(describeProblem(new ProblemError(429, { code: 'COOLDOWN' }, 300))).toBe('We sent an email a moment ago. You can ask for another in 5 minutes.');
    expect(describeProblem(new ProblemError(403, { code: 'REGISTRATION_PENDING', detail: 'Registration pending admin approval' }))).toBe(
      'Registration pending admin approval',
    );
    expect(describeProblem(new ProblemError(503, { code: 'SERVICE_UNAVAILABLE', detail: 'db down' }))).toBe('Hearth is temporarily unavailable. Try again in a moment.');
    expect(describeProblem(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it('a body that is not JSON keeps the status', async () => {
    const problem = await readProblem(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(problem).toMatchObject({ status: 502, code: 'UNKNOWN', errors: [] });
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
    const summary = applyProblem(new ProblemError(401, { code: 'INVALID_CREDENTIALS', detail: 'Invalid username or password' }), ['username'] as const, () => undefined);
    expect(summary).toEqual([{ message: 'Invalid username or password' }]);
  });
});
