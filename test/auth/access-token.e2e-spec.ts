import { createHmac } from 'node:crypto';
import { createTestApp, TestApp } from '../support/app';
import { createUser, login } from '../support/factories';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access token verification (global guard)', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    secret = 'test-secret-that-is-long-enough-for-hs256-0123456789';
  });
  afterAll(() => t.close());

  const sign = (header: object, claims: object, key = secret) => {
    const unsigned = `${b64(header)}.${b64(claims)}`;
    return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
  };
  const call = (token: string) => t.api('GET', '/sessions', { token });

  it('accepts a valid token', async () => {
    const { accessToken } = await login(t, await createUser(t));
    expect((await call(accessToken)).statusCode).toBe(200);
  });

  it('refuses a tampered payload', async () => {
    const { accessToken } = await login(t, await createUser(t));
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${b64({ ...claims, Role: 'Admin' })}.${signature}`;
    const response = await call(tampered);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses alg:none', async () => {
    const { claims } = await login(t, await createUser(t));
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await call(token)).statusCode).toBe(401);
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const { claims } = await login(t, await createUser(t));
    const now = Math.floor(Date.now() / 1000);
    const response = await call(sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 1000, exp: now - 10 }));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a wrong audience and a wrong issuer', async () => {
    const { claims } = await login(t, await createUser(t));
    expect((await call(sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'someone-else' }))).statusCode).toBe(401);
    expect((await call(sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'someone-else' }))).statusCode).toBe(401);
    // the same claims re-signed correctly pass: the refusals above are about aud/iss only
    expect((await call(sign({ alg: 'HS256', typ: 'JWT' }, claims))).statusCode).toBe(200);
  });

  it('refuses a token signed with another key, or with another algorithm', async () => {
    const { claims } = await login(t, await createUser(t));
    expect((await call(sign({ alg: 'HS256', typ: 'JWT' }, claims, 'another-key-another-key-another-key'))).statusCode).toBe(401);
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
    const token = `${hs512}.${createHmac('sha512', secret).update(hs512).digest('base64url')}`;
    expect((await call(token)).statusCode).toBe(401);
  });

  it('refuses a stale PermsVersion with TOKEN_STALE; a refresh then carries the new version', async () => {
    const user = await createUser(t);
    const session = await login(t, user);
    await t.db.query('UPDATE users SET perms_version = perms_version + 1 WHERE id = $1', [user.id]);
    const response = await call(session.accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_STALE');
    const refreshed = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().accessToken;
    expect(JSON.parse(Buffer.from(fresh.split('.')[1], 'base64url').toString()).PermsVersion).toBe(2);
    expect((await call(fresh)).statusCode).toBe(200);
  });

  it('refuses (403) the token of a user whose account left the Active state behind the API', async () => {
    // the admin API also revokes the sessions (401 SESSION_REVOKED); this is the direct database change
    const user = await createUser(t);
    const { accessToken } = await login(t, user);
    await t.db.query(`UPDATE users SET status = 'Deactivated' WHERE id = $1`, [user.id]);
    const response = await call(accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('refuses a missing or non-bearer authorization header', async () => {
    expect((await t.api('GET', '/sessions')).json().code).toBe('UNAUTHORIZED');
    const basic = await t.api('GET', '/sessions', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(401);
  });
});
