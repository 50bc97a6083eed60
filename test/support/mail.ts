import { simpleParser } from 'mailparser';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait';

export interface CapturedMail {
  /** envelope recipients, lower-cased */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestMailServer {
  port: number;
  /** env overrides pointing the app at this server */
  env: Record<string, string>;
  messages: CapturedMail[];
  /** every captured mail to `address` */
  mailsTo(address: string): CapturedMail[];
  /** waits for the `count`-th mail to `address` (default: the first) matching `subject` */
  waitForMail(address: string, options?: { subject?: RegExp; count?: number; timeoutMs?: number }): Promise<CapturedMail>;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for starting the SMTP server later, e.g. "SMTP comes back"). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An in-process SMTP server (real protocol, no TLS, no auth) capturing every message in memory. */
export async function startMailServer(port = 0): Promise<TestMailServer> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const mailsTo = (address: string) => messages.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    port: actualPort,
    env: { SMTP_URL: `smtp://127.0.0.1:${actualPort}`, MAIL_FROM: 'Hearth <no-reply@hearth.test>' },
    messages,
    mailsTo,
    waitForMail: (address, { subject, count = 1, timeoutMs = 15_000 } = {}) =>
      waitFor(async () => mailsTo(address).filter((mail) => !subject || subject.test(mail.subject))[count - 1], timeoutMs),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the `{APP_URL}/{path}?token=` link in a mail's text part (throws when there is none). */
export function tokenFromMail(mail: CapturedMail, path: 'confirm-email' | 'reset-password'): string {
  const match = mail.text.match(new RegExp(`https?://\\S+/${path}\\?token=([A-Za-z0-9_%-]+)`));
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}
