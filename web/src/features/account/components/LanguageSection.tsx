import { describeProblem } from '@/api/problem';
import { LOCALES, autonym, useLocale, useT } from '@/i18n';
import { ErrorSummary } from '@/ui';
import { useSaveLocale } from '../api';

/** The app's language and the mails': kept on the account, so every device and every mail follows it. */
export function LanguageSection() {
  const t = useT();
  const locale = useLocale();
  const save = useSaveLocale();
  return (
    <section className="card" aria-labelledby="language-title">
      <h2 id="language-title">{t('account.language.title')}</h2>
      <ErrorSummary items={save.error ? [{ message: describeProblem(save.error) }] : []} />
      <fieldset>
        <legend className="muted">{t('account.language.hint')}</legend>
        {LOCALES.map((code) => (
          <label key={code} className="checkbox" lang={code}>
            <input type="radio" name="locale" value={code} checked={(save.isPending ? save.variables : locale) === code} onChange={() => save.mutate(code)} />
            {autonym(code)}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
