import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import { applyProblem, invalidSummary, type SummaryItem } from '@/api/form-errors';

/**
 * React Hook Form plus the GOV.UK error handling every form here shares: `submit(action)` clears the
 * summary, runs the action, and on failure puts the problem's `errors[].field` messages on the
 * fields (worded with their labels) and the rest into `summary` for the <ErrorSummary>.
 * `labels` names every field the API may report, as the page shows it.
 */
export function useProblemForm<T extends FieldValues>(options: UseFormProps<T> & { labels: Partial<Record<Path<T>, string>> }) {
  const { labels, ...formOptions } = options;
  const form = useForm<T>(formOptions);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const fields = Object.keys(labels) as Path<T>[];
  const submit = (action: (values: T) => Promise<unknown>) =>
    form.handleSubmit(
      async (values) => {
        setSummary([]);
        try {
          await action(values);
        } catch (error) {
          setSummary(applyProblem(error, fields, form.setError, labels));
        }
      },
      (errors) => setSummary(invalidSummary(errors)),
    );
  return { ...form, summary, setSummary, submit };
}
