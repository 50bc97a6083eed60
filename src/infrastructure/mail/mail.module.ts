import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';

/**
 * SMTP_URL through nodemailer; without SMTP_URL, nodemailer's stream transport renders each mail
 * and MailService writes it to DATA_DIR/outbox as an .eml file. Global so any feature can enqueue mail.
 */
@Global()
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
