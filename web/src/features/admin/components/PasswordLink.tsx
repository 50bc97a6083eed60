import { useRef, useState, type ReactNode } from 'react';
import { Button, Field, Notice } from '@/ui';
import { useT } from '@/i18n';
import type { SetPasswordLink } from '../api';
import { linkForOtherDevices } from '../link';
import { QrCode } from './QrCode';
import '../admin.css';

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (HTTPS, localhost), else
 * the selected field's text through the older copy command (a page opened at the machine's network
 * address over plain HTTP has no Clipboard API). False when neither worked: the field stays selected.
 */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused: try the field
    }
  }
  field?.focus();
  field?.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A set-password link to hand over in person or by message when mail does not work: with the address
 * this page was opened with (when the server's own is a loopback one), a copy button and a QR code
 * for the new member's phone.
 */
export function PasswordLink({ link, children }: { link: SetPasswordLink; children: ReactNode }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = linkForOtherDevices(link.setPasswordUrl, window.location.origin);
  return (
    <>
      <Notice tone="success">{children}</Notice>
      <Field ref={field} label={t('admin.member.link')} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <div className="actions">
        <Button onClick={async () => setCopied(await copy(url, field.current))}>{copied ? t('admin.member.copied') : t('admin.member.copy')}</Button>
      </div>
      {copied === false ? <p role="status">{t('admin.member.copyFailed')}</p> : null}
      <QrCode text={url} label={t('admin.member.qr')} />
      <p className="muted">{t('admin.member.qrHint')}</p>
    </>
  );
}
