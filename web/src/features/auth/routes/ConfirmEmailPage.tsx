import { Link, useSearchParams } from 'react-router';
import { describeProblem, ProblemError } from '@/api/problem';
import { useSession } from '@/api/session-context';
import { Notice, Skeleton } from '@/ui';
import { useEmailConfirmation } from '../api';
import { AuthLayout } from '../components/AuthLayout';

/** The link of a confirmation mail: confirms a registration or an email change, once. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const confirmation = useEmailConfirmation(token);

  if (!token || confirmation.isError) {
    const invalid = !token || (confirmation.error instanceof ProblemError && confirmation.error.code === 'INVALID_TOKEN');
    return (
      <AuthLayout title="This link does not work">
        <Notice tone="warning">{invalid ? 'The link is invalid, was already used or has expired.' : describeProblem(confirmation.error)}</Notice>
        <p>
          {signedIn ? (
            <>
              You can send a new link from <Link to="/account">your account</Link>.
            </>
          ) : (
            <>
              Signing in sends a new confirmation link when your address is not confirmed yet. <Link to="/sign-in">Sign in</Link>
            </>
          )}
        </p>
      </AuthLayout>
    );
  }
  if (confirmation.isPending) {
    return (
      <AuthLayout title="Confirming your email address">
        <Skeleton lines={2} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Email address confirmed">
      <Notice tone="success">Your email address is confirmed.</Notice>
      {signedIn ? (
        <p>
          <Link to="/account">Back to your account</Link>
        </p>
      ) : (
        <>
          <p>
            If you have just registered: <strong>Registration pending admin approval</strong>. An administrator will approve it; you can
            sign in after that.
          </p>
          <p>
            <Link to="/sign-in">Go to sign in</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
