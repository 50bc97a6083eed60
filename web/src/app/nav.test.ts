import { describe, expect, it } from 'vitest';
import type { Claims } from '@/api/claims';
import { decodeClaims } from '@/api/claims';
import { fullNav, homePath, moduleNav } from './nav';

const claims = (overrides: Partial<Claims>): Claims => ({
  userId: 'u',
  nickname: 'Anna',
  groupId: 'g',
  role: 'User',
  currency: 'EUR',
  modules: [],
  permsVersion: 1,
  sessionId: 's',
  exp: 0,
  ...overrides,
});

describe('navigation from the token', () => {
  it('shows only the modules of the Modules claim, in a fixed order', () => {
    expect(moduleNav(claims({ modules: ['Notes', 'Map'] })).map((item) => item.label)).toEqual(['nav.map', 'nav.notes']);
    expect(moduleNav(claims({ modules: [] }))).toEqual([]);
  });

  it('adds Admin for admins only, and starts on the first module or the members page', () => {
    expect(fullNav(claims({ role: 'Admin' })).map((item) => item.label)).toContain('nav.admin');
    expect(fullNav(claims({})).map((item) => item.label)).not.toContain('nav.admin');
    expect(homePath(claims({ modules: ['Budget', 'Notes'] }))).toBe('/budget');
    expect(homePath(claims({ modules: [] }))).toBe('/members');
  });

  it('reads the claims of an access token, ignoring unknown modules', () => {
    const payload = Buffer.from(
      JSON.stringify({
        UserId: 'u1',
        Nickname: 'Ben',
        GroupId: 'g1',
        Role: 'Admin',
        Currency: 'GBP',
        Modules: ['Map', 'Chess'],
        PermsVersion: 3,
        SessionId: 's1',
        exp: 99,
      }),
    ).toString('base64url');
    expect(decodeClaims(`h.${payload}.s`)).toEqual({
      userId: 'u1',
      nickname: 'Ben',
      groupId: 'g1',
      role: 'Admin',
      currency: 'GBP',
      modules: ['Map'],
      permsVersion: 3,
      sessionId: 's1',
      exp: 99,
    });
    expect(decodeClaims('not a token')).toBeNull();
  });
});
