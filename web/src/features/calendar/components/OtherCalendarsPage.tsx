import { useState } from 'react';
import { Link } from 'react-router';
import { describeProblem, ProblemError, problemMessage } from '@/api/problem';
import { useT } from '@/i18n';
import { Button, DateText, Dialog, ErrorSummary, Field, LoadState, Notice, Page } from '@/ui';
import { DangerAction } from '@/ui/DangerAction';
import { FormButtons } from '@/ui/FormButtons';
import { useProblemForm } from '@/ui/use-problem-form';
import {
  useChangeSubscription,
  useCommitImport,
  useCreateSubscription,
  useDeleteSubscription,
  usePreviewImport,
  useSubscriptions,
  type CalendarImport,
  type CalendarImportResult,
  type Subscription,
} from '../api';
import { importCounts } from '../imports';
import { addFailureText, failureText, skippedText } from '../reasons';
import { CalendarNav } from './shared';

const DEFAULT_COLOR = '#16a34a';

interface SubscriptionValues {
  name: string;
  url: string;
  color: string;
}

/** The name and colour fields of both the add and the change forms. */
function useSubscriptionForm(defaultValues: SubscriptionValues) {
  const t = useT();
  const labels = { name: t('calendar.other.name'), url: t('calendar.other.url'), color: t('calendar.other.color') };
  const form = useProblemForm<SubscriptionValues>({ defaultValues, labels });
  const fields = (
    <>
      <Field
        label={labels.name}
        error={form.formState.errors.name?.message}
        {...form.register('name', {
          validate: (value) => value.trim().length > 0 || t('calendar.other.nameRequired'),
          maxLength: { value: 100, message: t('calendar.other.nameTooLong') },
        })}
      />
      <Field label={labels.color} type="color" className="cal-color" error={form.formState.errors.color?.message} {...form.register('color')} />
    </>
  );
  return { form, labels, fields };
}

function AddSubscription() {
  const t = useT();
  const create = useCreateSubscription();
  const { form, labels, fields } = useSubscriptionForm({ name: '', url: '', color: DEFAULT_COLOR });
  const [added, setAdded] = useState<string | null>(null);
  return (
    <form
      className="stack"
      noValidate
      aria-labelledby="add-subscription-title"
      onSubmit={form.submit(async (values) => {
        let made;
        try {
          made = await create.mutateAsync({ name: values.name.trim(), url: values.url.trim(), color: values.color });
        } catch (error) {
          // the address answered, but not with a calendar: why, on the address field, in the person's words
          if (!(error instanceof ProblemError) || !error.failure) throw error;
          const message = addFailureText(error.failure);
          form.setError('url', { message });
          form.setSummary([{ field: 'url', message }]);
          return;
        }
        setAdded(made.name);
        form.reset({ name: '', url: '', color: DEFAULT_COLOR });
      })}
    >
      <h3 id="add-subscription-title">{t('calendar.other.add')}</h3>
      {added ? <Notice tone="success">{t('calendar.other.added', { name: added })}</Notice> : null}
      <ErrorSummary items={form.summary} />
      <Field
        label={labels.url}
        hint={t('calendar.other.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        error={form.formState.errors.url?.message}
        {...form.register('url', {
          validate: (value) => /^(https?|webcal):\/\/\S+$/i.test(value.trim()) || t('calendar.other.urlInvalid'),
        })}
      />
      {fields}
      <FormButtons submitLabel={t('calendar.other.subscribe')} busy={form.formState.isSubmitting} />
    </form>
  );
}

function ChangeSubscription({ subscription, onDone }: { subscription: Subscription; onDone: () => void }) {
  const t = useT();
  const change = useChangeSubscription();
  const { form, fields } = useSubscriptionForm({ name: subscription.name, url: subscription.url, color: subscription.color.toLowerCase() });
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.submit(async (values) => {
        await change.mutateAsync({ id: subscription.id, body: { name: values.name.trim(), color: values.color } });
        onDone();
      })}
    >
      <ErrorSummary items={form.summary} />
      {fields}
      <FormButtons submitLabel={t('calendar.other.save')} busy={form.formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const t = useT();
  const remove = useDeleteSubscription();
  const [changing, setChanging] = useState(false);
  return (
    <li>
      <span className="cal-swatch" style={{ background: subscription.color }} aria-hidden="true" />
      <div className="cal-sub-text">
        <strong>{subscription.name}</strong>
        <span className="muted">{subscription.url}</span>
        {subscription.lastFailure ? (
          <span className="field-message">{failureText(subscription.lastFailure)}</span>
        ) : subscription.fetchedDate ? (
          <span>
            {t('calendar.other.events', { count: subscription.eventCount })} · {t('calendar.other.fetched')}{' '}
            <DateText value={subscription.fetchedDate} withTime />
          </span>
        ) : (
          <span>{t('calendar.other.notFetched')}</span>
        )}
      </div>
      <div className="actions">
        <Button variant="secondary" onClick={() => setChanging(true)}>
          {t('calendar.other.change', { name: subscription.name })}
        </Button>
      </div>
      <DangerAction
        label={t('calendar.other.remove', { name: subscription.name })}
        question={t('calendar.other.removeQuestion', { name: subscription.name })}
        confirmLabel={t('calendar.other.removeConfirm')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(subscription.id)}
      >
        {t('calendar.other.removeExplained')}
      </DangerAction>
      <Dialog open={changing} title={t('calendar.other.changeTitle', { name: subscription.name })} onClose={() => setChanging(false)}>
        <ChangeSubscription subscription={subscription} onDone={() => setChanging(false)} />
      </Dialog>
    </li>
  );
}

function Subscriptions() {
  const t = useT();
  const subscriptions = useSubscriptions();
  return (
    <section className="card stack" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">{t('calendar.other.subscriptionsTitle')}</h2>
      <p>{t('calendar.other.subscriptionsIntro')}</p>
      <LoadState query={subscriptions} isEmpty={(list) => list.length === 0} empty={<p className="muted">{t('calendar.other.none')}</p>}>
        {(list) => (
          <ul className="cal-subs" aria-label={t('calendar.other.subscriptionsTitle')}>
            {list.map((subscription) => (
              <SubscriptionRow key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        )}
      </LoadState>
      <AddSubscription />
    </section>
  );
}

/** An event a commit refused, in the person's language when its code is known. */
const refusalText = (failure: CalendarImportResult['failed'][number]) => problemMessage(failure.code) ?? failure.message;

function ImportPreview({ preview, onDone }: { preview: CalendarImport; onDone: (result: CalendarImportResult) => void }) {
  const t = useT();
  const commit = useCommitImport();
  const counts = importCounts(preview);
  return (
    <div className="stack">
      <h3>{t('calendar.import.previewTitle')}</h3>
      <ul className="cal-import-counts">
        <li>{t('calendar.import.new', { count: counts.create })}</li>
        <li>{t('calendar.import.changed', { count: counts.update })}</li>
        <li>{t('calendar.import.refused', { count: counts.skipped })}</li>
      </ul>
      {preview.events.length ? (
        <ul className="cal-feeds" aria-label={t('calendar.import.eventsLabel')}>
          {preview.events.map((event) => (
            <li key={event.index}>
              <span>
                <strong>{event.title}</strong> · <DateText value={event.start} withTime={!event.allDay} />
              </span>
              <span className="cal-layer">{event.action === 'create' ? t('calendar.import.actionCreate') : t('calendar.import.actionUpdate')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {preview.skipped.length ? (
        <>
          <h4>{t('calendar.import.skippedTitle')}</h4>
          <ul>
            {preview.skipped.map((skip, index) => (
              <li key={`${skip.uid ?? ''}-${index}`}>{skippedText(skip)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {commit.error ? <Notice tone="warning">{describeProblem(commit.error)}</Notice> : null}
      <div className="actions">
        {preview.events.length ? (
          <Button busy={commit.isPending} onClick={async () => onDone(await commit.mutateAsync(preview.id))}>
            {t('calendar.import.commit', { count: preview.events.length })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

interface FileValues {
  file: FileList | null;
}

function ImportFile() {
  const t = useT();
  const previewImport = usePreviewImport();
  const [preview, setPreview] = useState<CalendarImport | null>(null);
  const [result, setResult] = useState<CalendarImportResult | null>(null);
  const labels = { file: t('calendar.import.file') };
  const form = useProblemForm<FileValues>({ defaultValues: { file: null }, labels });
  return (
    <section className="card stack" aria-labelledby="import-title">
      <h2 id="import-title">{t('calendar.import.title')}</h2>
      <p>{t('calendar.import.intro')}</p>
      {result ? (
        <div className="stack" role="status">
          <Notice tone="success">{t('calendar.import.done', { created: result.created, updated: result.updated })}</Notice>
          {result.failed.length ? (
            <>
              <p>{t('calendar.import.failed', { count: result.failed.length })}</p>
              <ul>
                {result.failed.map((failure) => (
                  <li key={failure.index}>{t('calendar.import.failedOne', { uid: failure.uid, reason: refusalText(failure) })}</li>
                ))}
              </ul>
            </>
          ) : null}
          <p>
            <Link to="/calendar">{t('calendar.backToCalendar')}</Link>
          </p>
        </div>
      ) : null}
      <ErrorSummary items={form.summary} />
      <form
        className="stack"
        noValidate
        onSubmit={form.submit(async ({ file }) => {
          setResult(null);
          setPreview(await previewImport.mutateAsync(file![0]));
        })}
      >
        <Field
          label={labels.file}
          id="file"
          type="file"
          accept=".ics,text/calendar"
          error={form.formState.errors.file?.message}
          {...form.register('file', {
            validate: (files) => (files?.length ? true : t('calendar.import.chooseFile')),
            onChange: () => setPreview(null),
          })}
        />
        <FormButtons submitLabel={t('calendar.import.preview')} busy={form.formState.isSubmitting} />
      </form>
      {preview ? (
        <ImportPreview
          preview={preview}
          onDone={(done) => {
            setResult(done);
            setPreview(null);
            form.reset({ file: null });
          }}
        />
      ) : null}
    </section>
  );
}

/** /calendar/other: outside calendars the group subscribes to, and an .ics file imported. */
export function OtherCalendarsPage() {
  const t = useT();
  return (
    <Page title={t('calendar.other.title')}>
      <CalendarNav />
      <Subscriptions />
      <ImportFile />
    </Page>
  );
}
