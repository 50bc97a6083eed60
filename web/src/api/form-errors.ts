/** Puts a problem's `errors[].field` messages on the form fields they name; the rest go to the summary. */
import { describeProblem, ProblemError } from './problem';

export interface SummaryItem {
  /** the form field's name, for the summary's link; absent for messages about the whole form */
  field?: string;
  message: string;
}

/**
 * `setError` is react-hook-form's (or anything with that shape). Field names from the API are
 * matched as they are and by their last segment (`items[0].text` → `text`).
 */
export function applyProblem<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
  labels: Partial<Record<F, string>> = {},
): SummaryItem[] {
  if (!(error instanceof ProblemError) || error.errors.length === 0) return [{ message: describeProblem(error) }];
  const summary: SummaryItem[] = [];
  for (const { field, message: raw } of error.errors) {
    const name = (fields as readonly string[]).includes(field) ? field : field.split(/[.[\]]/).filter(Boolean).pop();
    // the API words messages with the field's name ("newPassword must be…"): say it as the label does
    const label = name ? labels[name as F] : undefined;
    const message = label && name && raw.startsWith(name) ? label + raw.slice(name.length) : raw;
    if (name && (fields as readonly string[]).includes(name)) {
      setError(name as F, { type: 'server', message });
      summary.push({ field: name, message });
    } else {
      summary.push({ message: field ? `${field}: ${message}` : message });
    }
  }
  return summary;
}

/** The summary for react-hook-form's own (client-side) validation failures, in field order. */
export function invalidSummary(errors: Record<string, { message?: unknown } | undefined>): SummaryItem[] {
  return Object.entries(errors)
    .filter(([, error]) => error?.message)
    .map(([field, error]) => ({ field, message: String(error!.message) }));
}
