export type Frequency = 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';

const UNITS: Record<Frequency, [string, string]> = {
  Daily: ['day', 'days'],
  Weekly: ['week', 'weeks'],
  Monthly: ['month', 'months'],
  Yearly: ['year', 'years'],
};

/** "Every month", "Every 2 weeks". */
export function describeSchedule(frequency: Frequency, interval: number): string {
  const [one, many] = UNITS[frequency];
  return interval === 1 ? `Every ${one}` : `Every ${interval} ${many}`;
}
