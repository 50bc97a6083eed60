import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { CaptchaProvider } from './captcha.provider';

export const CAPTCHA_VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

/**
 * Cloudflare Turnstile and hCaptcha share one protocol: POST the form fields `secret`, `response`
 * and `remoteip` to the siteverify endpoint and read `success` from the JSON answer. These
 * services reject a token presented twice themselves. Timeouts and errors refuse (fail closed).
 */
export class RemoteCaptchaProvider extends CaptchaProvider {
  private readonly logger = new Logger(RemoteCaptchaProvider.name);

  constructor(
    readonly name: 'turnstile' | 'hcaptcha',
    private readonly config: AppConfig,
  ) {
    super();
  }

  async verify(response: string, remoteIp: string | null): Promise<boolean> {
    const { secret, verifyUrl, timeoutMs } = this.config.captcha;
    const form = new URLSearchParams({ secret: secret ?? '', response });
    if (remoteIp) form.set('remoteip', remoteIp);
    try {
      const answer = await fetch(verifyUrl ?? CAPTCHA_VERIFY_URLS[this.name], {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) {
        this.logger.warn({ status: answer.status, provider: this.name }, 'CAPTCHA verification endpoint failed');
        return false;
      }
      const body = (await answer.json()) as { success?: unknown; 'error-codes'?: unknown };
      return body.success === true;
    } catch (error) {
      this.logger.warn({ err: error, provider: this.name }, 'CAPTCHA verification unavailable; refusing');
      return false;
    }
  }
}
