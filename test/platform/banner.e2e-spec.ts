import { bannerLines, loopbackAppUrlWarning } from '../../src/banner';
import { createTestApp, TestApp } from '../support/app';

/** The start-up block warns when the links it mails would open only on the machine itself. */
describe('start-up block: a loopback APP_URL', () => {
  const lan = ['192.168.1.20'];

  it('warns when APP_URL is a loopback address while the service listens on every address, naming one that works', () => {
    for (const appUrl of ['http://localhost:3300', 'http://127.0.0.1:3300', 'http://[::1]:3300', 'http://hearth.localhost:3300', 'http://127.0.1.1:3300']) {
      const lines = loopbackAppUrlWarning(appUrl, '0.0.0.0', lan);
      expect([appUrl, lines.join('\n')]).toEqual([appUrl, expect.stringContaining(`APP_URL is ${appUrl}`)]);
      expect(lines.join('\n')).toContain('APP_URL=http://192.168.1.20:3300');
    }
    // on every IPv6 address too, and without a network address to suggest
    expect(loopbackAppUrlWarning('http://localhost:3000', '::', []).join('\n')).toContain('APP_URL is http://localhost:3000');
  });

  it('stays quiet when APP_URL is reachable from elsewhere, or the service listens on loopback only', () => {
    expect(loopbackAppUrlWarning('http://192.168.1.20:3300', '0.0.0.0', lan)).toEqual([]);
    expect(loopbackAppUrlWarning('https://hearth.example.org', '0.0.0.0', lan)).toEqual([]);
    expect(loopbackAppUrlWarning('http://localhost:3300', '127.0.0.1', lan)).toEqual([]);
    expect(loopbackAppUrlWarning('http://localhost:3300', 'localhost', lan)).toEqual([]);
  });

  describe('in the block the service prints', () => {
    let t: TestApp;
    afterEach(() => t?.close());

    it('shows the warning for the default APP_URL', async () => {
      t = await createTestApp({ APP_URL: 'http://localhost:3300' });
      const text = (await bannerLines(t.app, t.config)).join('\n');
      expect(text).toContain('APP_URL is http://localhost:3300');
    });

    it('does not for an address other devices reach', async () => {
      t = await createTestApp({ APP_URL: 'http://192.168.1.20:3300' });
      const text = (await bannerLines(t.app, t.config)).join('\n');
      expect(text).toContain('Hearth is running at');
      expect(text).not.toContain('APP_URL is');
    });
  });
});
