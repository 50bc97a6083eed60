import type * as FastXml from 'fast-xml-parser';
import { onFirstUse } from '../../../common/first-use';
import { isCurrencyCode, isRate } from '../../../../domain/currency';

/** One published reference rate: units of `currency` per euro on `date`. */
export interface EcbRate {
  currency: string;
  date: string;
  perEuro: string;
}

/** The largest rates file read (the full history since 1999 is about 6 MB). */
export const ECB_MAX_BYTES = 32 * 1024 * 1024;

/** fast-xml-parser loads with the first rates file read (the rates job), not with every process. */
const parser = onFirstUse(
  () =>
    new (require('fast-xml-parser') as typeof FastXml).XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      removeNSPrefix: true,
      parseAttributeValue: false,
      processEntities: false,
      isArray: (name) => name === 'Cube',
    }),
);

type Cube = { time?: string; currency?: string; rate?: string; Cube?: Cube[] };

/**
 * The rates of an ECB euro reference file (eurofxref-daily.xml, -hist-90d.xml, -hist.xml: the same
 * format, one `<Cube time="…">` per working day holding `<Cube currency="USD" rate="1.0551"/>`).
 * Entries whose code, date or rate is not one (the ECB's files have none) are skipped; a file that
 * is not such XML at all throws.
 */
export function parseEcbRates(xml: string): EcbRate[] {
  if (xml.length > ECB_MAX_BYTES) throw new Error('rates file too large');
  const document = parser().parse(xml) as { Envelope?: { Cube?: Cube[] } };
  const outer = document.Envelope?.Cube?.[0];
  if (!outer) throw new Error('not an ECB euro reference rates file');
  const rates: EcbRate[] = [];
  for (const day of outer.Cube ?? []) {
    if (!day.time || !/^\d{4}-\d{2}-\d{2}$/.test(day.time)) continue;
    for (const entry of day.Cube ?? []) {
      const currency = entry.currency?.trim() ?? '';
      const rate = entry.rate?.trim() ?? '';
      if (isCurrencyCode(currency) && isRate(rate)) rates.push({ currency, date: day.time, perEuro: rate });
    }
  }
  return rates;
}
