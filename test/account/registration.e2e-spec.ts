import { ACCOUNT_ENV, newRegistration, register, solveCaptcha } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';

/** POST /account/register, PATCH /account/email/confirm and the confirmation mail, through HTTP and real SMTP. */
describe('registration and email confirmation', () => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env, EMAIL_COOLDOWN_SECONDS: '60' });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const login = (username: string, password: string) => t.api('POST', '/session', { payload: { username, password } });
  const confirm = (token: string) => t.api('PATCH', '/account/email/confirm', { payload: { token } });

  it('walks the whole journey: register → mail → confirm → pending approval → admin activates → login', async () => {
    const admin = await createUser(t, { role: 'Admin', email: 'admin-journey@example.test' });
    const { response, registration } = await register(t, { nickname: 'Journey <b>' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'Pending' });

    const [user] = await t.db.query('SELECT * FROM users WHERE id = $1', [id]);
    expect(user).toMatchObject({
      username: registration.username,
      email: registration.email,
      status: 'Pending',
      email_status: 'Unconfirmed',
      role: 'User',
      group_id: null,
    });
    expect(user.password_hash).toMatch(/^\$2[aby]\$/);

    const message = await mail.waitForMail(registration.email);
    expect(message.subject).toBe('Confirm your email address');
    expect(message.text).toMatch(/http:\/\/localhost:5173\/confirm-email\?token=[A-Za-z0-9_-]{43}/);
    expect(message.html).toContain('Journey &lt;b&gt;');
    expect(message.html).not.toContain('Journey <b>');
    const token = tokenFromMail(message, 'confirm-email');
    const [stored] = await t.db.query(`SELECT token_hash FROM account_tokens WHERE user_id = $1`, [id]);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);

    const notice = await mail.waitForMail(admin.email);
    expect(notice.subject).toContain(registration.username);
    expect(notice.text).toContain(registration.email);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ emailStatus: 'Confirmed' });

    const pending = await login(registration.username, registration.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ code: 'REGISTRATION_PENDING', detail: 'Registration pending admin approval' });

    const group = await createGroup(t);
    await t.db.query(`UPDATE users SET status = 'Active', group_id = $2 WHERE id = $1`, [id, group.id]);
    const signedIn = await login(registration.username, registration.password);
    expect(signedIn.statusCode).toBe(200);

    const history = await t.db.query(`SELECT action, user_id FROM action_histories WHERE entity_id = $1 ORDER BY created_date`, [id]);
    expect(history.map((row: { action: string }) => row.action)).toEqual(['Created', 'Updated']);
    expect(history[0].user_id).toBe(id);
  });

  it('stores nothing and sends nothing when the honeypot is filled, yet answers alike', async () => {
    const registration = newRegistration();
    const response = await t.api('POST', '/account/register', { payload: { ...registration, captcha: 'not even solved', website: 'http://spam.example' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), status: 'Pending' });
    expect(await t.db.query('SELECT id FROM users WHERE username = $1', [registration.username])).toHaveLength(0);
    const jobs = await t.db.query(`SELECT 1 FROM pgboss.job WHERE name = 'mail-send' AND data->>'to' = $1`, [registration.email]);
    expect(jobs).toHaveLength(0);
  });

  it('refuses a missing, wrong or replayed CAPTCHA with 400 CAPTCHA_INVALID', async () => {
    const captcha = await solveCaptcha(t);
    const first = await t.api('POST', '/account/register', { payload: { ...newRegistration(), captcha } });
    expect(first.statusCode).toBe(201);
    const replay = await t.api('POST', '/account/register', { payload: { ...newRegistration(), captcha } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('CAPTCHA_INVALID');
    const wrong = await t.api('POST', '/account/register', { payload: { ...newRegistration(), captcha: 'bm9wZQ==' } });
    expect(wrong.json().code).toBe('CAPTCHA_INVALID');
    const missing = await t.api('POST', '/account/register', { payload: newRegistration() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain('captcha');
  });

  it.each([
    ['a too short username', { username: 'ab' }, 'username'],
    ['a username with spaces', { username: 'bad name' }, 'username'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['an empty nickname', { nickname: '' }, 'nickname'],
    ['a 26-character nickname', { nickname: 'n'.repeat(26) }, 'nickname'],
    ['a 7-character password', { password: 'Abc-123' }, 'password'],
    ['a password over 72 bytes', { password: 'é'.repeat(37) }, 'password'],
    ['a common password', { password: 'Password1' }, 'password'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const response = await t.api('POST', '/account/register', { payload: { ...newRegistration(), ...change, captcha: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('accepts a long passphrase of exactly 72 bytes and an unknown field is refused', async () => {
    const { response, registration } = await register(t, { password: `${'ü'.repeat(35)}xy` });
    expect(response.statusCode).toBe(201);
    const [stored] = await t.db.query('SELECT status, role FROM users WHERE username = $1', [registration.username]);
    expect(stored).toEqual({ status: 'Pending', role: 'User' });
    const attempt = { ...newRegistration(), captcha: 'x', role: 'Admin' };
    const extra = await t.api('POST', '/account/register', { payload: attempt });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toContainEqual(expect.objectContaining({ field: 'role' }));
    expect(await t.db.query('SELECT 1 FROM users WHERE username = $1', [attempt.username])).toEqual([]);
  });

  it('answers 409 USERNAME_TAKEN and EMAIL_TAKEN (email compared case-insensitively)', async () => {
    const existing = await createUser(t, { email: 'taken-user@example.test' });
    const sameName = await register(t, { username: existing.username });
    expect(sameName.response.statusCode).toBe(409);
    expect(sameName.response.json().code).toBe('USERNAME_TAKEN');
    const sameEmail = await register(t, { email: 'Taken-User@Example.test' });
    expect(sameEmail.response.statusCode).toBe(409);
    expect(sameEmail.response.json().code).toBe('EMAIL_TAKEN');
    // usernames are case-sensitive: another case is another name
    const otherCase = await register(t, { username: existing.username.toUpperCase() });
    expect(otherCase.response.statusCode).toBe(201);
  });

  it('refuses invalid and reused confirmation tokens with 400 INVALID_TOKEN', async () => {
    expect((await confirm('made-up-token')).json()).toMatchObject({ status: 400, code: 'INVALID_TOKEN' });
    const { registration } = await register(t);
    const token = tokenFromMail(await mail.waitForMail(registration.email), 'confirm-email');
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await confirm(token)).json().code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired confirmation token', async () => {
    const { registration } = await register(t);
    const token = tokenFromMail(await mail.waitForMail(registration.email), 'confirm-email');
    await t.db.query(`UPDATE account_tokens SET expires_date = now() - interval '1 second' WHERE email = $1`, [registration.email]);
    expect((await confirm(token)).json().code).toBe('INVALID_TOKEN');
  });

  it('lets exactly one of 100 parallel uses of a token succeed', async () => {
    const { registration } = await register(t);
    const token = tokenFromMail(await mail.waitForMail(registration.email), 'confirm-email');
    const responses = await Promise.all(Array.from({ length: 100 }, () => confirm(token)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(99);
  });

  it('re-sends the confirmation when an unconfirmed user logs in, at most once per cooldown', async () => {
    const { response, registration } = await register(t);
    const id = response.json().id;
    await mail.waitForMail(registration.email);
    // outside the cooldown: the first login re-sends
    await t.db.query(`UPDATE account_tokens SET created_date = created_date - interval '2 minutes' WHERE user_id = $1`, [id]);
    const first = await login(registration.username, registration.password);
    expect(first.statusCode).toBe(403);
    expect(first.json().code).toBe('EMAIL_NOT_CONFIRMED');
    const resent = await mail.waitForMail(registration.email, { count: 2 });
    // inside the cooldown: refused alike, nothing sent
    expect((await login(registration.username, registration.password)).json().code).toBe('EMAIL_NOT_CONFIRMED');
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM account_tokens WHERE user_id = $1`, [id]);
    expect(n).toBe(2);
    // the newest link works
    expect((await confirm(tokenFromMail(resent, 'confirm-email'))).statusCode).toBe(200);
  });
});
