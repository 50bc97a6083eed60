import { createSecretKey, generateKeyPairSync } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { SecretsRepository } from './secrets.repository';

export const SECRET_NAMES = {
  jwt: 'jwt-hs256',
  altcha: 'altcha-hmac',
  storage: 'storage-url-hmac',
  liveCursor: 'live-cursor-aes',
  vapid: 'vapid-p256',
} as const;

/** A VAPID key pair as web-push takes it: the raw P-256 public point (65 bytes) and private scalar (32 bytes), base64url. */
export function generateVapidKeys(): string {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const pub = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return JSON.stringify({ publicKey: point.toString('base64url'), privateKey: jwk.d });
}

/**
 * Puts the installation's stored keys into `config`: the JWT and ALTCHA keys when they are not
 * configured, and always the local storage driver's URL key, the live cursors' key and the Web Push
 * (VAPID) key pair. Generated on first start, the same
 * for every instance sharing the database, so tokens survive restarts and work across instances.
 */
export async function loadStoredSecrets(dataSource: DataSource, config: AppConfig): Promise<void> {
  const secrets = new SecretsRepository(dataSource);
  if (config.storedSecrets.jwt) {
    const key = createSecretKey(Buffer.from(await secrets.getOrCreate(SECRET_NAMES.jwt), 'utf8'));
    config.jwt.signKey = key;
    config.jwt.verifyKey = key;
  }
  if (config.storedSecrets.altcha) config.captcha.altchaHmacKey = await secrets.getOrCreate(SECRET_NAMES.altcha);
  config.storageSigningKey = Buffer.from(await secrets.getOrCreate(SECRET_NAMES.storage), 'base64url');
  // a restore empties the stored keys: cursors handed out before it are no longer read (docs/live.md)
  config.live.cursorKey = Buffer.from(await secrets.getOrCreate(SECRET_NAMES.liveCursor), 'base64url');
  config.notifications.vapid = JSON.parse(await secrets.getOrCreate(SECRET_NAMES.vapid, generateVapidKeys));
}
