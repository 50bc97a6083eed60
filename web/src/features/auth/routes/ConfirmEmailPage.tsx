import { Link, useSearchParams } from 'react-router';
import { describeProblem, ProblemError } from '@/api/problem';
import { useSession } from '@/api/session-context';
import { Notice, Skeleton } from '@/ui';
import { useEmailConfirmation } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Message, useT } from '@/i18n';

/** The link of a confirmation mail: confirms a registration or an email change, once. */
export default function ConfirmEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const confirmation = useEmailConfirmation(token);

  if (!token || confirmation.isError) {
    const invalid = !token || (confirmation.error instanceof ProblemError && confirmation.error.code === 'INVALID_TOKEN');
    return (
      <AuthLayout title={t('auth.link.broken')}>
        <Notice tone="warning">{invalid ? t('auth.link.invalid') : describeProblem(confirmation.error)}</Notice>
        <p>
          {signedIn ? (
            <>
              <Message id="auth.confirm.newLinkSignedIn" values={{ link: (text) => <Link to="/account">{text}</Link> }} />
            </>
          ) : (
            <>
              {t('auth.confirm.newLinkSignedOut')} <Link to="/sign-in">{t('auth.signIn.submit')}</Link>
            </>
          )}
        </p>
      </AuthLayout>
    );
  }
  if (confirmation.isPending) {
    return (
      <AuthLayout title={t('auth.confirm.pending')}>
        <Skeleton lines={2} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.confirm.title')}>
      <Notice tone="success">{t('auth.confirm.done')}</Notice>
      {signedIn ? (
        <p>
          <Link to="/account">{t('auth.confirm.backToAccount')}</Link>
        </p>
      ) : (
        <>
          <p>
            <Message id="auth.confirm.pendingApproval" values={{ b: (text) => <strong>{text}</strong> }} />
          </p>
          <p>
            <Link to="/sign-in">{t('auth.goToSignIn')}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
