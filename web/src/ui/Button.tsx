import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** shows a busy state and blocks a second submit while a request is in flight */
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, disabled, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={`btn btn-${variant}${className ? ` ${className}` : ''}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}
