/** One place found by a geocoder, in the contract's shape (GET /geocode/search). */
export interface GeocodeResult {
  displayName: string;
  latitude: number;
  longitude: number;
  /** kind of place: city, town, village (offline), or Nominatim's address type */
  type: string;
  country: string | null;
}

export const MAX_GEOCODE_RESULTS = 10;

/** The configured geocoding provider (GEOCODER=offline|nominatim). */
export abstract class Geocoder {
  abstract search(term: string): Promise<GeocodeResult[]>;
}
