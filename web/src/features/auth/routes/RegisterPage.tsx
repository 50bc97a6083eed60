import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useRegister } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Captcha, type CaptchaHandle } from '../components/Captcha';
import { Message, useT } from '@/i18n';

interface RegisterForm {
  username: string;
  nickname: string;
  email: string;
  password: string;
  website: string;
  captcha: string;
}

export default function RegisterPage() {
  const t = useT();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const { register, submit, summary, setValue, clearErrors, formState } = useProblemForm<RegisterForm>({
    defaultValues: { username: '', nickname: '', email: '', password: '', website: '', captcha: '' },
    labels: {
      username: t('auth.username'),
      nickname: t('auth.register.nickname'),
      email: t('auth.email'),
      password: t('auth.password'),
      captcha: t('auth.captcha'),
    },
  });
  const registration = useRegister();
  register('captcha', { required: t('auth.captcha.required') });

  const onSubmit = submit(async (values) => {
    try {
      await registration.mutateAsync({ ...values, website: values.website || undefined });
      setRegisteredEmail(values.email);
    } catch (error) {
      captcha.current?.reset(); // a solution works once
      throw error;
    }
  });

  if (registeredEmail) {
    return (
      <AuthLayout title={t('auth.checkEmail')}>
        <Notice tone="success">
          <Message id="auth.register.sent" values={{ email: registeredEmail, b: (text) => <strong>{text}</strong> }} />
        </Notice>
        <p>{t('auth.register.sentHint')}</p>
        <p>
          <Link to="/sign-in">{t('auth.backToSignIn')}</Link>
        </p>
      </AuthLayout>
    );
  }

  const errors = formState.errors;
  return (
    <AuthLayout title={t('auth.register.title')}>
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        <Field
          label={t('auth.username')}
          hint={t('auth.register.usernameHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username', {
            required: t('auth.register.username.required'),
            pattern: { value: /^[A-Za-z0-9._-]{3,50}$/, message: t('auth.register.username.pattern') },
          })}
        />
        <Field
          label={t('auth.register.nicknameLabel')}
          hint={t('auth.register.nicknameHint')}
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...register('nickname', { required: t('auth.register.nickname.required'), maxLength: { value: 25, message: t('form.maxLength', { max: 25 }) } })}
        />
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email', { required: t('auth.email.required') })}
        />
        <Field
          label={t('auth.password')}
          type="password"
          hint={t('auth.passwordHint')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { required: t('auth.password.new.required'), minLength: { value: 8, message: t('form.minLength', { min: 8 }) } })}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="website">{t('auth.register.honeypot')}</label>
          <input id="website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        <Captcha
          ref={captcha}
          error={errors.captcha?.message}
          onChange={(payload) => {
            setValue('captcha', payload);
            if (payload) clearErrors('captcha');
          }}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {t('auth.register.submit')}
          </Button>
        </div>
      </form>
      <p>
        {t('auth.register.haveAccount')} <Link to="/sign-in">{t('auth.signIn.submit')}</Link>
      </p>
    </AuthLayout>
  );
}
