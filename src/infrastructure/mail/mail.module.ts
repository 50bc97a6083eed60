import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';

/**
 * Durable mail (MailService); the transport (`@nestjs-modules/mailer`, MailerTransportModule) is
 * loaded on the first delivery. Global so any feature can enqueue mail.
 */
@Global()
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
