import { useRef, useState } from 'react';
import { useAccount } from '@/api/account';
import { describeProblem } from '@/api/problem';
import { Message, useT } from '@/i18n';
import { Button, Checkbox, DateText, ErrorSummary, Field, LoadState, Notice, Page } from '@/ui';
import { copyText } from '@/ui/clipboard';
import { FormButtons } from '@/ui/FormButtons';
import { useProblemForm } from '@/ui/use-problem-form';
import { useCreateDavToken, useCreateFeed, useDeleteFeed, useFeeds, type Layer } from '../api';
import { CalendarNav, LAYERS, LAYER_NAMES } from './shared';

/** A read-only address with a copy button. */
function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="cal-copy">
      <Field ref={field} label={label} hint={hint} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" onClick={async () => setCopied(await copyText(value, field.current))}>
        {copied ? t('calendar.phone.copied') : t('calendar.phone.copy')}
      </Button>
      {copied === false ? <p role="status">{t('calendar.phone.copyFailed')}</p> : null}
    </div>
  );
}

function DavAccess() {
  const t = useT();
  const account = useAccount();
  const token = useCreateDavToken();
  const address = `${window.location.origin}/dav/`;
  return (
    <section className="card stack" aria-labelledby="dav-title">
      <h2 id="dav-title">{t('calendar.phone.davTitle')}</h2>
      <p>{t('calendar.phone.davIntro')}</p>
      <CopyField label={t('calendar.phone.address')} value={address} />
      <LoadState query={account} skeletonLines={1}>
        {(profile) => <CopyField label={t('calendar.phone.username')} value={profile.username} />}
      </LoadState>
      {token.data ? (
        <>
          <Notice tone="success">{t('calendar.phone.tokenMade')}</Notice>
          <CopyField label={t('calendar.phone.password')} value={token.data.token} hint={t('calendar.phone.passwordHint')} />
        </>
      ) : (
        <div className="stack">
          <p>{t('calendar.phone.tokenIntro')}</p>
          {token.error ? <Notice tone="warning">{describeProblem(token.error)}</Notice> : null}
          <div className="actions">
            <Button busy={token.isPending} onClick={() => token.mutate(t('calendar.phone.tokenName'))}>
              {t('calendar.phone.makeToken')}
            </Button>
          </div>
        </div>
      )}
      <h3>{t('calendar.phone.iosTitle')}</h3>
      <ol className="cal-steps">
        <li>{t('calendar.phone.ios1')}</li>
        <li>{t('calendar.phone.ios2')}</li>
        <li>{t('calendar.phone.ios3')}</li>
        <li>{t('calendar.phone.ios4')}</li>
      </ol>
      <h3>{t('calendar.phone.androidTitle')}</h3>
      <ol className="cal-steps">
        <li>
          <Message id="calendar.phone.android1" values={{ link: (text: React.ReactNode) => <a href="https://www.davx5.com/download">{text}</a> }} />
        </li>
        <li>{t('calendar.phone.android2')}</li>
        <li>{t('calendar.phone.android3')}</li>
        <li>{t('calendar.phone.android4')}</li>
      </ol>
    </section>
  );
}

interface FeedValues {
  name: string;
  layers: Layer[];
  onlyMine: boolean;
}

function Feeds() {
  const t = useT();
  const feeds = useFeeds();
  const create = useCreateFeed();
  const remove = useDeleteFeed();
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const labels = { name: t('calendar.feeds.name'), layers: t('calendar.feeds.layers') };
  const form = useProblemForm<FeedValues>({ defaultValues: { name: t('calendar.feeds.defaultName'), layers: ['events'], onlyMine: false }, labels });
  const { register, formState, summary } = form;
  return (
    <section className="card stack" aria-labelledby="feeds-title">
      <h2 id="feeds-title">{t('calendar.feeds.title')}</h2>
      <p>{t('calendar.feeds.intro')}</p>
      {made ? (
        <>
          <Notice tone="success">{t('calendar.feeds.made', { name: made.name })}</Notice>
          <CopyField label={t('calendar.feeds.address')} value={made.url} hint={t('calendar.feeds.addressHint')} />
        </>
      ) : null}
      <ErrorSummary items={summary} />
      <form
        className="stack"
        noValidate
        onSubmit={form.submit(async (values) => {
          const feed = await create.mutateAsync({ name: values.name.trim(), layers: values.layers, onlyMine: values.onlyMine });
          setMade({ name: feed.name, url: feed.url });
        })}
      >
        <Field
          label={labels.name}
          error={formState.errors.name?.message}
          {...register('name', { required: t('calendar.feeds.nameRequired'), maxLength: { value: 100, message: t('calendar.feeds.nameTooLong') } })}
        />
        <fieldset>
          <legend>{labels.layers}</legend>
          {LAYERS.map((layer) => (
            <Checkbox
              key={layer}
              id={`feed-layer-${layer}`}
              label={t(LAYER_NAMES[layer])}
              value={layer}
              {...register('layers', { validate: (value) => value.length > 0 || t('calendar.feeds.layersRequired') })}
            />
          ))}
          {formState.errors.layers ? <p className="field-message">{formState.errors.layers.message}</p> : null}
        </fieldset>
        <Checkbox label={t('calendar.feeds.onlyMine')} {...register('onlyMine')} />
        <FormButtons submitLabel={t('calendar.feeds.create')} busy={formState.isSubmitting} />
      </form>
      <h3>{t('calendar.feeds.existing')}</h3>
      <LoadState query={feeds} isEmpty={(list) => list.length === 0} empty={<p className="muted">{t('calendar.feeds.none')}</p>}>
        {(list) => (
          <ul className="cal-feeds">
            {list.map((feed) => (
              <li key={feed.id}>
                <span>
                  <strong>{feed.name}</strong> · {feed.layers.map((layer) => t(LAYER_NAMES[layer])).join(', ')} · <DateText value={feed.createdDate} />
                </span>
                <Button variant="secondary" busy={remove.isPending && remove.variables === feed.id} onClick={() => remove.mutate(feed.id)}>
                  {t('calendar.feeds.end', { name: feed.name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {remove.error ? <Notice tone="warning">{describeProblem(remove.error)}</Notice> : null}
    </section>
  );
}

/** /calendar/phone: the family's calendar in the phone's own calendar app (CalDAV), and feed addresses. */
export function PhonePage() {
  const t = useT();
  return (
    <Page title={t('calendar.phone.title')}>
      <CalendarNav />
      <DavAccess />
      <Feeds />
    </Page>
  );
}
