import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
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
  private transport: Transporter | undefined;

  constructor(
    private readonly jobs: JobsService,
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
    });
    const info = await this.transporter().sendMail({ to: message.to, subject: content.subject, text: content.text, html: content.html });
    if (this.config.mail.smtpUrl) {
      this.logger.log({ template: message.template }, 'mail sent');
      return;
    }
    const file = await this.writeToOutbox(info.message as Buffer);
    this.logger.log({ template: message.template, file }, `mail to ${message.to} "${content.subject}" written to the outbox`);
  }

  /**
   * nodemailer (~10 MB resident) is loaded when the first mail is delivered: only a process that
   * runs jobs ever sends one, and the API process mostly only enqueues.
   */
  private transporter(): Transporter {
    if (this.transport) return this.transport;
    const { smtpUrl, from } = this.config.mail;
    const nodemailer = require('nodemailer') as typeof import('nodemailer');
    // short timeouts: a hung SMTP server fails the job (retried later) instead of blocking a worker
    this.transport = smtpUrl
      ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never, { from })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from } satisfies SendMailOptions);
    return this.transport;
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
