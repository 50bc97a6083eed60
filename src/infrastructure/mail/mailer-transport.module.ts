import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';

/**
 * `@nestjs-modules/mailer` configured for Hearth: SMTP_URL through nodemailer; without SMTP_URL,
 * nodemailer's stream transport renders each mail and MailService writes it to DATA_DIR/outbox.
 * Loaded lazily by MailService on the first delivery (LazyModuleLoader): nodemailer is ~10 MB
 * resident that an API process which only enqueues mail never needs.
 */
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailerOptions => ({
        // short timeouts: a hung SMTP server fails the job (retried later) instead of blocking a worker
        transport: config.mail.smtpUrl
          ? { url: config.mail.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
          : { streamTransport: true, buffer: true, newline: 'windows' },
        // the mailer's option types are a union of every transport; SMTP's `from` default is valid
        defaults: { from: config.mail.from } as MailerOptions['defaults'],
      }),
    }),
  ],
})
export class MailerTransportModule {}
