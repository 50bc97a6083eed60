import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useForgotPassword, type PasswordRequest } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Captcha, type CaptchaHandle } from '../components/Captcha';
import { Message, useT } from '@/i18n';

export default function ForgotPasswordPage() {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const { register, submit, summary, setValue, clearErrors, formState } = useProblemForm<PasswordRequest>({
    defaultValues: { email: '', captcha: '' },
    labels: { email: t('auth.email'), captcha: t('auth.captcha') },
  });
  const forgot = useForgotPassword();
  register('captcha', { required: t('auth.captcha.required') });

  const onSubmit = submit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      captcha.current?.reset(); // a solution works once
      throw error;
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title={t('auth.checkEmail')}>
        <Notice tone="success">
          <Message id="auth.forgot.sent" values={{ email: sentTo, b: (text) => <strong>{text}</strong> }} />
        </Notice>
        <p>{t('auth.forgot.sentHint')}</p>
        <p>
          <Link to="/sign-in">{t('auth.backToSignIn')}</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.forgot.title')}>
      <p>{t('auth.forgot.intro')}</p>
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={formState.errors.email?.message}
          {...register('email', { required: t('auth.email.required') })}
        />
        <Captcha
          ref={captcha}
          error={formState.errors.captcha?.message}
          onChange={(payload) => {
            setValue('captcha', payload);
            if (payload) clearErrors('captcha');
          }}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
          <Link to="/sign-in">{t('auth.backToSignIn')}</Link>
        </div>
      </form>
    </AuthLayout>
  );
}
