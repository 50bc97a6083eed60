import { useState } from 'react';
import { birthdayParts, readBirthday, type BirthdayParts, type BirthdayProblem } from '@domain/birthday';
import { useLocale, useT, type MessageId } from '@/i18n';
import { Button, ErrorSummary, Field, Notice, SelectField, useProblemForm } from '@/ui';
import { intlLocale } from '@/ui/format';
import { useSaveProfile, type Profile } from '../api';

const PROBLEMS: Record<BirthdayProblem['problem'], MessageId> = {
  dayMissing: 'account.birthday.dayMissing',
  dayInvalid: 'account.birthday.dayInvalid',
  notReal: 'account.birthday.notReal',
  monthMissing: 'account.birthday.monthMissing',
  yearInvalid: 'account.birthday.yearInvalid',
  future: 'account.birthday.future',
};

interface Values {
  nickname: string;
  birthdayDay: string;
  birthdayMonth: string;
  birthdayYear: string;
}

const partsOf = (values: Values): BirthdayParts => ({ day: values.birthdayDay, month: values.birthdayMonth, year: values.birthdayYear });
/** Today as the service checks a birthday against it (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** What the group sees of the person: the name, and the birthday the calendar shows every year (the year optional). */
export function ProfileSection({ account }: { account: Profile }) {
  const t = useT();
  const locale = intlLocale(useLocale());
  const [saved, setSaved] = useState(false);
  const parts = birthdayParts(account.birthday);
  const { register, submit, summary, formState } = useProblemForm<Values>({
    values: { nickname: account.nickname, birthdayDay: parts.day, birthdayMonth: parts.month, birthdayYear: parts.year },
    labels: { nickname: t('account.name.label') },
  });
  const save = useSaveProfile();
  const errors = formState.errors;
  // each birthday field shows the problem that is its own
  const birthdayRule = (field: BirthdayProblem['field']) => ({
    validate: (_: string, values: Values) => {
      const read = readBirthday(partsOf(values), today());
      return 'value' in read || read.field !== field ? true : t(PROBLEMS[read.problem]);
    },
  });
  const numberPart = (name: 'birthdayDay' | 'birthdayYear', field: 'day' | 'year', label: string, length: number) => (
    <Field
      label={label}
      inputMode="numeric"
      autoComplete={`bday-${field}`}
      maxLength={length}
      aria-invalid={errors[name] ? true : undefined}
      {...register(name, birthdayRule(field))}
    />
  );
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  // one message above the three fields (the GOV.UK date input), the field at fault marked
  const birthdayError = errors.birthdayDay?.message ?? errors.birthdayMonth?.message ?? errors.birthdayYear?.message;
  const birthdayDescription = birthdayError ? 'birthday-hint birthday-error' : 'birthday-hint';

  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.name.title')}</h2>
      {saved ? <Notice tone="success">{t('account.name.saved')}</Notice> : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async (values) => {
          setSaved(false);
          const read = readBirthday(partsOf(values), today());
          await save.mutateAsync({ nickname: values.nickname, birthday: 'value' in read ? read.value : null });
          setSaved(true);
        })}
      >
        <Field
          label={t('account.name.label')}
          hint={t('account.name.hint')}
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...register('nickname', { required: t('account.name.required'), maxLength: { value: 25, message: t('account.name.tooLong') } })}
        />
        <fieldset id="birthday" className={`date-parts${birthdayError ? ' field-error' : ''}`} aria-describedby={birthdayDescription}>
          <legend>{t('account.birthday.title')}</legend>
          <p className="field-hint" id="birthday-hint">
            {t('account.birthday.hint')}
          </p>
          {birthdayError ? (
            <p className="field-message" id="birthday-error">
              <span className="visually-hidden">{t('field.errorPrefix')} </span>
              {birthdayError}
            </p>
          ) : null}
          <div className="date-parts-row">
            {numberPart('birthdayDay', 'day', t('account.birthday.day'), 2)}
            <SelectField
              label={t('account.birthday.month')}
              autoComplete="bday-month"
              aria-invalid={errors.birthdayMonth ? true : undefined}
              {...register('birthdayMonth', birthdayRule('month'))}
            >
              <option value="">{t('account.birthday.noMonth')}</option>
              {Array.from({ length: 12 }, (_, index) => (
                <option key={index} value={String(index + 1)}>
                  {monthName.format(new Date(Date.UTC(2000, index, 15)))}
                </option>
              ))}
            </SelectField>
            {numberPart('birthdayYear', 'year', t('account.birthday.year'), 4)}
          </div>
        </fieldset>
        <Button type="submit" busy={save.isPending}>
          {t('account.name.save')}
        </Button>
      </form>
    </section>
  );
}
