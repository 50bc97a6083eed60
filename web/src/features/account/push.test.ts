import { describe, expect, it } from 'vitest';
import { keyBytes, sameKey } from './push-key';

describe('the VAPID public key as applicationServerKey', () => {
  it('decodes base64url without padding into its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 250) % 256);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64url).not.toMatch(/[+/=]/);
    expect(Array.from(keyBytes(base64url))).toEqual(Array.from(bytes));
  });

  it('takes the characters base64url has instead of + and /', () => {
    expect(Array.from(keyBytes('-_8'))).toEqual([0xfb, 0xff]);
  });
});

describe("a subscription's key compared with the service's", () => {
  it('is the same only byte for byte', () => {
    const key = keyBytes(Buffer.from([1, 2, 3]).toString('base64url'));
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
