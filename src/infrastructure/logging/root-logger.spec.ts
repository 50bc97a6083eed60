import { CLS_ID, ClsServiceManager } from 'nestjs-cls';
import { createRootLogger } from './root-logger';

describe('root logger', () => {
  const lines: Record<string, any>[] = [];
  const logger = createRootLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });

  beforeEach(() => {
    lines.length = 0;
  });

  it('redacts passwords, tokens and credentials wherever they appear', () => {
    logger.info({ body: { username: 'alice', password: 'hunter22', newPassword: 'n3w' }, refresh: { token: 'abc' } }, 'login');
    logger.info({ req: { headers: { authorization: 'Bearer xyz', cookie: 'refresh_token=abc' } } }, 'request');
    const text = JSON.stringify(lines);
    for (const secret of ['hunter22', 'n3w', '"abc"', 'Bearer xyz', 'refresh_token=abc']) expect(text).not.toContain(secret);
    expect(lines[0].body).toEqual({ username: 'alice', password: '[redacted]', newPassword: '[redacted]' });
  });

  it('stamps every line written while a request is served with its request id', async () => {
    const cls = ClsServiceManager.getClsService();
    await cls.run(async () => {
      cls.set(CLS_ID, 'req-123');
      logger.warn('inside a request');
    });
    logger.warn('outside');
    expect(lines[0]).toMatchObject({ requestId: 'req-123', msg: 'inside a request' });
    expect(lines[1].requestId).toBeUndefined();
  });
});
