import { Link } from 'react-router';
import { LoadState, Page } from '@/ui';
import { useT } from '@/i18n';
import { EmailSection } from '../components/EmailSection';
import { LanguageSection } from '../components/LanguageSection';
import { ExportSection } from '../components/ExportSection';
import { NotificationsSection } from '../components/NotificationsSection';
import { PasswordSection } from '../components/PasswordSection';
import { PictureSection } from '../components/PictureSection';
import { ProfileSection } from '../components/ProfileSection';
import { useAccount } from '../api';

export default function AccountPage() {
  const t = useT();
  const account = useAccount();
  return (
    <Page
      title={t('account.title')}
      actions={
        <>
          <Link to="/account/sessions">{t('account.sessionsLink')}</Link> <Link to="/account/connected">{t('account.connectedLink')}</Link>{' '}
          <Link to="/account/tokens">{t('account.tokensLink')}</Link>
        </>
      }
    >
      <LoadState query={account} skeletonLines={8}>
        {(profile) => (
          <>
            <p className="muted">
              {profile.group
                ? t('account.signedInAsIn', { username: profile.username, group: profile.group.name })
                : t('account.signedInAs', { username: profile.username })}
            </p>
            <PictureSection account={profile} />
            <ProfileSection account={profile} />
            <LanguageSection />
            <EmailSection account={profile} />
            <PasswordSection />
            <NotificationsSection />
            <ExportSection />
          </>
        )}
      </LoadState>
    </Page>
  );
}
