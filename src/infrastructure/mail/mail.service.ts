import type { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger } from '@nestjs/common';
import { LazyModuleLoader } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../jobs/jobs.service';
import { MailTemplate, MailTemplateParams, renderMail } from './mail-templates';

export const MAIL_QUEUE = 'mail-send';
/** Lifetimes the templates mention; the account service issues tokens with the same values. */
export const CONFIRM_TOKEN_HOURS = 24;
export const RESET_TOKEN_MINUTES = 60;

export interface MailMessage<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  params: MailTemplateParams[T];
  /** the recipient's language (their account's `locale`); null: English */
  locale: string | null;
}

/**
 * Durable mail: `enqueue` stores a `mail-send` job (in the caller's transaction when given its
 * manager), and a worker renders and sends it over SMTP. An SMTP outage fails the job, which
 * pg-boss retries with exponential back-off (MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_LIMIT times);
 * the request that caused the mail never waits for SMTP. The job holds the raw token of a link
 * until it is sent, so pg-boss's retention bounds how long it stays in the database.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private mailerService: Promise<MailerService> | undefined;

  constructor(
    private readonly jobs: JobsService,
    private readonly lazyModules: LazyModuleLoader,
    private readonly config: AppConfig,
  ) {
    jobs.register<MailMessage>(MAIL_QUEUE, (message) => this.deliver(message), {
      retryLimit: config.mail.retryLimit,
      retryDelaySeconds: config.mail.retryDelaySeconds,
    });
  }

  async enqueue<T extends MailTemplate>(manager: EntityManager | undefined, message: MailMessage<T>): Promise<void> {
    await this.jobs.send(MAIL_QUEUE, message, { manager });
  }

  /** Worker: renders and sends one mail; throws on SMTP failure so the job is retried. */
  async deliver(message: MailMessage): Promise<void> {
    const content = renderMail(message.template, message.params, {
      appUrl: this.config.appUrl,
      confirmHours: CONFIRM_TOKEN_HOURS,
      resetMinutes: RESET_TOKEN_MINUTES,
      locale: message.locale,
    });
    const info = await (await this.mailer()).sendMail({ to: message.to, subject: content.subject, text: content.text, html: content.html });
    if (this.config.mail.smtpUrl) {
      this.logger.log({ template: message.template }, 'mail sent');
      return;
    }
    const file = await this.writeToOutbox(info.message as Buffer);
    this.logger.log({ template: message.template, file }, `mail to ${message.to} "${content.subject}" written to the outbox`);
  }

  /** The mailer, its module (and nodemailer) loaded on the first delivery; a failed load is retried next time. */
  private mailer(): Promise<MailerService> {
    this.mailerService ??= (async () => {
      const [{ MailerTransportModule }, { MailerService: Service }] = await Promise.all([
        import('./mailer-transport.module'),
        import('@nestjs-modules/mailer'),
      ]);
      const moduleRef = await this.lazyModules.load(() => MailerTransportModule);
      return moduleRef.get(Service, { strict: false });
    })().catch((error: unknown) => {
      this.mailerService = undefined;
      throw error;
    });
    return this.mailerService;
  }

  /** Without SMTP_URL: the rendered mail as DATA_DIR/outbox/<time>-<random>.eml (any mail client opens it). */
  private async writeToOutbox(raw: Buffer): Promise<string> {
    const outbox = join(this.config.dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, raw);
    return file;
  }
}
