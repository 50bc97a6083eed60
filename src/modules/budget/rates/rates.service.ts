import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Clock, utcDate } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { Sql } from '../../../database/sql';
import { JobsService } from '../../../infrastructure/jobs/jobs.service';
import { crossRate, isCurrencyCode, rateUnits, unitsRate } from '../../../../domain/currency';
import { ECB_MAX_BYTES, EcbRate, parseEcbRates } from './ecb';
import type { RateDto, SetRateDto } from './rates.dto';
import { ECB_LATEST_DATE, ECB_RATES_UPSERT, MANUAL_RATE_SET, RATE_LOOKUP } from './rates.sql';

export const EXCHANGE_RATES_QUEUE = 'budget-exchange-rates';
/** Daily, after the ECB publishes (around 16:00 CET on working days). */
const EXCHANGE_RATES_CRON = '30 16 * * *';
/** Rows per INSERT when a history file is stored. */
const CHUNK = 5_000;

/** Who asks: the group and its currency. */
export type RateAsker = Pick<AuthUser, 'groupId' | 'currency'>;

/** 400 RATE_UNKNOWN: no stored rate of `currency` on or before `date`. */
export const rateUnknown = (currency: string, date: string, field = 'original.rate') =>
  new AppError(
    400,
    'RATE_UNKNOWN',
    `No rate of ${currency} is known on or before ${date}: give the rate`,
    [{ field, message: `no rate of ${currency} on or before ${date}` }],
    undefined,
    {
      currency,
      date,
    },
  );

/** 400 SAME_CURRENCY: `currency` is the group's own. */
export const sameCurrency = (currency: string, field = 'original.currency') =>
  new AppError(
    400,
    'SAME_CURRENCY',
    `${currency} is the group's currency: give the amount alone`,
    [{ field, message: `${field} is the group's currency` }],
    undefined,
    {
      currency,
    },
  );

/** Stores ECB rates through `query` (a pool, a data source), in chunks; answers how many. */
export async function storeEcbRates(query: (text: string, values: unknown[]) => Promise<unknown>, rates: EcbRate[]): Promise<number> {
  for (let i = 0; i < rates.length; i += CHUNK) {
    const chunk = rates.slice(i, i + CHUNK);
    await query(ECB_RATES_UPSERT.text, [chunk.map((r) => r.currency), chunk.map((r) => r.date), chunk.map((r) => r.perEuro)]);
  }
  return rates.length;
}

/**
 * Exchange rates (docs/budget.md, "Other currencies"): the ECB's euro reference rates, loaded
 * once a day from EXCHANGE_RATES_URL into `exchange_rates`, and each group's manual rates; any
 * pair through the euro. With no network the stored rates stay, and every answer says which day
 * its rate is from.
 */
@Injectable()
export class RatesService implements OnModuleInit {
  private readonly logger = new Logger('ExchangeRates');

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(EXCHANGE_RATES_QUEUE, () => this.refresh().then(() => undefined));
    if (this.config.exchangeRates.url) this.jobs.schedule(EXCHANGE_RATES_QUEUE, EXCHANGE_RATES_CRON);
  }

  /** The rate of `currency` in the group's currency on `date` (the latest on or before it; a manual one wins on its day), or undefined. */
  async rateOf(asker: RateAsker, currency: string, date: string): Promise<Omit<RateDto, 'currency' | 'date'> | undefined> {
    const [row] = await this.sql.rows(RATE_LOOKUP, { groupId: asker.groupId, currency, groupCurrency: asker.currency, date });
    const ecb =
      row.ecb_date && row.of_per_euro && row.group_per_euro && rateUnits(row.of_per_euro) && rateUnits(row.group_per_euro)
        ? { rate: crossRate(row.group_per_euro, row.of_per_euro), source: 'ECB' as const, rateDate: row.ecb_date }
        : undefined;
    const manual =
      row.manual_rate && row.manual_date ? { rate: unitsRate(rateUnits(row.manual_rate)!), source: 'manual' as const, rateDate: row.manual_date } : undefined;
    if (manual && (!ecb || manual.rateDate >= ecb.rateDate)) return manual;
    return ecb;
  }

  /** GET /budget/rates. */
  async get(user: RateAsker, currency: string, date = utcDate(this.clock.now())): Promise<RateDto> {
    this.assertForeign(user, currency, 'currency');
    const rate = await this.rateOf(user, currency, date);
    if (!rate) throw rateUnknown(currency, date, 'currency');
    return { currency, date, ...rate };
  }

  /** PUT /budget/rates: the group's own rate of a currency on a day. */
  async set(user: AuthUser, dto: SetRateDto): Promise<RateDto> {
    this.assertForeign(user, dto.currency, 'currency');
    if (rateUnits(dto.rate) === null) throw AppError.invalidField('rate', 'rate must be > 0');
    await this.sql.rows(MANUAL_RATE_SET, { groupId: user.groupId, currency: dto.currency, date: dto.date, rate: dto.rate, userId: user.userId });
    return { currency: dto.currency, date: dto.date, rate: unitsRate(rateUnits(dto.rate)!), source: 'manual', rateDate: dto.date };
  }

  /** 400 when `currency` is not an ISO 4217 code, or is the group's own. */
  assertForeign(user: RateAsker, currency: string, field: string): void {
    if (!isCurrencyCode(currency)) throw AppError.invalidField(field, `${field} must be an ISO 4217 code such as CHF`);
    if (currency === user.currency) throw sameCurrency(currency, field);
  }

  /** Stores the rates of an ECB file's text; answers how many and the latest day. */
  async importXml(xml: string): Promise<{ rates: number; latest: string | null }> {
    const rates = parseEcbRates(xml);
    const count = await storeEcbRates((text, values) => this.sql.rows(text, values), rates);
    return { rates: count, latest: await this.latestEcbDate() };
  }

  async latestEcbDate(): Promise<string | null> {
    const [{ latest }] = await this.sql.rows<{ latest: string | null }>(ECB_LATEST_DATE);
    return latest;
  }

  /**
   * The daily load: fetches EXCHANGE_RATES_URL (within EXCHANGE_RATES_TIMEOUT_MS, at most
   * ECB_MAX_BYTES) and stores its rates. Unreachable, an error status or not a rates file: the
   * stored rates stay, and the log says from which day they are. Never throws.
   */
  async refresh(): Promise<{ rates: number; latest: string | null; error?: string }> {
    const url = this.config.exchangeRates.url;
    if (!url) return { rates: 0, latest: await this.latestEcbDate() };
    try {
      const xml = await fetchLimited(url, this.config.exchangeRates.timeoutMs, ECB_MAX_BYTES);
      const result = await this.importXml(xml);
      this.logger.log(result, 'exchange rates loaded');
      return result;
    } catch (error) {
      const latest = await this.latestEcbDate();
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ url, error: message, keptFrom: latest }, `exchange rates not loaded; the stored ones are from ${latest ?? 'no day yet'}`);
      return { rates: 0, latest, error: message };
    }
  }
}

/** GETs `url` as text within `timeoutMs`, refusing an error status and an answer larger than `maxBytes` (without buffering it). */
export async function fetchLimited(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml, text/xml' }, redirect: 'follow' });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
