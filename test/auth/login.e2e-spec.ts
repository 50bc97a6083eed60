import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, decodeClaims, DEFAULT_PASSWORD, refreshCookieOf } from '../support/factories';

describe('POST /session (login)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JWT_ACCESS_TTL: '600' });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.api('POST', '/session', { payload, headers });

  it('returns an access token with exactly the specified claims and sets the refresh cookie', async () => {
    const group = await createGroup(t, { currency: 'CHF', modules: ['Map', 'Notes'] });
    const user = await createUser(t, { groupId: group.id, nickname: 'Ally', role: 'Admin' });

    const response = await login({ username: user.username, password: user.password, deviceName: 'Laptop' }, { 'user-agent': 'jest-agent/1.0' });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 600 });
    const header = JSON.parse(Buffer.from(body.accessToken.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeClaims(body.accessToken);
    expect(Object.keys(claims).sort()).toEqual(
      ['Currency', 'GroupId', 'Modules', 'Nickname', 'PermsVersion', 'Role', 'SessionId', 'UserId', 'aud', 'exp', 'iat', 'iss', 'jti'].sort(),
    );
    expect(claims).toMatchObject({
      UserId: user.id,
      Nickname: 'Ally',
      GroupId: group.id,
      Role: 'Admin',
      Currency: 'CHF',
      Modules: ['Map', 'Notes'],
      PermsVersion: 1,
      iss: 'hearth',
      aud: 'hearth-api',
    });
    expect(claims.exp - claims.iat).toBe(600);

    const cookie = refreshCookieOf(response)!;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const [session] = await t.db.query('SELECT * FROM sessions WHERE id = $1', [claims.SessionId]);
    expect(session.user_id).toBe(user.id);
    expect(session.device_name).toBe('Laptop');
    expect(session.user_agent).toBe('jest-agent/1.0');
    // only the SHA-256 of the refresh token is stored
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.token_hash).not.toContain(cookie);
    const days = (new Date(session.expires_date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.99);
    expect(days).toBeLessThan(1.01);
  });

  it('gives a 30-day session with rememberMe', async () => {
    const user = await createUser(t);
    const response = await login({ username: user.username, password: user.password, rememberMe: true });
    expect(response.statusCode).toBe(200);
    const claims = decodeClaims(response.json().accessToken);
    const [session] = await t.db.query('SELECT expires_date FROM sessions WHERE id = $1', [claims.SessionId]);
    const days = (new Date(session.expires_date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it('answers an unknown user and a wrong password with the same 401 body', async () => {
    const user = await createUser(t);
    const unknown = await login({ username: 'nobody-here', password: DEFAULT_PASSWORD });
    const wrong = await login({ username: user.username, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const strip = (body: any) => ({ ...body, requestId: undefined });
    expect(strip(unknown.json())).toEqual(strip(wrong.json()));
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: 'Invalid username or password', status: 401 });
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it('compares usernames case-sensitively', async () => {
    const user = await createUser(t, { username: 'CaseSensitive' });
    const response = await login({ username: 'casesensitive', password: user.password });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    expect(refreshCookieOf(response)).toBeUndefined();
    const exact = await login({ username: 'CaseSensitive', password: user.password });
    expect(exact.statusCode).toBe(200);
    expect(decodeClaims(exact.json().accessToken).UserId).toBe(user.id);
  });

  it('refuses an unconfirmed email before looking at the registration status', async () => {
    const user = await createUser(t, { emailStatus: 'Unconfirmed', status: 'Pending' });
    const response = await login({ username: user.username, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
  });

  it('checks the password before the email (a wrong password never reveals account state)', async () => {
    const user = await createUser(t, { emailStatus: 'Unconfirmed' });
    const response = await login({ username: user.username, password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    ['Pending', 'REGISTRATION_PENDING', 'Registration pending admin approval'],
    ['Declined', 'REGISTRATION_DECLINED', 'Registration has been declined'],
    ['Deactivated', 'ACCOUNT_DEACTIVATED', 'Account has been deactivated'],
  ] as const)('refuses status %s with the specified message', async (status, code, detail) => {
    const user = await createUser(t, { status });
    const response = await login({ username: user.username, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code, detail, status: 403 });
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('refuses a user without a group, after the status check', async () => {
    const noGroup = await createUser(t, { groupId: null });
    const response = await login({ username: noGroup.username, password: noGroup.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NO_GROUP');

    const pendingNoGroup = await createUser(t, { groupId: null, status: 'Pending' });
    const pending = await login({ username: pendingNoGroup.username, password: pendingNoGroup.password });
    expect(pending.json().code).toBe('REGISTRATION_PENDING');
  });

  it('reports validation failures in problem-details shape', async () => {
    const response = await login({ username: '', password: 5, extra: true });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', title: 'Bad Request', type: expect.stringContaining('validation-failed') });
    const fields = body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password', 'extra']));
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MALFORMED_JSON');
  });

  it('echoes a caller-supplied X-Request-Id and generates one otherwise', async () => {
    const supplied = await t.inject({ url: '/health/live', headers: { 'x-request-id': 'trace-abc-123' } });
    expect(supplied.headers['x-request-id']).toBe('trace-abc-123');
    const generated = await t.api('GET', '/sessions');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.json().requestId).toBe(generated.headers['x-request-id']);
  });
});
