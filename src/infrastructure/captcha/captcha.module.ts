import { Global, Module } from '@nestjs/common';
import { AltchaProvider } from './altcha.provider';
import { CaptchaService } from './captcha.service';

@Global()
@Module({
  providers: [AltchaProvider, CaptchaService],
  exports: [CaptchaService],
})
export class CaptchaModule {}
