import { describe, expect, it } from 'vitest';
import { formatBytes } from '@/ui/bytes';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('takes the quoted file name the API sends', () => {
    expect(fileNameOf('attachment; filename="hearth-export-2026-11-23.zip"', 'x.zip')).toBe('hearth-export-2026-11-23.zip');
  });

  it('prefers filename* and decodes it', () => {
    expect(fileNameOf(`attachment; filename="a.zip"; filename*=UTF-8''r%C3%A9sum%C3%A9.zip`, 'x.zip')).toBe('résumé.zip');
  });

  it('takes an unquoted name and keeps folders out of it', () => {
    expect(fileNameOf('attachment; filename=../../etc/passwd', 'x')).toBe('.._.._etc_passwd');
  });

  it('falls back without a header or a name', () => {
    expect(fileNameOf(null, 'hearth-backup.tar.gz')).toBe('hearth-backup.tar.gz');
    expect(fileNameOf('attachment', 'hearth-backup.tar.gz')).toBe('hearth-backup.tar.gz');
  });
});

describe('formatBytes', () => {
  it('uses decimal units with one decimal below 100', () => {
    expect(formatBytes(0, 'en-GB')).toBe('0 B');
    expect(formatBytes(999, 'en-GB')).toBe('999 B');
    expect(formatBytes(4_200, 'en-GB')).toBe('4.2 kB');
    expect(formatBytes(1_340_000, 'en-GB')).toBe('1.3 MB');
    expect(formatBytes(250_000_000, 'en-GB')).toBe('250 MB');
  });
});
