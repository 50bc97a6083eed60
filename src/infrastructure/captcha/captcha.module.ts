import { Global, Module } from '@nestjs/common';
import { AltchaProvider } from './altcha.provider';
import { CaptchaService } from './captcha.service';
import { UsedCaptchasRepository } from './used-captchas.repository';

@Global()
@Module({
  providers: [AltchaProvider, CaptchaService, UsedCaptchasRepository],
  exports: [CaptchaService],
})
export class CaptchaModule {}
