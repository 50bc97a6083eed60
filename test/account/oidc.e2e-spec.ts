import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, login, refreshCookieOf, signedInUser } from '../support/factories';
import { ProviderAccount, startTestProvider, TestBrowser, TestProvider } from '../support/oidc-provider';

const HEARTH = 'http://hearth.test';
const APP = 'http://app.test';
const CALLBACK = `${HEARTH}/api/v1/session/oidc/callback`;

let counter = 0;
const person = (extra: Partial<ProviderAccount> = {}): ProviderAccount => {
  const n = `${process.pid}x${++counter}`;
  return {
    sub: `sub-${n}`,
    email: `oidc${n}@example.test`,
    email_verified: true,
    preferred_username: `anna.${n}`,
    name: 'Anna Provider',
    groups: [],
    ...extra,
  };
};

/** docs/accounts.md, "Signing in with your own identity provider": the whole flow against a real OpenID provider. */
describe('OpenID Connect sign-in', () => {
  let provider: TestProvider;
  let t: TestApp;
  let familyGroup: { id: string; name: string };

  const browser = () => new TestBrowser(HEARTH, (url, cookies) => t.inject({ url, cookies }) as never);

  /** Presses the provider's button in a fresh browser; answers where it ended and the browser. */
  async function signIn(account: ProviderAccount | null, returnTo?: string, b = browser()) {
    if (account) provider.signInAs(account);
    const end = await b.open(`${HEARTH}/api/v1/session/oidc${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    return { end: end.url, browser: b, refresh: b.cookies(HEARTH).refresh_token };
  }

  /** The access token the app gets from the refresh cookie the callback set. */
  async function accessTokenOf(refresh: string) {
    const response = await t.api('POST', '/session/refresh', { cookies: { refresh_token: refresh } });
    expect(response.statusCode).toBe(200);
    return response.json().accessToken as string;
  }

  beforeAll(async () => {
    provider = await startTestProvider([CALLBACK], [`${APP}/sign-in?signed-out=1`]);
    t = await createTestApp({
      PUBLIC_URL: HEARTH,
      APP_URL: APP,
      CORS_ORIGINS: APP,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_SCOPES: 'openid profile email groups',
      OIDC_BUTTON_LABEL: 'Family login',
      OIDC_ALLOW_INSECURE: 'true',
      OIDC_LINK_VERIFIED_EMAIL: 'true',
      OIDC_CREATE_ACCOUNTS: 'true',
      OIDC_ADMIN_GROUP: 'hearth-admins',
    });
    familyGroup = await createGroup(t, { name: `Family ${process.pid}` });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('tells the sign-in page what it offers', async () => {
    const options = await t.api('GET', '/session/options');
    expect(options.json()).toEqual({ localLogin: true, oidc: { buttonLabel: 'Family login', url: '/api/v1/session/oidc' } });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const response = await t.api('GET', '/session/oidc?returnTo=/notes');
    expect(response.statusCode).toBe(302);
    const to = new URL(response.headers.location as string);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(response.cookies.find((cookie) => cookie.name === 'oidc_browser')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('links an account with the same verified email, signs in as the password does, listed as the provider', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    const { end, refresh } = await signIn(person({ email: member.email.toUpperCase() }), '/notes');
    expect(end.href).toBe(`${APP}/notes`);
    const token = await accessTokenOf(refresh);
    const me = await t.api('GET', '/account', { token });
    expect(me.json()).toMatchObject({ id: member.id, username: member.username });
    const sessions = await t.api('GET', '/sessions', { token });
    expect(sessions.json()).toEqual([expect.objectContaining({ isCurrent: true, signedInWith: 'Family login' })]);
    const link = await t.api('GET', '/account/oidc', { token });
    expect(link.json()).toMatchObject({ linked: true, buttonLabel: 'Family login' });
  });

  it('finds the account by the provider’s subject next time, whatever the email says then', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    const account = person({ email: member.email });
    await signIn(account);
    const again = await signIn({ ...account, email: 'changed@example.test', email_verified: false });
    expect((await t.api('GET', '/account', { token: await accessTokenOf(again.refresh) })).json().id).toBe(member.id);
  });

  it('never links by an unverified email', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    const { end } = await signIn(person({ email: member.email, email_verified: false }));
    // a new account would take the same address: refused by its uniqueness, never linked to the member's
    expect(end.origin + end.pathname).toBe(`${APP}/sign-in`);
    const [links] = await t.db.query('SELECT count(*)::int AS n FROM user_identities WHERE user_id = $1', [member.id]);
    expect(links.n).toBe(0);
  });

  it('makes a new account pending an administrator’s approval, named from the provider', async () => {
    const account = person({ preferred_username: 'new kid!', name: 'New Kid' });
    const { end } = await signIn(account);
    expect(end.href).toBe(`${APP}/sign-in?error=REGISTRATION_PENDING`);
    const [user] = await t.db.query(
      'SELECT u.username, u.nickname, u.status, u.email_status FROM users u JOIN user_identities i ON i.user_id = u.id WHERE i.subject = $1',
      [account.sub],
    );
    expect(user).toEqual({ username: 'newkid', nickname: 'New Kid', status: 'Pending', email_status: 'Confirmed' });
    // a second one with the same preferred name gets a name of its own
    await signIn(person({ preferred_username: 'new kid!' }));
    const names = await t.db.query(`SELECT username FROM users WHERE username LIKE 'newkid%' ORDER BY username`);
    expect(names.map((row: { username: string }) => row.username)).toEqual(['newkid', 'newkid2']);
  });

  it('makes the provider’s admin group the role, at every sign-in', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    const account = person({ email: member.email, groups: ['hearth-admins', 'family'] });
    const first = await signIn(account);
    const claims = JSON.parse(Buffer.from((await accessTokenOf(first.refresh)).split('.')[1], 'base64url').toString());
    expect(claims.Role).toBe('Admin');
    const second = await signIn({ ...account, groups: ['family'] });
    const after = JSON.parse(Buffer.from((await accessTokenOf(second.refresh)).split('.')[1], 'base64url').toString());
    expect(after.Role).toBe('User');
  });

  it('ends on the sign-in page with a message when the person refuses at the provider', async () => {
    provider.signInAs(person());
    provider.refuseNext();
    const { end, refresh } = await signIn(null);
    expect(end.href).toBe(`${APP}/sign-in?error=OIDC_REFUSED`);
    expect(refresh).toBeUndefined();
  });

  it('refuses a forged state, a state from another browser, and a replayed answer', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    provider.signInAs(person({ email: member.email }));
    const b = browser();
    const atCallback = await b.open(`${HEARTH}/api/v1/session/oidc`, (url) => url.href.startsWith(CALLBACK));
    const callback = atCallback.url;

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const withForged = await t.inject({ url: forged.pathname + forged.search, cookies: b.cookies(HEARTH) });
    expect(withForged.statusCode).toBe(302);
    expect(withForged.headers.location).toBe(`${APP}/sign-in?error=OIDC_STATE_INVALID`);

    // the answer carried to another browser (a login CSRF) is refused, and the state is spent
    const elsewhere = await t.inject({ url: callback.pathname + callback.search });
    expect(elsewhere.headers.location).toBe(`${APP}/sign-in?error=OIDC_STATE_INVALID`);
    const replayed = await t.inject({ url: callback.pathname + callback.search, cookies: b.cookies(HEARTH) });
    expect(replayed.headers.location).toBe(`${APP}/sign-in?error=OIDC_STATE_INVALID`);
    expect(refreshCookieOf(replayed as never)).toBeUndefined();
  });

  it('refuses a replayed code: the second use of an answer signs nobody in', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    provider.signInAs(person({ email: member.email }));
    const b = browser();
    const { url: callback } = await b.open(`${HEARTH}/api/v1/session/oidc`, (url) => url.href.startsWith(CALLBACK));
    const first = await t.inject({ url: callback.pathname + callback.search, cookies: b.cookies(HEARTH) });
    expect(first.headers.location).toBe(`${APP}/`);
    const second = await t.inject({ url: callback.pathname + callback.search, cookies: b.cookies(HEARTH) });
    expect(second.headers.location).toMatch(/\/sign-in\?error=OIDC_(STATE|TOKEN)_INVALID$/);
  });

  it.each([
    ['a bad signature', 'bad-signature'],
    ['a foreign audience', 'foreign-aud'],
    ['an expired ID token', 'expired'],
    ['another nonce', 'wrong-nonce'],
  ] as const)('refuses an ID token with %s', async (_label, mode) => {
    const member = await createUser(t, { groupId: familyGroup.id });
    provider.signInAs(person({ email: member.email }));
    provider.tamper(mode);
    const { end, refresh } = await signIn(null);
    expect(end.href).toBe(`${APP}/sign-in?error=OIDC_TOKEN_INVALID`);
    expect(refresh).toBeUndefined();
  });

  it('refuses an ID token that expired by the service’s clock', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    provider.signInAs(person({ email: member.email }));
    // the provider's tokens live an hour: two hours on, the one it gives is expired
    t.clock.set(new Date(Date.now() + 2 * 3600_000));
    try {
      const { end } = await signIn(null);
      expect(end.href).toBe(`${APP}/sign-in?error=OIDC_TOKEN_INVALID`);
    } finally {
      t.clock.reset();
    }
  });

  it('links and unlinks the provider from the account', async () => {
    const member = await signedInUser(t, { groupId: familyGroup.id });
    const account = person({ email: 'someone-else@example.test' });
    provider.signInAs(account);
    const b = browser();
    const started = await t.api('POST', '/account/oidc/link', { token: member.accessToken, payload: { returnTo: '/account/connected' } });
    expect(started.statusCode).toBe(200);
    for (const cookie of started.cookies) (b as any).keep(HEARTH, cookie.name, cookie.value);
    const { url } = await b.open(started.json().url);
    expect(url.href).toBe(`${APP}/account/connected?oidc=linked`);
    expect((await t.api('GET', '/account/oidc', { token: member.accessToken })).json().linked).toBe(true);
    // the provider's person now signs in as the member
    const { refresh } = await signIn(account);
    expect((await t.api('GET', '/account', { token: await accessTokenOf(refresh) })).json().id).toBe(member.id);

    expect((await t.api('DELETE', '/account/oidc', { token: member.accessToken, payload: { currentPassword: 'wrong-one' } })).statusCode).toBe(400);
    expect((await t.api('DELETE', '/account/oidc', { token: member.accessToken, payload: { currentPassword: member.password } })).statusCode).toBe(204);
    expect((await t.api('GET', '/account/oidc', { token: member.accessToken })).json().linked).toBe(false);
  });

  it('signs out at the provider too, when the session began there', async () => {
    const member = await createUser(t, { groupId: familyGroup.id });
    const { refresh } = await signIn(person({ email: member.email }));
    const token = await accessTokenOf(refresh);
    const out = await t.api('DELETE', '/session', { token });
    expect(out.statusCode).toBe(200);
    const end = new URL(out.json().endSessionUrl);
    expect(end.origin).toBe(provider.issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${APP}/sign-in?signed-out=1`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    // a password session signs out here only
    const withPassword = await login(t, member);
    expect((await t.api('DELETE', '/session', { token: withPassword.accessToken })).statusCode).toBe(204);
  });
});

describe('OpenID Connect with local login off', () => {
  let provider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestProvider([CALLBACK]);
    t = await createTestApp({
      PUBLIC_URL: HEARTH,
      APP_URL: APP,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOW_INSECURE: 'true',
      LOCAL_LOGIN: 'false',
      OIDC_CREATE_ACCOUNTS: 'false',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('refuses password sign-in, registration and resets with 401 LOCAL_LOGIN_DISABLED', async () => {
    const member = await createUser(t);
    expect((await t.api('GET', '/session/options')).json()).toEqual({
      localLogin: false,
      oidc: { buttonLabel: 'Single sign-on', url: '/api/v1/session/oidc' },
    });
    for (const [path, payload] of [
      ['/session', { username: member.username, password: member.password }],
      ['/account/register', { username: 'newone', email: 'n@example.test', password: 'Tidy-Otter-Rides-73', nickname: 'N', captcha: 'x' }],
      ['/account/password/forgot', { email: member.email, captcha: 'x' }],
      ['/account/password/reset', { token: 'x', newPassword: 'Tidy-Otter-Rides-73' }],
    ] as const) {
      const response = await t.api('POST', path, { payload });
      expect([path, response.statusCode, response.json().code]).toEqual([path, 401, 'LOCAL_LOGIN_DISABLED']);
    }
  });

  it('says the account is unknown when it may not make one', async () => {
    provider.signInAs(person());
    const b = new TestBrowser(HEARTH, (url, cookies) => t.inject({ url, cookies }) as never);
    const { url } = await b.open(`${HEARTH}/api/v1/session/oidc`);
    expect(url.href).toBe(`${APP}/sign-in?error=OIDC_UNKNOWN_ACCOUNT`);
  });
});
