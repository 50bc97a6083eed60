import { Injectable } from '@nestjs/common';
import type { Challenge } from 'altcha-lib';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { AltchaProvider } from './altcha.provider';
import { CaptchaProvider } from './captcha.provider';
import { RemoteCaptchaProvider } from './remote-captcha.provider';
import { UsedCaptchasRepository } from './used-captchas.repository';

/** The configured CAPTCHA (CAPTCHA_PROVIDER): issues ALTCHA challenges and checks answers. */
@Injectable()
export class CaptchaService {
  private readonly provider: CaptchaProvider;

  constructor(
    config: AppConfig,
    private readonly altcha: AltchaProvider,
    private readonly usedCaptchas: UsedCaptchasRepository,
  ) {
    this.provider = config.captcha.provider === 'altcha' ? altcha : new RemoteCaptchaProvider(config.captcha.provider, config);
  }

  /** Housekeeping: redeemed signatures are needed only while their challenge could still verify. */
  removeExpired(now: Date): Promise<number> {
    return this.usedCaptchas.deleteExpired(now);
  }

  /** A fresh ALTCHA challenge; only the self-hosted provider issues challenges. */
  async challenge(): Promise<Challenge> {
    if (this.provider !== this.altcha) {
      throw new AppError(404, 'CAPTCHA_NOT_SELF_HOSTED', `Challenges come from ${this.provider.name}, not from this service`);
    }
    return this.altcha.challenge();
  }

  /** 400 CAPTCHA_INVALID unless `response` is a fresh, valid solution. */
  async assertSolved(response: string, remoteIp: string | null): Promise<void> {
    if (!(await this.provider.verify(response, remoteIp))) {
      throw AppError.badRequest('CAPTCHA_INVALID', 'The CAPTCHA was not solved, has expired or was already used', [
        { field: 'captcha', message: 'captcha is invalid' },
      ]);
    }
  }
}
