import { occurrencesBetween, type Recurrence } from '@domain/recurrence';

export { addDays } from '@domain/recurrence';

/**
 * The dates a recurring transaction falls on within a window, for the overview's "next 30 days":
 * the same arithmetic as the server's scheduler (domain/recurrence.ts), from the rule's next due
 * date on, and nothing for a rule that is switched off.
 */
export interface RecurrenceRule extends Recurrence {
  nextOccurrence: string | null;
  isEnabled: boolean;
}

/** The dates in [from, to] on which an enabled rule will create a transaction (from its next due date on). */
export function upcomingDates(rule: RecurrenceRule, from: string, to: string): string[] {
  if (!rule.isEnabled || !rule.nextOccurrence) return [];
  return occurrencesBetween(rule, rule.nextOccurrence > from ? rule.nextOccurrence : from, to);
}
