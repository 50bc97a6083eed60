import { Link, useNavigate, useSearchParams } from 'react-router';
import { session } from '@/api/client';
import { useSession } from '@/api/session-context';
import { isOwnPath, routeAfterSignIn } from '@/api/last-route';
import { Button, Checkbox, describeUserAgent, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { providerSignInUrl, useSignIn, useSignInOptions } from '../api';
import { problemMessage } from '@/api/problem';
import { AuthLayout } from '../components/AuthLayout';
import { useT } from '@/i18n';

interface SignInForm {
  username: string;
  password: string;
  rememberMe: boolean;
  deviceName: string;
}

export default function SignInPage() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useSession();
  const { register, submit, summary, formState } = useProblemForm<SignInForm>({
    defaultValues: { username: '', password: '', rememberMe: false, deviceName: describeUserAgent(navigator.userAgent) },
    labels: { username: t('auth.username'), password: t('auth.password'), deviceName: t('auth.deviceName') },
  });

  const signIn = useSignIn();
  const options = useSignInOptions();
  const provider = options.data?.oidc ?? null;
  // the password form shows until the service says it is off
  const localLogin = options.data?.localLogin ?? true;
  const next = params.get('next');
  // a failed sign-in at the identity provider comes back with its code
  const providerError = params.get('error');
  const providerMessage = providerError ? (problemMessage(providerError) ?? t('auth.signIn.providerFailed')) : null;

  const onSubmit = submit(async (values) => {
    await signIn.mutateAsync({ ...values, deviceName: values.deviceName || undefined });
    // a page asked for (a link followed while signed out) first; else the page last used on this device, or the welcome page
    const next = params.get('next');
    navigate(isOwnPath(next) ? next : routeAfterSignIn(session.getSnapshot().claims?.userId), { replace: true });
  });

  const errors = formState.errors;
  return (
    <AuthLayout title={t('auth.signIn.title')}>
      {message && !summary.length ? <Notice tone="warning">{message}</Notice> : null}
      {params.get('reset') === '1' ? <Notice tone="success">{t('auth.signIn.passwordChanged')}</Notice> : null}
      {params.get('signed-out') === '1' && !message ? <Notice tone="success">{t('auth.signIn.signedOut')}</Notice> : null}
      {providerMessage && !summary.length ? <Notice tone="warning">{providerMessage}</Notice> : null}
      <ErrorSummary items={summary} />
      {provider ? (
        <div className="actions provider-sign-in">
          <a className="btn btn-primary" href={providerSignInUrl(provider.url, isOwnPath(next) ? next : null)}>
            {provider.buttonLabel}
          </a>
        </div>
      ) : null}
      {provider && localLogin ? <p className="muted">{t('auth.signIn.orPassword')}</p> : null}
      {localLogin ? (
        <form onSubmit={onSubmit} noValidate>
          <Field
            label={t('auth.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username', { required: t('auth.username.required') })}
          />
          <Field
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password', { required: t('auth.password.required') })}
          />
          <Checkbox label={t('auth.signIn.rememberMe')} {...register('rememberMe')} />
          <Field
            label={t('auth.signIn.deviceName')}
            hint={t('auth.signIn.deviceNameHint')}
            maxLength={100}
            error={errors.deviceName?.message}
            {...register('deviceName')}
          />
          <div className="actions">
            <Button type="submit" busy={formState.isSubmitting}>
              {t('auth.signIn.submit')}
            </Button>
            <Link to="/forgot-password">{t('auth.forgot.title')}</Link>
          </div>
        </form>
      ) : null}
      {localLogin ? (
        <p>
          {t('auth.signIn.newHere')} <Link to="/register">{t('auth.register.title')}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
