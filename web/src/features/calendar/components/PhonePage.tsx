import { useRef, useState } from 'react';
import { useAccount } from '@/api/account';
import { Message, useT } from '@/i18n';
import { Button, Field, LoadState, Page } from '@/ui';
import { copyText } from '@/ui/copy';
import { SubNav } from '@/ui/SubNav';

/** A read-only address with a copy button. */
function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="cal-copy">
      <Field ref={field} label={label} hint={hint} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" onClick={async () => setCopied(await copyText(value, field.current))}>
        {copied ? t('calendar.phone.copied') : t('calendar.phone.copy')}
      </Button>
      {copied === false ? <p role="status">{t('calendar.phone.copyFailed')}</p> : null}
    </div>
  );
}

function DavAccess() {
  const t = useT();
  const account = useAccount();
  const address = `${window.location.origin}/dav/`;
  return (
    <section className="card stack" aria-labelledby="dav-title">
      <h2 id="dav-title">{t('calendar.phone.davTitle')}</h2>
      <p>{t('calendar.phone.davIntro')}</p>
      <CopyField label={t('calendar.phone.address')} value={address} />
      <LoadState query={account} skeletonLines={1}>
        {(profile) => <CopyField label={t('calendar.phone.username')} value={profile.username} />}
      </LoadState>
      <p>{t('calendar.phone.tokenIntro')}</p>
      <h3>{t('calendar.phone.iosTitle')}</h3>
      <ol className="cal-steps">
        <li>{t('calendar.phone.ios1')}</li>
        <li>{t('calendar.phone.ios2')}</li>
        <li>{t('calendar.phone.ios3')}</li>
        <li>{t('calendar.phone.ios4')}</li>
      </ol>
      <h3>{t('calendar.phone.androidTitle')}</h3>
      <ol className="cal-steps">
        <li>
          <Message id="calendar.phone.android1" values={{ link: (text: React.ReactNode) => <a href="https://www.davx5.com/download">{text}</a> }} />
        </li>
        <li>{t('calendar.phone.android2')}</li>
        <li>{t('calendar.phone.android3')}</li>
        <li>{t('calendar.phone.android4')}</li>
      </ol>
    </section>
  );
}

/** /calendar/phone: the family's calendar in the phone's own calendar app (CalDAV), and feed addresses. */
export function PhonePage() {
  const t = useT();
  return (
    <Page title={t('calendar.phone.title')}>
      <SubNav
        label={t('calendar.views')}
        items={[
          { to: '/calendar', label: t('calendar.view.agenda'), end: true },
          { to: '/calendar/week', label: t('calendar.view.week') },
          { to: '/calendar/month', label: t('calendar.view.month') },
          { to: '/calendar/phone', label: t('calendar.phone.title') },
        ]}
      />
      <DavAccess />
    </Page>
  );
}
