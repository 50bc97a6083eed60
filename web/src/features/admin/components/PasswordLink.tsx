import { useRef, useState, type ReactNode } from 'react';
import { Button, Field, Notice } from '@/ui';
import { copyText } from '@/ui/clipboard';
import { useT } from '@/i18n';
import type { SetPasswordLink } from '../api';
import { linkForOtherDevices } from '../link';
import { QrCode } from './QrCode';
import '../admin.css';

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
        <Button onClick={async () => setCopied(await copyText(url, field.current))}>{copied ? t('admin.member.copied') : t('admin.member.copy')}</Button>
      </div>
      {copied === false ? <p role="status">{t('admin.member.copyFailed')}</p> : null}
      <QrCode text={url} label={t('admin.member.qr')} />
      <p className="muted">{t('admin.member.qrHint')}</p>
    </>
  );
}
