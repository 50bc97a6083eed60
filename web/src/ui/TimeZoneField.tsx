import { useMemo, useRef, useState, type ChangeEvent, type Ref, type SelectHTMLAttributes } from 'react';
import { useLocale, useT, type MessageId } from '@/i18n';
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

/** The zone this device is set to (`Europe/Berlin`), or undefined. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The regions of IANA zone names in the app's words (Intl.DisplayNames names countries, but
 * browsers' data often lacks the continents' names: Chromium answers "150" for Europe).
 */
const REGION_MESSAGES: Record<string, MessageId> = {
  Africa: 'timeZone.region.Africa',
  America: 'timeZone.region.America',
  Antarctica: 'timeZone.region.Antarctica',
  Arctic: 'timeZone.region.Arctic',
  Asia: 'timeZone.region.Asia',
  Atlantic: 'timeZone.region.Atlantic',
  Australia: 'timeZone.region.Australia',
  Europe: 'timeZone.region.Europe',
  Indian: 'timeZone.region.Indian',
  Pacific: 'timeZone.region.Pacific',
};

export function regionOf(zone: string): string {
  const region = zone.split('/')[0];
  return zone.includes('/') && region in REGION_MESSAGES ? region : 'other';
}

/** "Berlin – Mitteleuropäische Zeit": the zone's city (its last part) and its name in `locale` ("Central European Time"). */
export function zoneLabel(zone: string, locale: string): string {
  const city = zone.split('/').pop()!.replace(/_/g, ' ');
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    name = undefined;
  }
  return name && name !== city ? `${city} – ${name}` : city;
}

/** Case and accents do not matter when searching ("zurich" finds "Zürich"). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

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

/**
 * A select of IANA time zones (`Europe/Berlin`, as the API takes them), named in the person's
 * language: this device's zone first, then the zones by region; a search field above narrows the
 * list by city or name (the chosen zone always stays in it).
 */
export function TimeZoneField({ emptyOption, keep = [], ref, onChange, ...props }: TimeZoneFieldProps) {
  const t = useT();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const own = useRef<HTMLSelectElement | null>(null);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const device = deviceTimeZone();
  const keepKey = keep.join(',');
  const zones = useMemo(
    () => timeZones([...keepKey.split(','), device]).map((zone) => ({ zone, label: zoneLabel(zone, locale), region: regionOf(zone) })),
    [keepKey, device, locale],
  );
  const regionName = (region: string) => t(REGION_MESSAGES[region] ?? 'timeZone.region.other');

  const current = chosen ?? own.current?.value ?? (typeof props.value === 'string' ? props.value : undefined);
  const wanted = fold(query.trim());
  const shown = zones.filter((entry) => !wanted || entry.zone === current || fold(`${entry.label} ${entry.zone}`).includes(wanted));
  const first = shown.find((entry) => entry.zone === device);
  const regions = new Map<string, typeof shown>();
  for (const entry of shown) {
    if (entry === first) continue;
    regions.set(entry.region, [...(regions.get(entry.region) ?? []), entry]);
  }
  const ordered = [...regions.entries()]
    .map(([region, entries]) => ({
      name: regionName(region),
      last: region === 'other',
      entries: entries.sort((a, b) => a.label.localeCompare(b.label, locale)),
    }))
    .sort((a, b) => Number(a.last) - Number(b.last) || a.name.localeCompare(b.name, locale));

  return (
    <div className="timezone-field">
      <SelectField
        {...props}
        ref={(node: HTMLSelectElement | null) => {
          own.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) (ref as { current: HTMLSelectElement | null }).current = node;
        }}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          setChosen(event.target.value);
          onChange?.(event);
        }}
      >
        {emptyOption ? <option value="">{emptyOption}</option> : null}
        {first ? (
          <optgroup label={t('timeZone.device')}>
            <option value={first.zone}>{first.label}</option>
          </optgroup>
        ) : null}
        {ordered.map((region) => (
          <optgroup key={region.name} label={region.name}>
            {region.entries.map((entry) => (
              <option key={entry.zone} value={entry.zone}>
                {entry.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <div className="field timezone-search">
        <label htmlFor={`${props.name ?? 'zone'}-find`}>{t('timeZone.search')}</label>
        <input id={`${props.name ?? 'zone'}-find`} type="search" value={query} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
        {wanted ? (
          <p className="field-hint" role="status">
            {t('timeZone.found', { count: shown.filter((entry) => entry.zone !== current).length })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
