import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { REDIS } from '../rate-limit/rate-limit.store';
import { GeocodeResult, Geocoder, MAX_GEOCODE_RESULTS } from './geocoder';

/** Nominatim's usage policy: at most one request per second. */
export const NOMINATIM_MIN_INTERVAL_MS = 1000;
/** A caller waits at most this long for its turn; beyond that the search answers 429. */
const MAX_QUEUE_WAIT_MS = 5000;
const REQUEST_TIMEOUT_MS = 8000;
const CACHE_MAX_ENTRIES = 2000;

/** The parts of a Nominatim `/search?format=jsonv2&addressdetails=1` item that we use. */
export interface NominatimPlace {
  display_name: string;
  lat: string;
  lon: string;
  type?: string;
  addresstype?: string;
  address?: { country?: string };
}

export function fromNominatim(place: NominatimPlace): GeocodeResult {
  return {
    displayName: place.display_name,
    latitude: Number(place.lat),
    longitude: Number(place.lon),
    type: place.addresstype ?? place.type ?? 'place',
    country: place.address?.country ?? null,
  };
}

/**
 * Searches a Nominatim server (GEOCODER=nominatim, NOMINATIM_URL). Respects the usage policy:
 * an identifying User-Agent, requests spaced at least one second apart (per process), and
 * answers cached (GEOCODER_CACHE_TTL_SECONDS) so repeated searches do not reach the server; with
 * REDIS_URL the cache is shared by every instance, otherwise it lives in the process.
 */
@Injectable()
export class NominatimGeocoder extends Geocoder {
  private readonly logger = new Logger('Nominatim');
  private readonly cache = new Map<string, { expires: number; results: GeocodeResult[] }>();
  private readonly inFlight = new Map<string, Promise<GeocodeResult[]>>();
  private nextSlot = 0;
  private readonly baseUrl: string;
  private readonly userAgent: string;

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {
    super();
    this.baseUrl = (config.geocoder.nominatimUrl ?? '').replace(/\/+$/, '');
    this.userAgent = config.geocoder.userAgent ?? `Hearth/1 (+${config.appUrl})`;
  }

  async search(term: string): Promise<GeocodeResult[]> {
    const key = term.toLowerCase();
    const cached = await this.cached(key);
    if (cached) return cached;
    // identical concurrent searches share one upstream request
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetch(term).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const results = await pending;
    await this.remember(key, results);
    return results;
  }

  private redisKey(key: string): string {
    return `${this.config.redisKeyPrefix}geocode:nominatim:${key}`;
  }

  private async cached(key: string): Promise<GeocodeResult[] | undefined> {
    if (this.redis) {
      const hit = await this.redis.get(this.redisKey(key)).catch(() => null);
      return hit ? (JSON.parse(hit) as GeocodeResult[]) : undefined;
    }
    const entry = this.cache.get(key);
    return entry && entry.expires > Date.now() ? entry.results : undefined;
  }

  private async fetch(term: string): Promise<GeocodeResult[]> {
    await this.waitForSlot();
    const url = new URL(`${this.baseUrl}/search`);
    url.search = new URLSearchParams({
      q: term,
      format: 'jsonv2',
      addressdetails: '1',
      limit: String(MAX_GEOCODE_RESULTS),
      'accept-language': 'en',
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'user-agent': this.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'Nominatim unreachable');
      throw unavailable();
    }
    if (!response.ok) {
      this.logger.warn({ status: response.status }, 'Nominatim answered with an error');
      throw unavailable();
    }
    const places = (await response.json()) as NominatimPlace[];
    if (!Array.isArray(places)) throw unavailable();
    return places.slice(0, MAX_GEOCODE_RESULTS).map(fromNominatim);
  }

  /** Reserves the next free one-second slot, or refuses when the queue is already too long. */
  private async waitForSlot(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    const wait = slot - now;
    if (wait > MAX_QUEUE_WAIT_MS) {
      throw AppError.tooManyRequests('GEOCODER_BUSY', 'Too many location searches at once, try again shortly', wait / 1000);
    }
    this.nextSlot = slot + NOMINATIM_MIN_INTERVAL_MS;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async remember(key: string, results: GeocodeResult[]): Promise<void> {
    const ttl = this.config.geocoder.cacheTtlSeconds * 1000;
    if (ttl <= 0) return;
    if (this.redis) {
      // a cache: an unreachable Redis only costs the next search a request upstream
      await this.redis.set(this.redisKey(key), JSON.stringify(results), 'PX', ttl).catch(() => undefined);
      return;
    }
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      // Map keeps insertion order: drop the oldest entry
      this.cache.delete(this.cache.keys().next().value as string);
    }
    this.cache.set(key, { expires: Date.now() + ttl, results });
  }
}

function unavailable(): AppError {
  return new AppError(503, 'GEOCODER_UNAVAILABLE', 'Location search is unavailable right now, try again later');
}
