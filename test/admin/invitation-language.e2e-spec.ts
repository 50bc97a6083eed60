import { UserInvitationsService } from '../../src/modules/admin/user-invitations.service';
import { ACCOUNT_ENV } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, signedInUser, TestUser } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';

/**
 * Mails to a person who has not chosen a language yet are in the language of the administrator
 * who made the account (or the one the administrator picked); the person's own choice wins later.
 */
describe('the language of an account an administrator made', () => {
  let t: TestApp;
  let mail: TestMailServer;
  let admin: TestUser & { accessToken: string };

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env });
    admin = await signedInUser(t, { role: 'Admin' });
    // the administrator uses Hearth in German
    expect((await t.api('PUT', '/account', { token: admin.accessToken, payload: { locale: 'de' } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const create = (username: string, extra: Record<string, unknown> = {}) =>
    t.api('POST', '/users', {
      token: admin.accessToken,
      payload: { username, email: `${username}@example.test`, nickname: username, groupId: admin.groupId, ...extra },
    });

  it("writes the invitation in the administrator's language when none is given", async () => {
    const response = await create('jonas');
    expect(response.statusCode).toBe(201);
    const invitation = await mail.waitForMail('jonas@example.test');
    expect(invitation.subject).toBe('Dein Hearth-Konto ist bereit');
    expect(invitation.text).toContain('Hallo jonas,');
    expect(invitation.text).toContain('Dein Benutzername ist jonas.');
    expect(tokenFromMail(invitation, 'reset-password')).toBe(new URL(response.json().setPasswordUrl).searchParams.get('token'));
  });

  it('writes it in the language the administrator picked', async () => {
    expect((await create('flatmate', { locale: 'en' })).statusCode).toBe(201);
    const invitation = await mail.waitForMail('flatmate@example.test');
    expect(invitation.subject).toBe('Your Hearth account is ready');
    expect(invitation.text).toContain('Your username is flatmate.');
  });

  it('refuses a language Hearth does not speak, creating nothing', async () => {
    const response = await create('klingon', { locale: 'tlh' });
    expect([response.statusCode, response.json().code]).toEqual([400, 'LOCALE_UNSUPPORTED']);
    expect(await t.db.query(`SELECT id FROM users WHERE username = 'klingon'`)).toEqual([]);
  });

  it('keeps it a hint: later mails follow it until the person chooses, then their choice', async () => {
    const created = (await create('oma', { locale: 'de' })).json();
    await mail.waitForMail('oma@example.test');
    // a new link before she chose anything: still German
    expect((await t.api('POST', `/users/${created.user.id}/password-link`, { token: admin.accessToken })).statusCode).toBe(201);
    const second = await mail.waitForMail('oma@example.test', { count: 2 });
    expect(second.subject).toBe('Ein neuer Link für dein Passwort');

    // she sets her password; her account says she has not chosen a language (her device's is taken then)
    const token = tokenFromMail(second, 'reset-password');
    expect((await t.api('POST', '/account/password/reset', { payload: { token, newPassword: 'Omas-own-passphrase' } })).statusCode).toBe(200);
    const session = await t.api('POST', '/session', { payload: { username: 'oma', password: 'Omas-own-passphrase' } });
    const own = { token: session.json().accessToken as string };
    expect((await t.api('GET', '/account', own)).json().locale).toBeNull();

    // she chooses English: from now on her mails are English
    expect((await t.api('PUT', '/account', { ...own, payload: { locale: 'en' } })).json().locale).toBe('en');
    expect((await t.api('POST', `/users/${created.user.id}/password-link`, { token: admin.accessToken })).statusCode).toBe(201);
    const third = await mail.waitForMail('oma@example.test', { count: 3 });
    expect(third.subject).toBe('A new link to choose your password');
  });

  it('from the command line (create-user): English, or --locale', async () => {
    const invitations = t.app.get(UserInvitationsService);
    const group = await createGroup(t, { name: 'Kommandozeile' });
    await invitations.createInGroupNamed('kommandozeile', { username: 'cli.en', email: 'cli.en@example.test', nickname: 'En' });
    await invitations.createInGroupNamed('kommandozeile', { username: 'cli.de', email: 'cli.de@example.test', nickname: 'De', locale: 'de' });
    expect((await mail.waitForMail('cli.en@example.test')).subject).toBe('Your Hearth account is ready');
    expect((await mail.waitForMail('cli.de@example.test')).subject).toBe('Dein Hearth-Konto ist bereit');
    await expect(
      invitations.createInGroupNamed(group.name, { username: 'cli.xx', email: 'cli.xx@example.test', nickname: 'Xx', locale: 'xx' }),
    ).rejects.toMatchObject({
      code: 'LOCALE_UNSUPPORTED',
    });
  });
});
