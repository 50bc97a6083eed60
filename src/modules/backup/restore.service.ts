import { AppConfig } from '../../config/app-config';
import { migrationClasses } from '../../database/data-source';
import { applyMigrationsNamed } from '../../database/migrate';
import type { StorageService } from '../../infrastructure/storage/storage.service';
import { readArchive, verifyArchive } from './backup-archive';
import { BackupError, BackupManifest, CLEARED_ON_RESTORE, EXCLUDED_TABLES, MANIFEST_MEMBER, OBJECT_PREFIX, TABLE_PREFIX } from './backup-format';
import { BackupRepository } from './backup.repository';

interface Migration {
  name: string;
  timestamp: number;
  transaction?: boolean;
  up(queryRunner: unknown): Promise<void>;
  down(queryRunner: unknown): Promise<void>;
}

/** The code's migrations, oldest first. */
function codeMigrations(): Migration[] {
  return migrationClasses()
    .map((Class) => new (Class as new () => Migration)())
    .map((migration) => ({ migration, timestamp: Number(/(\d{13})$/.exec(migration.name)?.[1] ?? 0) }))
    .sort((a, b) => a.timestamp - b.timestamp)
    .map(({ migration, timestamp }) => Object.assign(migration, { timestamp }));
}

export interface RestoreResult {
  tables: number;
  rows: number;
  objects: number;
  migrated: string[];
}

/**
 * Restores an archive: verifies it whole first, then in one transaction brings the schema to the
 * archive's version, replaces every row, writes the objects and runs the newer migrations. Any
 * failure rolls the database back and removes the objects it had added.
 */
export class RestoreService {
  constructor(
    private readonly config: AppConfig,
    private readonly storage: StorageService,
  ) {}

  async restore(path: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
    const manifest = await verifyArchive(path);
    const migrations = codeMigrations();
    const archiveIndex = migrations.findIndex((migration) => migration.name === manifest.schemaVersion);
    if (archiveIndex < 0) {
      throw new BackupError(
        `the archive's schema ${manifest.schemaVersion || '(none)'} is newer than this version of Hearth (${migrations.at(-1)?.name}); upgrade Hearth first`,
      );
    }

    let repository = await BackupRepository.connect(this.config.databaseUrl);
    const added: string[] = [];
    let inTransaction = false;
    let schemaCreated: Migration[] = [];
    try {
      const users = await repository.countUsers();
      if (users > 0 && !options.force) {
        throw new BackupError(`the target database already holds ${users} user(s); restore with --force to replace everything in it`);
      }
      let applied = await repository.appliedMigrations();
      const unknown = applied.filter((name) => !migrations.some((migration) => migration.name === name));
      if (unknown.length) throw new BackupError(`the target database has a newer schema (${unknown.at(-1)}) than this version of Hearth`);
      if (applied.length === 0) {
        // an empty database gets the archive's schema first (pg-boss's schema migration manages its own transaction)
        await repository.close();
        schemaCreated = migrations.slice(0, archiveIndex + 1);
        await this.applyMigrations(schemaCreated);
        repository = await BackupRepository.connect(this.config.databaseUrl);
        applied = await repository.appliedMigrations();
      }
      const before = new Set<string>();
      for await (const object of this.storage.listObjects()) before.add(object.key);

      await repository.begin();
      inTransaction = true;
      const runner = repository.queryRunner();
      // an archive made before a table was left out of backups still holds it: not restored
      const tables = Object.keys(manifest.tables).filter((table) => !EXCLUDED_TABLES.includes(table));
      await repository.truncate([...tables, ...CLEARED_ON_RESTORE]);
      // down to the archive's schema, then up again after the rows are in
      for (const migration of [...migrations].reverse()) {
        if (migrations.indexOf(migration) <= archiveIndex || !applied.includes(migration.name)) continue;
        await migration.down(runner);
        await repository.forgetMigration(migration.name);
      }
      for (const migration of migrations.slice(0, archiveIndex + 1)) {
        if (applied.includes(migration.name)) continue;
        await migration.up(runner);
        await repository.recordMigration(migration.timestamp, migration.name);
      }
      await repository.setUserTriggers(tables, false);
      const rebuild = await repository.dropForLoad(tables);
      let rows = 0;
      await readArchive(path, async (name, size, body) => {
        if (name.startsWith(TABLE_PREFIX)) {
          const table = name.slice(TABLE_PREFIX.length).replace(/\.copy$/, '');
          if (!tables.includes(table)) return;
          const loaded = await repository.copyIn(table, manifest.columns[table], body);
          if (loaded !== manifest.tables[table]) throw new BackupError(`table ${table}: ${loaded} rows loaded, the manifest says ${manifest.tables[table]}`);
          rows += loaded;
        } else if (name.startsWith(OBJECT_PREFIX)) {
          const key = name.slice(OBJECT_PREFIX.length);
          await this.storage.putStream(key, body, size, manifest.objectTypes[key] ?? 'application/octet-stream');
          if (!before.has(key)) added.push(key);
        } else if (name !== MANIFEST_MEMBER) {
          throw new BackupError(`unexpected member ${name}`);
        }
      });
      await repository.restoreAfterLoad(rebuild, tables);
      if (tables.includes('calendar_changes')) await repository.advanceCalendarSequence();
      await repository.setUserTriggers(tables, true);
      const migrated: string[] = [];
      for (const migration of migrations.slice(archiveIndex + 1)) {
        // one that manages its own transaction runs after the commit, with those after it
        if (migration.transaction === false) break;
        await migration.up(runner);
        await repository.recordMigration(migration.timestamp, migration.name);
        migrated.push(migration.name);
      }
      await repository.commit();
      inTransaction = false;
      const remaining = migrations.slice(archiveIndex + 1 + migrated.length);
      if (remaining.length) {
        await this.applyMigrations(migrations);
        migrated.push(...remaining.map((migration) => migration.name));
      }
      if (options.force) await this.removeObjectsNotIn(manifest);
      return { tables: tables.length, rows, objects: manifest.objects, migrated };
    } catch (error) {
      if (inTransaction) await repository.rollback();
      await this.storage.remove(added).catch(() => undefined);
      // an empty database is left empty: the schema made for the archive is taken down again
      if (schemaCreated.length) await this.unmigrate(schemaCreated).catch(() => undefined);
      throw error;
    } finally {
      await repository.close();
    }
  }

  /** Applies the given migrations (and only those) through the normal runner. */
  private applyMigrations(upTo: Migration[]): Promise<void> {
    return applyMigrationsNamed(this.config.databaseUrl, new Set(upTo.map((migration) => migration.name)));
  }

  private async unmigrate(created: Migration[]): Promise<void> {
    const repository = await BackupRepository.connect(this.config.databaseUrl);
    try {
      await repository.begin();
      for (const migration of [...created].reverse()) await migration.down(repository.queryRunner());
      await repository.dropMigrationsTable();
      await repository.commit();
    } catch (error) {
      await repository.rollback();
      throw error;
    } finally {
      await repository.close();
    }
  }

  private async removeObjectsNotIn(manifest: BackupManifest): Promise<void> {
    const extra: string[] = [];
    for await (const object of this.storage.listObjects()) if (!(object.key in manifest.objectTypes)) extra.push(object.key);
    for (let i = 0; i < extra.length; i += 500) await this.storage.remove(extra.slice(i, i + 500));
  }
}
