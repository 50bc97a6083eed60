import { describe, expect, it } from 'vitest';
import { isLoopbackHost, linkForOtherDevices } from './link';

describe('linkForOtherDevices', () => {
  const token = 'reset-password?token=abc_DEF-123';

  it('takes the page’s address when APP_URL is a loopback address', () => {
    for (const appUrl of ['http://localhost:3300', 'http://127.0.0.1:3300', 'http://[::1]:3300', 'http://hearth.localhost']) {
      expect(linkForOtherDevices(`${appUrl}/${token}`, 'http://192.168.1.20:3300')).toBe(`http://192.168.1.20:3300/${token}`);
    }
    // a path under which the app is served is kept
    expect(linkForOtherDevices(`http://localhost:3300/hearth/${token}`, 'https://nas.fritz.box')).toBe(`https://nas.fritz.box/hearth/${token}`);
  });

  it('keeps a configured address other devices reach', () => {
    expect(linkForOtherDevices(`https://hearth.example.org/${token}`, 'http://192.168.1.20:3300')).toBe(`https://hearth.example.org/${token}`);
    expect(linkForOtherDevices(`http://192.168.1.20:3300/${token}`, 'http://localhost:3300')).toBe(`http://192.168.1.20:3300/${token}`);
  });

  it('knows loopback addresses', () => {
    expect(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['192.168.1.20', 'localhost.example.org', '10.0.0.1', '[fe80::1]', 'hearth.example.org', '1270.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});
