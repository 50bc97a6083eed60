import { useRef, useState } from 'react';
import { describeProblem } from '@/api/problem';
import { useT, type Translate } from '@/i18n';
import { Button, Checkbox, DateText, ErrorSummary, Field, LoadState, Notice, Page, SelectField, useProblemForm } from '@/ui';
import { copyText } from '@/ui/clipboard';
import { useAccessTokens, useCreateAccessToken, useEndAccessToken, type AccessTokenRow } from '../api';

type Scope = AccessTokenRow['scopes'][number];

interface TokenForm {
  name: string;
  read: boolean;
  write: boolean;
  dav: boolean;
  expiresInDays: string;
}

/** The scopes in words: what the token may do. */
function scopesInWords(scopes: readonly Scope[], t: Translate): string {
  const words: Record<Scope, string> = { read: t('tokens.scope.read'), write: t('tokens.scope.write'), dav: t('tokens.scope.dav') };
  return scopes.map((scope) => words[scope]).join(', ');
}

/** A token just made: shown this once, with a copy button. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <section className="card" aria-labelledby="new-token-title">
      <h2 id="new-token-title">{t('tokens.new.title')}</h2>
      <Notice tone="warning">{t('tokens.new.once')}</Notice>
      <Field ref={field} label={t('tokens.new.token')} readOnly value={token} onFocus={(event) => event.currentTarget.select()} />
      <div className="actions">
        <Button onClick={async () => setCopied(await copyText(token, field.current))}>{copied ? t('tokens.new.copied') : t('tokens.new.copy')}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t('tokens.new.done')}
        </Button>
      </div>
      {copied === false ? <p role="status">{t('tokens.new.copyFailed')}</p> : null}
    </section>
  );
}

export default function AccessTokensPage() {
  const t = useT();
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const end = useEndAccessToken();
  const [made, setMade] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, submit, summary, formState, reset, watch } = useProblemForm<TokenForm>({
    defaultValues: { name: '', read: true, write: false, dav: false, expiresInDays: '' },
    labels: { name: t('tokens.name') },
  });
  const noScope = !watch('read') && !watch('write') && !watch('dav');

  return (
    <Page title={t('tokens.title')}>
      <p className="muted">{t('tokens.intro')}</p>
      {made ? <NewToken token={made} onDone={() => setMade(null)} /> : null}
      <section className="card" aria-labelledby="make-token-title">
        <h2 id="make-token-title">{t('tokens.make')}</h2>
        <ErrorSummary items={summary} />
        <form
          noValidate
          onSubmit={submit(async (values) => {
            const scopes = (['read', 'write', 'dav'] as const).filter((scope) => values[scope]);
            const created = await create.mutateAsync({
              name: values.name.trim(),
              scopes,
              ...(values.expiresInDays ? { expiresInDays: Number(values.expiresInDays) } : {}),
            });
            setMade(created.token);
            reset();
          })}
        >
          <Field
            label={t('tokens.name')}
            hint={t('tokens.nameHint')}
            maxLength={100}
            error={formState.errors.name?.message}
            {...register('name', { required: t('tokens.nameRequired') })}
          />
          <fieldset>
            <legend>{t('tokens.scopes')}</legend>
            <Checkbox label={t('tokens.scope.read')} {...register('read')} />
            <Checkbox label={t('tokens.scope.write')} {...register('write')} />
            <Checkbox label={t('tokens.scope.dav')} {...register('dav')} />
          </fieldset>
          <SelectField label={t('tokens.expires')} {...register('expiresInDays')}>
            <option value="">{t('tokens.expires.never')}</option>
            <option value="30">{t('tokens.expires.days', { days: 30 })}</option>
            <option value="90">{t('tokens.expires.days', { days: 90 })}</option>
            <option value="365">{t('tokens.expires.days', { days: 365 })}</option>
          </SelectField>
          <div className="actions">
            <Button type="submit" busy={formState.isSubmitting} disabled={noScope}>
              {t('tokens.makeSubmit')}
            </Button>
          </div>
        </form>
      </section>
      <ErrorSummary items={problem ? [{ message: problem }] : []} />
      <LoadState query={tokens}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{t('tokens.none')}</p>
          ) : (
            <ul className="session-list">
              {rows.map((row) => (
                <li key={row.id} className="card session">
                  <h2 className="session-name">{row.name}</h2>
                  <dl className="facts">
                    <dt>{t('tokens.mayDo')}</dt>
                    <dd>{scopesInWords(row.scopes, t)}</dd>
                    <dt>{t('tokens.lastUsed')}</dt>
                    <dd>{row.lastUsedDate ? <DateText value={row.lastUsedDate} withTime /> : t('tokens.neverUsed')}</dd>
                    <dt>{t('tokens.expiresOn')}</dt>
                    <dd>{row.expiresDate ? <DateText value={row.expiresDate} /> : t('tokens.expires.never')}</dd>
                  </dl>
                  <Button
                    variant="secondary"
                    aria-label={t('tokens.endNamed', { name: row.name })}
                    busy={end.isPending && end.variables?.id === row.id}
                    onClick={() => {
                      setProblem(null);
                      end.mutate(row, { onError: (error) => setProblem(describeProblem(error)) });
                    }}
                  >
                    {t('tokens.end')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </Page>
  );
}
