import { MailTemplate, MailTemplateParams, renderMail } from '../../src/infrastructure/mail/mail-templates';

/** Every template renders a subject, a plain-text part and an HTML part; user values are escaped in HTML. */
describe('mail templates', () => {
  const context = { appUrl: 'https://app.example', confirmHours: 24, resetMinutes: 60 };
  const evil = '<img src=x onerror=alert(1)>&"\'';
  const samples: { [T in MailTemplate]: MailTemplateParams[T] } = {
    'registration-confirm': { nickname: evil, token: 'tok_confirm-1' },
    'email-change-confirm': { nickname: evil, token: 'tok_change-1', newEmail: 'new@example.test' },
    'email-change-notice': { nickname: evil, newEmail: 'new@example.test' },
    'password-reset': { nickname: evil, token: 'tok_reset-1' },
    'account-created': { nickname: evil, username: 'bob', token: 'tok_set-1', validDays: 7 },
    'password-link': { nickname: evil, username: 'bob', token: 'tok_set-2', validDays: 7 },
    'registration-awaiting-approval': { username: 'newbie', nickname: evil, email: 'newbie@example.test' },
    'registration-approved': { nickname: evil },
    'registration-declined': { nickname: evil },
    'registration-unconfirmed-warning': { nickname: evil, token: 'tok_warn-1', removalDate: '2030-01-08' },
    'registrations-pending-reminder': {
      registrations: [{ username: 'newbie', nickname: evil, email: 'newbie@example.test', createdDate: new Date('2030-01-01T10:00:00Z') }],
    },
    notification: { nickname: evil, subject: 'Reminder: Groceries', body: 'Milk', url: 'https://app.example/notes/1' },
  };

  it.each(Object.keys(samples) as MailTemplate[])('%s has both parts and escapes user values in HTML', (template) => {
    const mail = renderMail(template, samples[template] as never, context);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('uses exactly the contract link formats', () => {
    expect(renderMail('registration-confirm', samples['registration-confirm'], context).text).toContain(
      'https://app.example/confirm-email?token=tok_confirm-1',
    );
    expect(renderMail('email-change-confirm', samples['email-change-confirm'], context).text).toContain('https://app.example/confirm-email?token=tok_change-1');
    expect(renderMail('registration-unconfirmed-warning', samples['registration-unconfirmed-warning'], context).text).toContain(
      'https://app.example/confirm-email?token=tok_warn-1',
    );
    const reset = renderMail('password-reset', samples['password-reset'], context);
    expect(reset.text).toContain('https://app.example/reset-password?token=tok_reset-1');
    expect(reset.html).toContain('href="https://app.example/reset-password?token=tok_reset-1"');
  });

  it('never puts a link into the notice sent to the old address, and masks the new one', () => {
    const notice = renderMail('email-change-notice', samples['email-change-notice'], context);
    expect(notice.text).toContain('n***@example.test');
    expect(notice.text).not.toContain('new@example.test');
    expect(notice.text).not.toContain('token=');
  });

  it('lists pending registrations with their date in the admin reminder', () => {
    const reminder = renderMail('registrations-pending-reminder', samples['registrations-pending-reminder'], context);
    expect(reminder.subject).toBe('1 registration awaiting approval');
    expect(reminder.text).toContain('newbie (');
    expect(reminder.text).toContain('registered January 1, 2030');
  });

  it('writes every mail in the recipient’s language, dates as that language writes them', () => {
    const german = { ...context, locale: 'de' };
    const reset = renderMail('password-reset', samples['password-reset'], german);
    expect(reset.subject).toBe('Passwort zurücksetzen');
    expect(reset.text).toContain('Der Link funktioniert einmal, 60 Minuten lang');
    expect(reset.text).toContain('Neues Passwort wählen:\nhttps://app.example/reset-password?token=tok_reset-1');
    expect(reset.html).toContain('Falls die Schaltfläche nicht funktioniert');
    expect(reset.text).not.toMatch(/\b(the|your|you|please|ignore)\b/i);
    const warning = renderMail('registration-unconfirmed-warning', samples['registration-unconfirmed-warning'], german);
    expect(warning.text).toContain('am 8. Januar 2030 gelöscht');
    const reminder = renderMail('registrations-pending-reminder', samples['registrations-pending-reminder'], german);
    expect(reminder.subject).toBe('1 Registrierung wartet auf Freigabe');
    expect(reminder.text).toContain('registriert am 1. Januar 2030');
    // an unknown or missing language is English
    expect(renderMail('password-reset', samples['password-reset'], { ...context, locale: 'xx' }).subject).toBe('Reset your password');
    expect(renderMail('password-reset', samples['password-reset'], { ...context, locale: null }).subject).toBe('Reset your password');
  });

  it('writes a notification mail around its title and body in the recipient’s language', () => {
    // the title and body come translated by the notifier; the greeting and the button are the mail's
    const german = renderMail(
      'notification',
      { nickname: 'Mia', subject: 'Erinnerung: Einkauf', body: 'Milch', url: 'https://app.example/notes/1' },
      { ...context, locale: 'de' },
    );
    expect(german.subject).toBe('Erinnerung: Einkauf');
    expect(german.text).toContain('Hallo Mia,');
    expect(german.text).toContain('Hearth öffnen');
    expect(german.text).not.toMatch(/\b(Hello|Open)\b/);
  });

  // a notification's title and body arrive already in the recipient's language (test above)
  it.each((Object.keys(samples) as MailTemplate[]).filter((template) => template !== 'notification'))(
    '%s has a German text different from the English one in every part',
    (template) => {
      const english = renderMail(template, samples[template] as never, context);
      const german = renderMail(template, samples[template] as never, { ...context, locale: 'de' });
      expect(german.subject).not.toBe(english.subject);
      const paragraphs = (text: string) => text.split('\n\n').filter((part) => !part.includes('<img') && part.trim() !== '— Hearth');
      const shared = paragraphs(german.text).filter((part) => paragraphs(english.text).includes(part));
      expect(shared).toEqual([]);
    },
  );
});
