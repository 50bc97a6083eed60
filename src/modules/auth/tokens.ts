import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex digest: the only form in which refresh, reset and confirmation tokens are stored. */
export function sha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
