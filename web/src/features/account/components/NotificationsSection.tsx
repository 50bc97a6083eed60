import { useEffect, useState } from 'react';
import { useSession } from '@/api/session-context';
import { ProblemError } from '@/api/problem';
import { useT } from '@/i18n';
import { Button, Checkbox, ErrorSummary, Field, Notice, TimeZoneField, useProblemForm } from '@/ui';
import {
  markTimeZoneChosen,
  useNotificationSettings,
  useSaveNotificationSettings,
  useSendTestNotification,
  type ChannelTestResult,
  type NotificationSettings,
} from '../api';
import { deviceSubscribed, pushSupported, PushUnavailable, subscribePush, unsubscribePush } from '../push';

interface SettingsValues {
  timeZone: string;
  emailOn: boolean;
  webhookUrl: string;
  shoppingTrips: boolean;
  quietOn: boolean;
  quietFrom: string;
  quietTo: string;
}

const toValues = (settings: NotificationSettings): SettingsValues => ({
  timeZone: settings.timeZone,
  emailOn: settings.email,
  webhookUrl: settings.webhookUrl ?? '',
  shoppingTrips: settings.shoppingTrips,
  quietOn: settings.quietHours !== null,
  quietFrom: settings.quietHours?.from ?? '22:00',
  quietTo: settings.quietHours?.to ?? '07:00',
});

/** The account's notifications: channels, quiet hours, time zone, and "Send a test". */
export function NotificationsSection() {
  const t = useT();
  const settings = useNotificationSettings();
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t('notify.settings.title')}</h2>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <Notice tone="warning">{t('notify.settings.loadFailed')}</Notice>
      ) : (
        <p className="muted">{t('notify.settings.loading')}</p>
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const { claims } = useSession();
  const [saved, setSaved] = useState(false);
  const save = useSaveNotificationSettings();
  const labels = {
    timeZone: t('notify.settings.timeZone'),
    webhookUrl: t('notify.settings.webhook'),
    quietFrom: t('notify.settings.quietFrom'),
    quietTo: t('notify.settings.quietTo'),
  };
  const { register, submit, summary, setSummary, formState, watch, setError } = useProblemForm<SettingsValues>({ values: toValues(settings), labels });
  const quietOn = watch('quietOn');

  return (
    <>
      {saved ? <Notice tone="success">{t('notify.settings.saved')}</Notice> : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async (values) => {
          setSaved(false);
          try {
            await save.mutateAsync({
              timeZone: values.timeZone,
              email: values.emailOn,
              webhookUrl: values.webhookUrl.trim() || null,
              shoppingTrips: values.shoppingTrips,
              quietHours: values.quietOn ? { from: values.quietFrom, to: values.quietTo } : null,
            });
          } catch (error) {
            // the service's reason, in the person's language, beside the field
            if (error instanceof ProblemError && error.code === 'WEBHOOK_URL_NOT_ALLOWED') {
              const message = t('notify.settings.webhookNotAllowed');
              setError('webhookUrl', { type: 'server', message });
              setSummary([{ field: 'webhookUrl', message }]);
              return;
            }
            throw error;
          }
          if (claims?.userId) markTimeZoneChosen(claims.userId);
          setSaved(true);
        })}
      >
        <fieldset>
          <legend>{t('notify.settings.channels')}</legend>
          <Checkbox label={t('notify.settings.inbox')} checked disabled readOnly name="inboxOn" />
          {/* takes effect at once (the browser asks for permission): not part of the form's Save */}
          <PushToggle settings={settings} />
          <Checkbox label={t('notify.settings.email')} {...register('emailOn')} />
          <Field
            label={labels.webhookUrl}
            hint={t('notify.settings.webhookHint')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            error={formState.errors.webhookUrl?.message}
            {...register('webhookUrl', {
              validate: (value) => !value.trim() || /^https?:\/\/\S+$/i.test(value.trim()) || t('notify.settings.webhookInvalid'),
            })}
          />
        </fieldset>
        {/* "Anna is shopping (REWE) — anything else?" and "Anna bought 12 items" */}
        <Checkbox label={t('notifications.settings.shoppingTrips')} {...register('shoppingTrips')} />
        <fieldset>
          <legend>{t('notify.settings.quietHours')}</legend>
          <Checkbox label={t('notify.settings.quietOn')} {...register('quietOn')} />
          {quietOn ? (
            <div className="grid-2">
              <Field
                label={labels.quietFrom}
                type="time"
                error={formState.errors.quietFrom?.message}
                {...register('quietFrom', { required: t('notify.settings.timeRequired') })}
              />
              <Field
                label={labels.quietTo}
                type="time"
                error={formState.errors.quietTo?.message}
                {...register('quietTo', { required: t('notify.settings.timeRequired') })}
              />
            </div>
          ) : null}
          <p className="muted">{t('notify.settings.quietHint')}</p>
        </fieldset>
        <TimeZoneField
          label={labels.timeZone}
          hint={t('notify.settings.timeZoneHint')}
          keep={[settings.timeZone]}
          error={formState.errors.timeZone?.message}
          {...register('timeZone')}
        />
        <Button type="submit" busy={save.isPending}>
          {t('notify.settings.save')}
        </Button>
      </form>
      <TestButton />
    </>
  );
}

/** Push on this device: the permission prompt only once the person asks for it. */
function PushToggle({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const save = useSaveNotificationSettings();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const supported = pushSupported();

  useEffect(() => {
    let live = true;
    if (!supported) return;
    deviceSubscribed()
      .then((value) => live && setSubscribed(value))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported]);

  const on = Boolean(subscribed && settings.push);
  const toggle = async (want: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (want) {
        await subscribePush();
        await save.mutateAsync({ push: true });
        setSubscribed(true);
      } else {
        const others = await unsubscribePush();
        setSubscribed(false);
        // the account's push stays on while another device of the person still takes it
        if (others === 0) await save.mutateAsync({ push: false });
      }
    } catch (error) {
      setProblem(error instanceof PushUnavailable ? t(error.reason === 'denied' ? 'notify.push.denied' : 'notify.push.unsupported') : t('notify.push.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (!supported) return <p className="muted">{t('notify.push.unsupported')}</p>;
  return (
    <div className="push-toggle">
      <Checkbox
        label={t('notify.push.label')}
        checked={on}
        disabled={busy || subscribed === null}
        aria-busy={busy || undefined}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        name="pushOn"
      />
      <p className="muted">{t(on ? 'notify.push.onHint' : 'notify.push.offHint')}</p>
      {problem ? (
        <p className="field-message" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** "Send a test": what each chosen channel did. */
function TestButton() {
  const t = useT();
  const test = useSendTestNotification();
  const channelName = (result: ChannelTestResult) => t(`notify.channel.${result.channel}`);
  const error = test.error;
  return (
    <>
      <p className="muted">{t('notify.test.hint')}</p>
      <div className="actions">
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
          {t('notify.test.send')}
        </Button>
      </div>
      {test.data ? (
        <ul aria-label={t('notify.test.results')}>
          {test.data.channels.map((result) => (
            <li key={result.channel}>
              {t(result.ok ? 'notify.test.ok' : 'notify.test.failed', { channel: channelName(result) })}
              {!result.ok && result.detail ? <span className="muted"> ({result.detail})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <Notice tone="warning">{error instanceof ProblemError && error.code === 'RATE_LIMITED' ? t('notify.test.tooSoon') : t('notify.test.error')}</Notice>
      ) : null}
    </>
  );
}
