/**
 * The header's search field (docs/search.md): `/` focuses it; results appear grouped by kind as the
 * person types (debounced; the answer for the text last typed is the one shown); each opens its
 * note (at the matched list item), place or transaction. With no network it searches what this
 * device keeps for offline use, and says so. The results panel loads on first use (SearchResults).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { Search, X } from 'lucide-react';
import { useT } from '@/i18n';
import './search.css';

const loadResults = () => import('./SearchResults');
const SearchResults = lazy(loadResults);
/** After the first paint the panel's code is fetched, so that it is there when the network is not. */
const PRELOAD_MS = 300;
const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Whether a key press happens while the person writes somewhere (then `/` is a character). */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

export function SearchBox({ online }: { online: boolean }) {
  const t = useT();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);

  useEffect(() => {
    const timer = setTimeout(() => void loadResults().catch(() => undefined), PRELOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // a hit opened: the panel closes
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      input.current?.blur();
    }
  };
  const showing = open && q.length > 0;
  return (
    <div className="search" onKeyDown={onKeyDown}>
      <form role="search" className="search-form" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${panelId}-q`} className="visually-hidden">
          {t('search.label')}
        </label>
        <Search size={18} aria-hidden="true" className="search-icon" />
        <input
          ref={input}
          id={`${panelId}-q`}
          type="search"
          value={text}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          aria-keyshortcuts="/"
          aria-controls={showing ? panelId : undefined}
          onFocus={() => {
            setOpen(true);
            void loadResults().catch(() => undefined);
          }}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
        />
        {text ? (
          <button type="button" className="search-clear" aria-label={t('search.clear')} onClick={() => (setText(''), input.current?.focus())}>
            <X size={18} aria-hidden="true" />
          </button>
        ) : null}
      </form>
      {showing ? (
        <Suspense fallback={null}>
          <SearchResults id={panelId} q={q} online={online} onOpen={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
