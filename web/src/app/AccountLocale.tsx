import { useEffect, useRef } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useAccountLocale, useSaveLocale } from '@/api/account';
import { currentLocale, setLocale } from '@/i18n';

/**
 * Once someone is signed in, their account's language wins over the one this device guessed from
 * the browser. An account that has none yet takes the device's, so their mails follow it too.
 */
export function AccountLocale() {
  const account = useAccountLocale();
  const save = useSaveLocale();
  const adopted = useRef(false);
  const locale = account.data;
  const loaded = account.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    if (locale) setLocale(locale);
    else if (!adopted.current && onlineManager.isOnline()) {
      adopted.current = true;
      save.mutate(currentLocale());
    }
    // the save's identity changes every render; the account's value is what matters
  }, [loaded, locale]);
  return null;
}
