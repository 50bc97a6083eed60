import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { MailService } from './mail.service';

/**
 * SMTP_URL through nodemailer; without SMTP_URL, nodemailer's stream transport renders each mail
 * and MailService writes it to DATA_DIR/outbox as an .eml file. Global so any feature can enqueue mail.
 */
@Global()
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
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
