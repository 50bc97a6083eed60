import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '@/api/session-context';
import { Button, Checkbox, describeUserAgent, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useSignIn } from '../api';
import { AuthLayout } from '../components/AuthLayout';

interface SignInForm {
  username: string;
  password: string;
  rememberMe: boolean;
  deviceName: string;
}

/** Only paths of this app, never another site, after signing in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useSession();
  const { register, submit, summary, formState } = useProblemForm<SignInForm>({
    defaultValues: { username: '', password: '', rememberMe: false, deviceName: describeUserAgent(navigator.userAgent) },
    labels: { username: 'Username', password: 'Password', deviceName: 'Device name' },
  });

  const signIn = useSignIn();

  const onSubmit = submit(async (values) => {
    await signIn.mutateAsync({ ...values, deviceName: values.deviceName || undefined });
    navigate(safeNext(params.get('next')), { replace: true });
  });

  const errors = formState.errors;
  return (
    <AuthLayout title="Sign in">
      {message && !summary.length ? <Notice tone="warning">{message}</Notice> : null}
      {params.get('reset') === '1' ? <Notice tone="success">Your password has been changed. Sign in with the new one.</Notice> : null}
      {params.get('signed-out') === '1' && !message ? <Notice tone="success">You have signed out. See you soon!</Notice> : null}
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        <Field
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username', { required: 'Enter your username' })}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { required: 'Enter your password' })}
        />
        <Checkbox label="Remember me on this device" {...register('rememberMe')} />
        <Field
          label="Device name (optional)"
          hint="Shown in your list of sessions, so you can recognise this device."
          maxLength={100}
          error={errors.deviceName?.message}
          {...register('deviceName')}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            Sign in
          </Button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </form>
      <p>
        New here? <Link to="/register">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
