import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeProblem, problemMessage } from '@/api/problem';
import { useT } from '@/i18n';
import { Button, DateText, ErrorSummary, Field, LoadState, Notice, Page } from '@/ui';
import { useSignInOptions } from '@/api/sign-in-options';
import { useLinkProvider, useProviderLink, useUnlinkProvider } from '../api';

export default function ConnectedAccountsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const options = useSignInOptions();
  const provider = options.data?.oidc ?? null;
  const link = useProviderLink(!!provider);
  const start = useLinkProvider();
  const unlink = useUnlinkProvider();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const error = params.get('error');

  return (
    <Page title={t('connected.title')}>
      <p className="muted">{t('connected.intro')}</p>
      {params.get('oidc') === 'linked' ? <Notice tone="success">{t('connected.linked')}</Notice> : null}
      {error ? <Notice tone="warning">{problemMessage(error) ?? t('auth.signIn.providerFailed')}</Notice> : null}
      <ErrorSummary items={problem ? [{ message: problem }] : []} />
      {options.isSuccess && !provider ? <p>{t('connected.none')}</p> : null}
      {provider ? (
        <LoadState query={link}>
          {(state) => (
            <section className="card" aria-labelledby="provider-title">
              <h2 id="provider-title">{state.buttonLabel}</h2>
              {state.linked ? (
                <>
                  <p>
                    {t('connected.since')} {state.linkedDate ? <DateText value={state.linkedDate} /> : null}
                  </p>
                  {options.data?.localLogin ? (
                    <form
                      noValidate
                      onSubmit={(event) => {
                        event.preventDefault();
                        setProblem(null);
                        unlink.mutate(password, { onSuccess: () => setPassword(''), onError: (failure) => setProblem(describeProblem(failure)) });
                      }}
                    >
                      <Field
                        label={t('account.password.current')}
                        type="password"
                        autoComplete="current-password"
                        hint={t('connected.unlinkHint')}
                        value={password}
                        onChange={(event) => setPassword(event.currentTarget.value)}
                      />
                      <div className="actions">
                        <Button type="submit" variant="secondary" busy={unlink.isPending} disabled={!password}>
                          {t('connected.unlink')}
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <p className="muted">{t('connected.onlyWayIn')}</p>
                  )}
                </>
              ) : (
                <>
                  <p>{t('connected.notLinked')}</p>
                  <div className="actions">
                    <Button busy={start.isPending} onClick={() => start.mutate(undefined, { onError: (failure) => setProblem(describeProblem(failure)) })}>
                      {t('connected.link')}
                    </Button>
                  </div>
                </>
              )}
            </section>
          )}
        </LoadState>
      ) : null}
    </Page>
  );
}
