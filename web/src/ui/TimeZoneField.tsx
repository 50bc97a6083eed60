import type { Ref, SelectHTMLAttributes } from 'react';
import { SelectField } from './Field';

/** Every IANA zone the browser knows, with `extra` (the current value) kept in the list. */
export function timeZones(extra: readonly (string | null | undefined)[] = []): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', ...extra.filter((zone): zone is string => Boolean(zone))]);
  return [...all].sort();
}

interface TimeZoneFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  /** a first option before the zones (e.g. "each person's own zone"), with the value '' */
  emptyOption?: string;
  /** zones to keep in the list although the browser may not name them */
  keep?: readonly (string | null | undefined)[];
  ref?: Ref<HTMLSelectElement>;
}

/** A select of IANA time zones (`Europe/Berlin`), as the API takes them. */
export function TimeZoneField({ emptyOption, keep = [], ...props }: TimeZoneFieldProps) {
  return (
    <SelectField {...props}>
      {emptyOption ? <option value="">{emptyOption}</option> : null}
      {timeZones(keep).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, ' ')}
        </option>
      ))}
    </SelectField>
  );
}
