import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, call, session } from '@/api/client';
import { applyProblem, invalidSummary, type SummaryItem } from '@/api/form-errors';
import { useSession } from '@/app/session-context';
import { Button, Checkbox, describeUserAgent, ErrorSummary, Field, Notice } from '@/ui';
import { AuthLayout } from '../components/AuthLayout';

interface SignInForm {
  username: string;
  password: string;
  rememberMe: boolean;
  deviceName: string;
}
const FIELDS = ['username', 'password', 'rememberMe', 'deviceName'] as const;

/** Only paths of this app, never another site, after signing in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useSession();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, formState } = useForm<SignInForm>({
    defaultValues: { username: '', password: '', rememberMe: false, deviceName: describeUserAgent(navigator.userAgent) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      const body = await call(
        api.POST('/api/v1/session', {
          body: { username: values.username, password: values.password, rememberMe: values.rememberMe, deviceName: values.deviceName || undefined },
        }),
      );
      session.signIn(body.accessToken);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      setSummary(applyProblem(error, FIELDS, setError));
    }
  }, (invalid) => setSummary(invalidSummary(invalid)));

  const errors = formState.errors;
  return (
    <AuthLayout title="Sign in">
      {message && !summary.length ? <Notice tone="warning">{message}</Notice> : null}
      {params.get('reset') === '1' ? <Notice tone="success">Your password has been changed. Sign in with the new one.</Notice> : null}
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
