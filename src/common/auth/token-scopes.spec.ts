import { tokenMayUse } from './token-scopes';

describe('tokenMayUse', () => {
  it('read opens reading the group’s data only', () => {
    expect(tokenMayUse(['read'], 'GET', 'group')).toBe(true);
    expect(tokenMayUse(['read'], 'HEAD', 'group')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(tokenMayUse(['read'], method, 'group')).toBe(false);
  });

  it('write opens changing the group’s data, reading included', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(tokenMayUse(['write'], method, 'group')).toBe(true);
  });

  it('dav opens nothing of the API', () => {
    for (const method of ['GET', 'POST']) expect(tokenMayUse(['dav'], method, 'group')).toBe(false);
  });

  it('no scope opens the account, sessions, tokens or administration', () => {
    for (const access of ['session', 'admin'] as const) {
      for (const method of ['GET', 'POST', 'DELETE']) expect(tokenMayUse(['read', 'write', 'dav'], method, access)).toBe(false);
    }
  });
});
