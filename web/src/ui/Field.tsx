import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useT } from '@/i18n';
import { Select } from './Select';

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id: string;
  children: ReactNode;
}

/** Label above, hint, inline error, then the control: the GOV.UK pattern. */
function FieldFrame({ label, hint, error, id, children }: FieldFrameProps) {
  const t = useT();
  return (
    <div className={`field${error ? ' field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-message" id={`${id}-error`}>
          <span className="visually-hidden">{t('field.errorPrefix')} </span>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** defaults to the field's name, so an error summary can link to `#name` */
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Field({ label, hint, error, id, name, ref, ...input }: FieldProps) {
  const generated = useId();
  const fieldId = id ?? name ?? generated;
  return (
    <FieldFrame label={label} hint={hint} error={error} id={fieldId}>
      <input id={fieldId} name={name} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...input} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, hint, error, id, name, ref, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? name ?? generated;
  return (
    <FieldFrame label={label} hint={hint} error={error} id={fieldId}>
      <Select id={fieldId} name={name} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...select}>
        {children}
      </Select>
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, id, name, ref, ...input }: CheckboxProps) {
  const generated = useId();
  const fieldId = id ?? (name ? `${name}` : generated);
  return (
    <div className="checkbox">
      <input type="checkbox" id={fieldId} name={name} ref={ref} {...input} />
      <label htmlFor={fieldId}>{label}</label>
    </div>
  );
}
