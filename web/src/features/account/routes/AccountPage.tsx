import { Link } from 'react-router';
import { LoadState, Page } from '@/ui';
import { EmailSection } from '../components/EmailSection';
import { ExportSection } from '../components/ExportSection';
import { NicknameSection } from '../components/NicknameSection';
import { NotificationsSection } from '../components/NotificationsSection';
import { PasswordSection } from '../components/PasswordSection';
import { PictureSection } from '../components/PictureSection';
import { useAccount } from '../api';

export default function AccountPage() {
  const account = useAccount();
  return (
    <Page title="Your account" actions={<Link to="/account/sessions">Signed-in devices</Link>}>
      <LoadState query={account} skeletonLines={8}>
        {(profile) => (
          <>
            <p className="muted">
              Signed in as <strong>{profile.username}</strong>
              {profile.group ? (
                <>
                  {' '}
                  in <strong>{profile.group.name}</strong>
                </>
              ) : null}
              .
            </p>
            <PictureSection account={profile} />
            <NicknameSection account={profile} />
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
