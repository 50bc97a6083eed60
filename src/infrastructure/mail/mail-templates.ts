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
  'registration-awaiting-approval': { username: string; nickname: string; email: string };
  'registration-approved': { nickname: string };
  'registration-declined': { nickname: string };
  'registration-unconfirmed-warning': { nickname: string; token: string; removalDate: string };
  'registrations-pending-reminder': { registrations: PendingRegistration[] };
  /** a reminder or a test, already in the recipient's language (`greeting` and `action` included) */
  notification: { subject: string; greeting: string; body: string; action: string; url: string };
}

export type MailTemplate = keyof MailTemplateParams;

export interface MailContext {
  /** APP_URL, without a trailing slash */
  appUrl: string;
  confirmHours: number;
  resetMinutes: number;
}

/** The exact link formats of the mails (docs/accounts.md, Mail). */
export const confirmLink = (appUrl: string, token: string) => `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
export const resetLink = (appUrl: string, token: string) => `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** "alice@example.com" → "a***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

type Drafts = { [T in MailTemplate]: (params: MailTemplateParams[T], context: MailContext) => MailDraft };

const DRAFTS: Drafts = {
  'registration-confirm': ({ nickname, token }, { appUrl, confirmHours }) => ({
    subject: 'Confirm your email address',
    greeting: `Hello ${nickname},`,
    paragraphs: [
      'thank you for registering with Hearth. Please confirm your email address.',
      `The link is valid for ${confirmHours} hours. After you confirm, an administrator reviews your registration; you can sign in once it is approved.`,
    ],
    action: { label: 'Confirm email address', url: confirmLink(appUrl, token) },
  }),
  'email-change-confirm': ({ nickname, token, newEmail }, { appUrl, confirmHours }) => ({
    subject: 'Confirm your new email address',
    greeting: `Hello ${nickname},`,
    paragraphs: [
      `you asked to use ${newEmail} for your Hearth account. Please confirm this address.`,
      `The link is valid for ${confirmHours} hours. Until you confirm, your previous address stays in use.`,
    ],
    action: { label: 'Confirm new email address', url: confirmLink(appUrl, token) },
  }),
  'email-change-notice': ({ nickname, newEmail }) => ({
    subject: 'Your email address is being changed',
    greeting: `Hello ${nickname},`,
    paragraphs: [
      `someone signed in to your Hearth account asked to change its email address to ${maskEmail(newEmail)}. The change takes effect when the new address is confirmed.`,
      'If this was not you, change your password now and tell an administrator.',
    ],
  }),
  'password-reset': ({ nickname, token }, { appUrl, resetMinutes }) => ({
    subject: 'Reset your password',
    greeting: `Hello ${nickname},`,
    paragraphs: [
      `we received a request to reset the password of your Hearth account. The link works once, for ${resetMinutes} minutes; using it signs you out everywhere.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: resetLink(appUrl, token) },
  }),
  'account-created': ({ nickname, username, token, validDays }, { appUrl }) => ({
    subject: 'Your Hearth account is ready',
    greeting: `Hello ${nickname},`,
    paragraphs: [
      `an administrator created a Hearth account for you. Your username is ${username}.`,
      `Choose your password with this link; it works once, for ${validDays} days. An administrator can send a new one.`,
    ],
    action: { label: 'Choose your password', url: resetLink(appUrl, token) },
  }),
  'registration-awaiting-approval': ({ username, nickname, email }, { appUrl }) => ({
    subject: `New registration awaiting approval: ${username}`,
    greeting: 'Hello,',
    paragraphs: [`a new account was registered and awaits approval.`],
    list: [`Username: ${username}`, `Nickname: ${nickname}`, `Email: ${email}`],
    action: { label: 'Review registrations', url: `${appUrl}/admin/users?status=Pending` },
  }),
  'registration-approved': ({ nickname }, { appUrl }) => ({
    subject: 'Your registration was approved',
    greeting: `Hello ${nickname},`,
    paragraphs: ['an administrator approved your registration. You can sign in now.'],
    action: { label: 'Sign in', url: appUrl },
  }),
  'registration-declined': ({ nickname }) => ({
    subject: 'Your registration was declined',
    greeting: `Hello ${nickname},`,
    paragraphs: ['an administrator declined your registration, so the account cannot be used to sign in.'],
  }),
  'registration-unconfirmed-warning': ({ nickname, token, removalDate }, { appUrl }) => ({
    subject: 'Please confirm your email address',
    greeting: `Hello ${nickname},`,
    paragraphs: [
      `your Hearth registration is still unconfirmed. Unless you confirm your email address, the registration is removed on ${removalDate}.`,
      'This new link works until then.',
    ],
    action: { label: 'Confirm email address', url: confirmLink(appUrl, token) },
  }),
  'registrations-pending-reminder': ({ registrations }, { appUrl }) => ({
    subject: `${registrations.length} registration${registrations.length === 1 ? '' : 's'} awaiting approval`,
    greeting: 'Hello,',
    paragraphs: ['these registrations are waiting for an administrator:'],
    list: registrations.map((r) => `${r.username} (${r.nickname}, ${r.email}), registered ${new Date(r.createdDate).toISOString().slice(0, 10)}`),
    action: { label: 'Review registrations', url: `${appUrl}/admin/users?status=Pending` },
  }),
  notification: ({ subject, greeting, body, action, url }) => ({
    subject,
    greeting,
    paragraphs: [body],
    action: { label: action, url },
  }),
};

/** Subject, plain-text and HTML parts of a mail; every interpolated value is HTML-escaped. */
export function renderMail<T extends MailTemplate>(template: T, params: MailTemplateParams[T], context: MailContext): RenderedMail {
  const draft = DRAFTS[template] as (params: MailTemplateParams[T], context: MailContext) => MailDraft;
  if (!draft) throw new Error(`unknown mail template ${template}`);
  return renderDraft(draft(params, context));
}
