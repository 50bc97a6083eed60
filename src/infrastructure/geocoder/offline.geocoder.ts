import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { GeocodeResult, Geocoder, MAX_GEOCODE_RESULTS } from './geocoder';
import { GEO_PLACES_SEARCH_SQL } from './offline-geocoder.sql';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

interface PlaceRow {
  name: string;
  country_code: string;
  admin_code: string;
  population: number;
  latitude: number;
  longitude: number;
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Nominatim-like place kinds by size. */
function placeType(population: number): string {
  if (population >= 100_000) return 'city';
  if (population >= 10_000) return 'town';
  return 'village';
}

export function toOfflineResult(row: PlaceRow): GeocodeResult {
  const country = countryName(row.country_code);
  // two-letter alphabetic admin1 codes are meaningful to people (US states, Swiss cantons); numeric ones are not
  const region = /^[A-Z]{2}$/.test(row.admin_code) ? `, ${row.admin_code}` : '';
  return {
    displayName: `${row.name}${region}, ${country}`,
    latitude: row.latitude,
    longitude: row.longitude,
    type: placeType(row.population),
    country,
  };
}

/**
 * One result per name a person reads: places that print the same ("Lisbon, OH, United States" is
 * two villages in Ohio) are one choice, the better ranked (bigger) one, which the list cannot tell
 * apart anyway. Keeps the order; at most MAX_GEOCODE_RESULTS.
 */
export function mergeSameNames(results: GeocodeResult[]): GeocodeResult[] {
  const seen = new Set<string>();
  const merged: GeocodeResult[] = [];
  for (const result of results) {
    if (seen.has(result.displayName)) continue;
    seen.add(result.displayName);
    merged.push(result);
    if (merged.length === MAX_GEOCODE_RESULTS) break;
  }
  return merged;
}

/**
 * Works with no network: searches the bundled GeoNames place names (table geo_places) with
 * trigram similarity on the unaccented, lower-cased name, so "sao paulo" finds "São Paulo" and
 * typos still match. A prefix match catches short, partly typed terms. Ties in similarity go to
 * the bigger place: "new york" ranks New York City above West New York.
 */
@Injectable()
export class OfflineGeocoder extends Geocoder {
  constructor(private readonly sql: Sql) {
    super();
  }

  async search(term: string): Promise<GeocodeResult[]> {
    const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.sql.rows<PlaceRow>(GEO_PLACES_SEARCH_SQL, [term, prefix, MAX_GEOCODE_RESULTS * 3]);
    return mergeSameNames(rows.map(toOfflineResult));
  }
}
