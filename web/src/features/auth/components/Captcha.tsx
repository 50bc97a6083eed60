import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useLocale, useT } from '@/i18n';

export interface CaptchaHandle {
  /** a solution works once: after a failed submit the widget starts over */
  reset(): void;
}

interface CaptchaProps {
  /** the base64 payload once solved, '' otherwise */
  onChange: (payload: string) => void;
  error?: string;
  ref?: Ref<CaptchaHandle>;
}

/**
 * The widget's code (~35 KB compressed) loads after the form has painted: `<altcha-widget>` is a
 * custom element, so the element already on the page upgrades in place once it is defined.
 */
const defineWidget = () => import('altcha').then(() => import('altcha/i18n/de'));

/**
 * The ALTCHA widget (self-hosted proof of work against GET /api/v1/account/captcha): it starts
 * solving as soon as it is shown, so the form is usually ready by the time it is filled in.
 */
export function Captcha({ onChange, error, ref }: CaptchaProps) {
  const t = useT();
  const locale = useLocale();
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.reset?.();
      changed.current('');
    },
  }));

  useEffect(() => {
    void defineWidget();
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      changed.current(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  return (
    <div className={`field${error ? ' field-error' : ''}`} id="captcha" tabIndex={-1}>
      {error ? (
        <p className="field-message">
          <span className="visually-hidden">{t('field.errorPrefix')} </span>
          {error}
        </p>
      ) : null}
      <altcha-widget ref={widget} challenge="/api/v1/account/captcha" name="captcha" auto="onload" language={locale} />
    </div>
  );
}
