/**
 * The offline geocoder's search (OfflineGeocoder): trigram similarity on the unaccented, lower-cased
 * name ($1) or a prefix match ($2, a LIKE pattern), the bigger place first among equals, at most $3
 * rows. Sent unnamed, so it is planned for each term: how selective `%` and LIKE are depends on it.
 */
export const GEO_PLACES_SEARCH_SQL = `SELECT name, country_code, admin_code, population, latitude, longitude
  FROM geo_places
 WHERE search_name % lower(unaccent($1)) OR search_name LIKE lower(unaccent($2))
 ORDER BY similarity(search_name, lower(unaccent($1)))
          + CASE WHEN search_name = lower(unaccent($1)) THEN 0.2 ELSE 0 END
          + 0.1 * log(greatest(population, 1) + 1) DESC,
          id
 LIMIT $3`;
