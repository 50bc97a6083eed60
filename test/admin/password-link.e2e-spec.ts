import { ACCOUNT_ENV } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, signedInUser } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** A new set-password link from the administrator's page, for a member whose link got lost or expired. */
describe('POST /users/{userId}/password-link', () => {
  let t: TestApp;
  let mail: TestMailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('makes a new 7-day link that sets the password, and ends the previous one', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const created = await t.api('POST', '/users', {
      token: admin.accessToken,
      payload: { username: 'oma.helga', email: 'helga@example.test', nickname: 'Helga', groupId: admin.groupId },
    });
    expect(created.statusCode).toBe(201);
    const first = tokenOf(created.json().setPasswordUrl);

    const before = Date.now();
    const response = await t.api('POST', `/users/${created.json().user.id}/password-link`, { token: admin.accessToken });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      setPasswordUrl: expect.stringMatching(/^http:\/\/localhost:5173\/reset-password\?token=[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
    const days = (new Date(body.expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const second = tokenOf(body.setPasswordUrl);
    expect(second).not.toBe(first);

    // the new link is mailed as well, saying earlier links no longer work
    const mailed = await mail.waitForMail('helga@example.test', { subject: /new link/i });
    expect(tokenFromMail(mailed, 'reset-password')).toBe(second);
    expect(mailed.text).toContain('oma.helga');

    // the old link is over: the same answer as a used link
    const old = await t.api('POST', '/account/password/reset', { payload: { token: first, newPassword: 'Helgas-old-link-1' } });
    expect([old.statusCode, old.json().code]).toEqual([400, 'INVALID_TOKEN']);
    const oldPreview = await t.api('POST', '/account/password/reset/preview', { payload: { token: first } });
    expect([oldPreview.statusCode, oldPreview.json().code]).toEqual([400, 'INVALID_TOKEN']);

    // the new one sets the password, once
    expect((await t.api('POST', '/account/password/reset', { payload: { token: second, newPassword: 'Helgas-own-passphrase' } })).statusCode).toBe(200);
    expect((await t.api('POST', '/session', { payload: { username: 'oma.helga', password: 'Helgas-own-passphrase' } })).statusCode).toBe(200);
    const again = await t.api('POST', '/account/password/reset', { payload: { token: second, newPassword: 'Another-passphrase-1' } });
    expect([again.statusCode, again.json().code]).toEqual([400, 'INVALID_TOKEN']);
  });

  it('works for a member who already has a password: the link replaces it, the old one keeps working until then', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const member = await createUser(t, { groupId: admin.groupId, password: 'Forgotten-passphrase-1' });
    const response = await t.api('POST', `/users/${member.id}/password-link`, { token: admin.accessToken });
    expect(response.statusCode).toBe(201);
    // making a link changes nothing yet
    expect((await t.api('POST', '/session', { payload: { username: member.username, password: 'Forgotten-passphrase-1' } })).statusCode).toBe(200);
    const token = tokenOf(response.json().setPasswordUrl);
    expect((await t.api('POST', '/account/password/reset', { payload: { token, newPassword: 'Remembered-passphrase-2' } })).statusCode).toBe(200);
    expect((await t.api('POST', '/session', { payload: { username: member.username, password: 'Forgotten-passphrase-1' } })).statusCode).toBe(401);
    expect((await t.api('POST', '/session', { payload: { username: member.username, password: 'Remembered-passphrase-2' } })).statusCode).toBe(200);
  });

  it('is for administrators of any group, like the other user routes: 403 for a member, 404 for an unknown user, 400 for a bad id', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const otherGroup = await createGroup(t, { name: 'Neighbours' });
    const neighbour = await createUser(t, { groupId: otherGroup.id });
    const member = await signedInUser(t, { groupId: admin.groupId! });

    const refused = await t.api('POST', `/users/${neighbour.id}/password-link`, { token: member.accessToken });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    const own = await t.api('POST', `/users/${member.id}/password-link`, { token: member.accessToken });
    expect(own.statusCode).toBe(403);
    expect((await t.api('POST', `/users/${neighbour.id}/password-link`)).statusCode).toBe(401);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM account_tokens WHERE user_id = ANY($1)`, [[neighbour.id, member.id]]);
    expect(count).toBe(0);

    const unknown = await t.api('POST', '/users/0193c5c0-0000-7000-8000-00000000dead/password-link', { token: admin.accessToken });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await t.api('POST', '/users/not-a-uuid/password-link', { token: admin.accessToken })).statusCode).toBe(400);

    // administrators manage every user, whatever the group (GET /users lists them all)
    expect((await t.api('POST', `/users/${neighbour.id}/password-link`, { token: admin.accessToken })).statusCode).toBe(201);
  });
});
