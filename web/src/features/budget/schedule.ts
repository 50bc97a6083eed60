import { translate } from '@/i18n';

export type Frequency = 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';

/** "Every month", "Every 2 weeks" in the app's language. */
export function describeSchedule(frequency: Frequency, interval: number): string {
  return translate('budget.schedule', { frequency, interval });
}
