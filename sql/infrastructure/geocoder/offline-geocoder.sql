-- GEO_PLACES_SEARCH_SQL
SELECT name, country_code, admin_code, population, latitude, longitude
  FROM geo_places
 WHERE search_name % lower(unaccent($1)) OR search_name LIKE lower(unaccent($2))
 ORDER BY similarity(search_name, lower(unaccent($1)))
          + CASE WHEN search_name = lower(unaccent($1)) THEN 0.2 ELSE 0 END
          + 0.1 * log(greatest(population, 1) + 1) DESC,
          id
 LIMIT $3;
