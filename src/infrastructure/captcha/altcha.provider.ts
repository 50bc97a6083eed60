import { Injectable } from '@nestjs/common';
import { Challenge, createChallenge, randomInt, Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { CaptchaProvider } from './captcha.provider';
import { UsedCaptchasRepository } from './used-captchas.repository';

const ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_CHALLENGE_TTL_SECONDS = 600;

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget submits base64(JSON {challenge, solution}); anything else is not a solution. */
function parsePayload(response: string): AltchaPayload | null {
  try {
    const payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    const ok =
      payload &&
      typeof payload.challenge?.signature === 'string' &&
      typeof payload.challenge?.parameters === 'object' &&
      typeof payload.solution?.counter === 'number' &&
      typeof payload.solution?.derivedKey === 'string';
    return ok ? payload : null;
  } catch {
    return null;
  }
}

/**
 * Self-hosted proof-of-work (ALTCHA v2). Challenges are HMAC-signed with ALTCHA_HMAC_KEY and carry
 * their expiry; in deterministic mode the server also signs the expected key, so verifying a
 * solution costs one HMAC. A redeemed challenge's signature is recorded in Postgres, so a
 * solution works once across every instance.
 */
@Injectable()
export class AltchaProvider extends CaptchaProvider {
  readonly name = 'altcha' as const;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly config: AppConfig,
    private readonly usedCaptchas: UsedCaptchasRepository,
  ) {
    super();
    this.keySignatureSecret = createHmac('sha256', config.captcha.altchaHmacKey).update('altcha-key-signature').digest('hex');
  }

  async challenge(): Promise<Challenge> {
    const { altchaCost, altchaMaxCounter, altchaHmacKey } = this.config.captcha;
    return createChallenge({
      algorithm: ALGORITHM,
      cost: altchaCost,
      counter: randomInt(Math.ceil(altchaMaxCounter / 2), altchaMaxCounter),
      deriveKey,
      expiresAt: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_SECONDS * 1000),
      hmacSignatureSecret: altchaHmacKey,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  async verify(response: string): Promise<boolean> {
    const payload = parsePayload(response);
    if (!payload) return false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.config.captcha.altchaHmacKey,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    return this.redeem(payload.challenge);
  }

  /** Records the challenge as used; false when it already was (a replay). */
  private async redeem(challenge: Challenge): Promise<boolean> {
    const expiresAt = challenge.parameters.expiresAt;
    const expires = typeof expiresAt === 'number' ? new Date(expiresAt * 1000) : new Date(Date.now() + ALTCHA_CHALLENGE_TTL_SECONDS * 1000);
    return this.usedCaptchas.insertIfNew(challenge.signature, expires);
  }
}
