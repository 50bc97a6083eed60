import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { Button, type ButtonProps } from './Button';
import { formatBytes } from './bytes';
import { useT } from '@/i18n';

/**
 * A button that downloads a file through the session layer: busy with the bytes received while it
 * runs, then says which file was saved, or what went wrong (the API's problem details in words).
 */
export function DownloadButton({
  download,
  children,
  busyLabel,
  ...rest
}: Omit<ButtonProps, 'onClick' | 'busy'> & {
  download: (onProgress: (received: number, total: number | null) => void) => Promise<string>;
  busyLabel?: string;
}) {
  const t = useT();
  const [state, setState] = useState<{ busy: boolean; received: number; total: number | null; saved: string | null; problem: string | null }>({
    busy: false,
    received: 0,
    total: null,
    saved: null,
    problem: null,
  });
  const start = async () => {
    setState({ busy: true, received: 0, total: null, saved: null, problem: null });
    try {
      const name = await download((received, total) => setState((now) => ({ ...now, received, total })));
      setState({ busy: false, received: 0, total: null, saved: name, problem: null });
    } catch (error) {
      setState({ busy: false, received: 0, total: null, saved: null, problem: describeProblem(error) });
    }
  };
  const progress = state.total
    ? t('download.progress', { received: formatBytes(state.received), total: formatBytes(state.total) })
    : formatBytes(state.received);
  return (
    <div className="download">
      <Button {...rest} busy={state.busy} onClick={() => void start()}>
        {children}
      </Button>
      <div aria-live="polite" className="download-status">
        {state.busy ? (
          <p className="muted">
            {busyLabel ?? t('download.busy')} {state.received > 0 ? progress : null}
          </p>
        ) : null}
        {state.saved ? <p className="muted">{t('download.saved', { name: state.saved })}</p> : null}
      </div>
      {state.problem ? (
        <p className="field-message" role="alert">
          {state.problem}
        </p>
      ) : null}
    </div>
  );
}
