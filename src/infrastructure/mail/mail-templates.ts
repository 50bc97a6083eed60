import { supportedLocales, translate, type MessageId } from '../../i18n/messages';
import { MailDraft, renderDraft, RenderedMail } from './mail-layout';

export interface PendingRegistration {
  username: string;
  nickname: string;
  email: string;
  /** a Date, or its ISO string once it has been through the job's JSON */
  createdDate: string | Date;
}

/** Every mail the service sends and the parameters it needs. Tokens are raw (only their hash is stored). */
export interface MailTemplateParams {
  'registration-confirm': { nickname: string; token: string };
  'email-change-confirm': { nickname: string; token: string; newEmail: string };
  'email-change-notice': { nickname: string; newEmail: string };
  'password-reset': { nickname: string; token: string };
  'account-created': { nickname: string; username: string; token: string; validDays: number };
  /** a new set-password link an administrator made (earlier ones stopped working) */
  'password-link': { nickname: string; username: string; token: string; validDays: number };
  'registration-awaiting-approval': { username: string; nickname: string; email: string };
  'registration-approved': { nickname: string };
  'registration-declined': { nickname: string };
  'registration-unconfirmed-warning': { nickname: string; token: string; removalDate: string };
  'registrations-pending-reminder': { registrations: PendingRegistration[] };
  /** a reminder or a test: its title and body already in the recipient's language (the notifier's) */
  notification: { nickname: string; subject: string; body: string; url: string };
}

export type MailTemplate = keyof MailTemplateParams;

/** The exact link formats of the mails (docs/accounts.md, Mail). */
export const confirmLink = (appUrl: string, token: string) => `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
export const resetLink = (appUrl: string, token: string) => `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** "alice@example.com" → "a***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

export interface MailContext {
  /** APP_URL, without a trailing slash */
  appUrl: string;
  confirmHours: number;
  resetMinutes: number;
  /** the recipient's language (`de`, …); English when null or unknown */
  locale?: string | null;
}

type Say = (id: MessageId, values?: Record<string, string | number>) => string;
type Drafts = { [T in MailTemplate]: (params: MailTemplateParams[T], context: MailContext, say: Say, day: (date: string | Date) => string) => MailDraft };

/** Every text of a mail comes from the message files (`mail.<template>.*`), in the recipient's language. */
const DRAFTS: Drafts = {
  'registration-confirm': ({ nickname, token }, { appUrl, confirmHours }, say) => ({
    subject: say('mail.registrationConfirm.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.registrationConfirm.body'), say('mail.registrationConfirm.validity', { hours: confirmHours })],
    action: { label: say('mail.registrationConfirm.action'), url: confirmLink(appUrl, token) },
  }),
  'email-change-confirm': ({ nickname, token, newEmail }, { appUrl, confirmHours }, say) => ({
    subject: say('mail.emailChangeConfirm.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.emailChangeConfirm.body', { email: newEmail }), say('mail.emailChangeConfirm.validity', { hours: confirmHours })],
    action: { label: say('mail.emailChangeConfirm.action'), url: confirmLink(appUrl, token) },
  }),
  'email-change-notice': ({ nickname, newEmail }, _context, say) => ({
    subject: say('mail.emailChangeNotice.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.emailChangeNotice.body', { email: maskEmail(newEmail) }), say('mail.emailChangeNotice.notYou')],
  }),
  'password-reset': ({ nickname, token }, { appUrl, resetMinutes }, say) => ({
    subject: say('mail.passwordReset.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.passwordReset.body', { minutes: resetMinutes }), say('mail.passwordReset.notYou')],
    action: { label: say('mail.passwordReset.action'), url: resetLink(appUrl, token) },
  }),
  'account-created': ({ nickname, username, token, validDays }, { appUrl }, say) => ({
    subject: say('mail.accountCreated.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.accountCreated.body', { username }), say('mail.accountCreated.validity', { days: validDays })],
    action: { label: say('mail.accountCreated.action'), url: resetLink(appUrl, token) },
  }),
  'password-link': ({ nickname, username, token, validDays }, { appUrl }, say) => ({
    subject: say('mail.passwordLink.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.passwordLink.body', { username }), say('mail.passwordLink.validity', { days: validDays })],
    action: { label: say('mail.accountCreated.action'), url: resetLink(appUrl, token) },
  }),
  'registration-awaiting-approval': ({ username, nickname, email }, { appUrl }, say) => ({
    subject: say('mail.registrationAwaitingApproval.subject', { username }),
    greeting: say('mail.greetingAdmin'),
    paragraphs: [say('mail.registrationAwaitingApproval.body')],
    list: [
      say('mail.registrationAwaitingApproval.username', { username }),
      say('mail.registrationAwaitingApproval.nickname', { nickname }),
      say('mail.registrationAwaitingApproval.email', { email }),
    ],
    action: { label: say('mail.reviewRegistrations'), url: `${appUrl}/admin/users?status=Pending` },
  }),
  'registration-approved': ({ nickname }, { appUrl }, say) => ({
    subject: say('mail.registrationApproved.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.registrationApproved.body')],
    action: { label: say('mail.registrationApproved.action'), url: appUrl },
  }),
  'registration-declined': ({ nickname }, _context, say) => ({
    subject: say('mail.registrationDeclined.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.registrationDeclined.body')],
  }),
  'registration-unconfirmed-warning': ({ nickname, token, removalDate }, { appUrl }, say, day) => ({
    subject: say('mail.registrationUnconfirmedWarning.subject'),
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [say('mail.registrationUnconfirmedWarning.body', { date: day(removalDate) }), say('mail.registrationUnconfirmedWarning.until')],
    action: { label: say('mail.registrationConfirm.action'), url: confirmLink(appUrl, token) },
  }),
  'registrations-pending-reminder': ({ registrations }, { appUrl }, say, day) => ({
    subject: say('mail.registrationsPendingReminder.subject', { count: registrations.length }),
    greeting: say('mail.greetingAdmin'),
    paragraphs: [say('mail.registrationsPendingReminder.body')],
    list: registrations.map((r) =>
      say('mail.registrationsPendingReminder.item', { username: r.username, nickname: r.nickname, email: r.email, date: day(r.createdDate) }),
    ),
    action: { label: say('mail.reviewRegistrations'), url: `${appUrl}/admin/users?status=Pending` },
  }),
  notification: ({ nickname, subject, body, url }, _context, say) => ({
    subject,
    greeting: say('mail.greeting', { nickname }),
    paragraphs: [body],
    action: { label: say('mail.notification.open'), url },
  }),
};

/** A calendar day (`2030-01-08` or a timestamp) written as the language writes dates ("8. Januar 2030"). */
function dayFormatter(locale: string): (date: string | Date) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (date) => format.format(typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(date));
}

/** Subject, plain-text and HTML parts of a mail; every interpolated value is HTML-escaped. */
export function renderMail<T extends MailTemplate>(template: T, params: MailTemplateParams[T], context: MailContext): RenderedMail {
  const draft = DRAFTS[template] as Drafts[T];
  if (!draft) throw new Error(`unknown mail template ${template}`);
  const locale = context.locale && supportedLocales().includes(context.locale) ? context.locale : 'en';
  const say: Say = (id, values) => translate(locale, id, values);
  return renderDraft(draft(params, context, say, dayFormatter(locale)), say);
}
