import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { MailService } from './mail.service';

/** SMTP_URL through nodemailer; global so any feature can enqueue mail. */
@Global()
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailerOptions => ({
        // short timeouts: a hung SMTP server fails the job (retried later) instead of blocking a worker
        transport: { url: config.mail.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        // the mailer's option types are a union of every transport; SMTP's `from` default is valid
        defaults: { from: config.mail.from } as MailerOptions['defaults'],
      }),
    }),
  ],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
