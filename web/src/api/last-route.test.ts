import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROUTE, rememberRoute, routeAfterSignIn } from './last-route';

/** A Storage kept in memory, as a browser's localStorage behaves. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe('the page opened after signing in', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is the welcome page the first time on a device', () => {
    expect(FIRST_ROUTE).toBe('/welcome');
    expect(routeAfterSignIn('helga')).toBe('/welcome');
    expect(routeAfterSignIn(null)).toBe('/welcome');
  });

  it('is the page the person last used on this device, with its query, and another person’s is their own', () => {
    rememberRoute('helga', '/notes/abc');
    rememberRoute('anna', '/budget/transactions?month=2027-05');
    rememberRoute('helga', '/notes/0192-list');
    expect(routeAfterSignIn('helga')).toBe('/notes/0192-list');
    expect(routeAfterSignIn('anna')).toBe('/budget/transactions?month=2027-05');
    expect(routeAfterSignIn('jonas')).toBe('/welcome');
  });

  it('never keeps the root, the menu (signing out on a phone is there), the public pages or another site', () => {
    rememberRoute('helga', '/members');
    for (const path of ['/', '/menu', '/sign-in?next=/x', '/register', '/reset-password?token=t', '//evil.example/x', 'https://evil.example/'])
      rememberRoute('helga', path);
    expect(routeAfterSignIn('helga')).toBe('/members');
    // something else written into storage under the key is not followed
    localStorage.setItem('hearth.lastRoute.helga', '//evil.example/');
    expect(routeAfterSignIn('helga')).toBe('/welcome');
  });

  it('opens the welcome page when storage is refused', () => {
    vi.stubGlobal('localStorage', {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => rememberRoute('helga', '/notes')).not.toThrow();
    expect(routeAfterSignIn('helga')).toBe('/welcome');
  });
});
