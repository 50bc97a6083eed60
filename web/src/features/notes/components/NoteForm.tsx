import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { Checkbox, ErrorSummary, Field } from '@/ui';
import { FormButtons } from '@/ui/FormButtons';
import { ColorPicker, IconPicker } from '@/ui/pickers';
import type { NoteChanges } from '../api';
import { useT } from '@/i18n';

export interface NoteFormValues {
  title: string;
  content: string;
  color: string;
  icon: string;
  isPrivate: boolean;
  /** on creation only: a plain checklist or a shopping list */
  kind?: NoteKind;
}
const FIELDS = ['title', 'content', 'color', 'icon', 'isPrivate', 'kind'] as const;
type NoteKind = NonNullable<NoteChanges['kind']>;

interface NoteFormProps {
  initial: NoteFormValues;
  /** on creation only: privacy cannot change afterwards */
  askPrivacy: boolean;
  submitLabel: string;
  onSubmit: (body: NoteChanges & { isPrivate?: boolean; kind?: NoteKind }) => Promise<unknown>;
  onCancel?: () => void;
}

/** Title, text, colour and icon of a note (and, when creating, whether it is private). */
export function NoteForm({ initial, askPrivacy, submitLabel, onSubmit, onCancel }: NoteFormProps) {
  const t = useT();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, control, formState } = useForm<NoteFormValues>({ defaultValues: initial });
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await onSubmit({
        title: values.title.trim(),
        content: values.content.trim() ? values.content : null,
        color: values.color,
        icon: values.icon,
        ...(askPrivacy ? { isPrivate: values.isPrivate, kind: values.kind ?? 'list' } : {}),
      });
    } catch (error) {
      setSummary(
        applyProblem(error, FIELDS, setError, {
          title: t('notes.field.title'),
          content: t('notes.field.text'),
          color: t('notes.field.colour'),
          icon: t('notes.field.icon'),
          isPrivate: t('notes.field.private'),
          kind: t('notes.kind.label'),
        }),
      );
    }
  });
  const errors = formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary items={summary} />
      {askPrivacy ? (
        <fieldset className="note-kind">
          <legend>{t('notes.kind.label')}</legend>
          <label className="radio">
            <input type="radio" value="list" {...register('kind')} /> {t('notes.kind.list')}
          </label>
          <label className="radio">
            <input type="radio" value="shopping" {...register('kind')} /> {t('notes.kind.shopping')}
          </label>
        </fieldset>
      ) : null}
      <Field
        label={t('notes.field.title')}
        maxLength={100}
        error={errors.title?.message}
        {...register('title', { required: t('notes.field.title.required'), maxLength: { value: 100, message: t('form.maxLength', { max: 100 }) } })}
      />
      <div className={`field${errors.content ? ' field-error' : ''}`}>
        <label htmlFor="content">{t('notes.field.textOptional')}</label>
        {errors.content ? <p className="field-message">{errors.content.message}</p> : null}
        <textarea id="content" rows={3} maxLength={10000} {...register('content')} />
      </div>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <ColorPicker legend={t('notes.field.colour')} name="color" value={field.value} onChange={field.onChange} error={errors.color?.message} />
        )}
      />
      <Controller
        control={control}
        name="icon"
        render={({ field }) => (
          <IconPicker legend={t('notes.field.icon')} name="icon" value={field.value} onChange={field.onChange} error={errors.icon?.message} />
        )}
      />
      {askPrivacy ? <Checkbox label={t('notes.field.privateLabel')} {...register('isPrivate')} /> : null}
      <FormButtons submitLabel={submitLabel} busy={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
