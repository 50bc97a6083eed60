/** Puts a problem's `errors[].field` messages on the form fields they name; the rest go to the summary. */
import { translate, type MessageId } from '@/i18n';
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
    const name = (fields as readonly string[]).includes(field)
      ? field
      : field
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop();
    const message = fieldMessage(raw, name, labels as Record<string, string | undefined>);
    if (name && (fields as readonly string[]).includes(name)) {
      setError(name as F, { type: 'server', message });
      summary.push({ field: name, message });
    } else {
      summary.push({ message: field ? `${field}: ${message}` : message });
    }
  }
  return summary;
}

/**
 * The summary for react-hook-form's own (client-side) validation failures, in field order. Errors of
 * fields inside lists are named by their path (`units.0.name`, the id a `Field` registered so takes).
 */
export function invalidSummary(errors: object, path = ''): SummaryItem[] {
  return Object.entries(errors).flatMap(([key, error]): SummaryItem[] => {
    if (!error || typeof error !== 'object') return [];
    const field = path ? `${path}.${key}` : key;
    if ('message' in error && error.message) return [{ field, message: String(error.message) }];
    // a field's error without a message (its type only) is not a list to look into
    return 'type' in error ? [] : invalidSummary(error, field);
  });
}

/**
 * The API words field messages in English with the field's name first ("newPassword must be
 * longer than or equal to 8 characters"). The known wordings become the app's own message with the
 * field's label; any other keeps the API's words, the name replaced by the label.
 */
const FIELD_MESSAGES: [RegExp, MessageId, string?][] = [
  [/^must be shorter than or equal to (\d+) characters?$/, 'problem.field.tooLong', 'max'],
  [/^must be longer than or equal to (\d+) characters?$/, 'problem.field.tooShort', 'min'],
  [/^(should not be empty|must not be null \(omit it instead\)|is required.*)$/, 'problem.field.required'],
  [/^must be an email( address)?$/, 'problem.field.email'],
  [/^must not be greater than (\S+)$/, 'problem.field.max', 'max'],
  [/^must not be less than (\S+)$/, 'problem.field.min', 'min'],
  [/^is wrong$/, 'problem.field.wrong'],
  [/^is your current address$/, 'problem.field.sameEmail'],
  [/^must not be before (\w+)$/, 'problem.field.notBefore', 'other'],
  [/^must differ from (\w+)$/, 'problem.field.differ', 'other'],
  [/^must be one of /, 'problem.field.choice'],
  [/^may contain only letters, digits/, 'problem.field.usernameCharacters'],
  [/^must be an? (http or https )?URL( address)?$/, 'problem.field.url'],
  [/^must be a (valid calendar date|date in YYYY-MM-DD format)$/, 'problem.field.date'],
  [/^is not an allowed field$/, 'problem.field.notAllowed'],
];

function fieldMessage(raw: string, name: string | undefined, labels: Record<string, string | undefined>): string {
  const label = name ? labels[name] : undefined;
  if (name && raw.startsWith(`${name} `)) {
    const rest = raw.slice(name.length + 1);
    for (const [pattern, id, argument] of FIELD_MESSAGES) {
      const match = pattern.exec(rest);
      if (!match) continue;
      const value = argument === 'other' ? (labels[match[1]] ?? match[1]) : match[1];
      return translate(id, { label: label ?? name, ...(argument ? { [argument]: value } : {}) });
    }
  }
  return label && name && raw.startsWith(name) ? label + raw.slice(name.length) : raw;
}
