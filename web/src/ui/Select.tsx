import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Ref, type SelectHTMLAttributes } from 'react';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A native select whose chosen option is shown whole: a box behind it shows the option's text,
 * wrapping onto more lines ("Miete (vorgemerkt) und Nebenkostenvorauszahlungen" on a 360 px
 * phone) where a select alone would cut it. The select itself lies transparent on top: it takes the
 * taps, the keyboard, the screen reader and the form's value as before.
 */
export function Select({ ref, className, children, ...props }: SelectProps) {
  const own = useRef<HTMLSelectElement | null>(null);
  const [face, setFace] = useState('');
  const read = useCallback(() => setFace(own.current?.selectedOptions[0]?.text ?? ''), []);
  // after every render (a controlled value), and on a change the page makes without rendering (a form's reset)
  useLayoutEffect(read);
  useEffect(() => {
    const select = own.current;
    if (!select) return undefined;
    const observer = new MutationObserver(read);
    observer.observe(select, { childList: true, subtree: true, characterData: true, attributes: true });
    select.addEventListener('change', read);
    select.form?.addEventListener('reset', () => setTimeout(read));
    return () => {
      observer.disconnect();
      select.removeEventListener('change', read);
    };
  }, [read]);
  const setRef = useCallback(
    (node: HTMLSelectElement | null) => {
      own.current = node;
      assign(ref, node);
    },
    [ref],
  );
  return (
    <div className={`select${props.disabled ? ' select-disabled' : ''}${className ? ` ${className}` : ''}`}>
      <span className="select-face" aria-hidden="true">
        {face || '\u00a0'}
      </span>
      <select ref={setRef} {...props}>
        {children}
      </select>
    </div>
  );
}
