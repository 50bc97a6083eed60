import { CLS_ID, ClsServiceManager } from 'nestjs-cls';
import { createRootLogger, redactUrl } from './root-logger';

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

  it('writes URLs with the value of every credential in the query as [redacted], the rest as it came', () => {
    expect(redactUrl('/reset-password?token=abc.def')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/v1/storage/g/f.upload?expires=17&type=image%2Fpng&size=9&signature=s1g')).toBe(
      '/api/v1/storage/g/f.upload?expires=17&type=image%2Fpng&size=9&signature=[redacted]',
    );
    expect(redactUrl('/b/k?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff&X-Amz-Security-Token=t&x-id=PutObject')).toBe(
      '/b/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Security-Token=[redacted]&x-id=PutObject',
    );
    expect(redactUrl('/api/v1/markers?page=2&pageSize=10')).toBe('/api/v1/markers?page=2&pageSize=10');
    expect(redactUrl('/api/v1/notes')).toBe('/api/v1/notes');
    expect(redactUrl('/x?token')).toBe('/x?token');
  });
});
