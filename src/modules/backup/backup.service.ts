import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { AppConfig } from '../../config/app-config';
import type { StorageService } from '../../infrastructure/storage/storage.service';
import { addMember, Digest, tarStream } from './backup-archive';
import { BACKUP_FORMAT, BACKUP_NAME, BackupManifest, backupName, MANIFEST_MEMBER, objectMember, sidecarOf, tableMember } from './backup-format';
import { BackupRepository } from './backup.repository';

export interface BackupSummary {
  name: string;
  sizeBytes: number;
  createdAt: string;
  tables: Record<string, number>;
  objects: number;
}

/** The version in package.json, found upwards from here (src/ and dist/src/ alike). */
export function appVersion(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version ?? '0.0.0';
    dir = dirname(dir);
  }
  return '0.0.0';
}

/**
 * Writes backup archives: every table from one REPEATABLE READ snapshot (COPY, spooled to a
 * temporary file so the tar header can carry its size) and every stored object, streamed through
 * gzip into `<name>.partial`, renamed only when complete. Memory stays flat whatever the data size.
 */
export class BackupService {
  constructor(
    private readonly config: AppConfig,
    private readonly storage: StorageService,
  ) {}

  /** Writes one archive (to `out`, or a new name in BACKUP_DIR) and returns its path. */
  async create(out?: string): Promise<string> {
    // --out may name a file or an existing directory
    const intoDirectory = out
      ? await stat(out).then(
          (info) => info.isDirectory(),
          () => false,
        )
      : true;
    const dir = out && !intoDirectory ? dirname(out) : (out ?? this.config.backup.dir);
    await mkdir(dir, { recursive: true });
    const target = out && !intoDirectory ? out : await this.freshPath(dir);
    const partial = `${target}.partial`;
    const spool = await mkdtemp(join(dir, '.backup-spool-'));
    const pack = tarStream().pack();
    const writing = pipeline(pack as unknown as NodeJS.ReadableStream, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    writing.catch(() => undefined);
    let repository: BackupRepository | null = null;
    try {
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        app: 'hearth',
        appVersion: appVersion(),
        schemaVersion: '',
        createdAt: new Date().toISOString(),
        tables: {},
        columns: {},
        objects: 0,
        objectTypes: {},
        checksums: {},
      };
      repository = await BackupRepository.connect(this.config.databaseUrl);
      await repository.beginSnapshot();
      const migrations = await repository.appliedMigrations();
      manifest.schemaVersion = migrations.at(-1) ?? '';
      for (const { table, columns } of await repository.tablesInLoadOrder()) {
        const file = join(spool, `${table}.copy`);
        const counter = new Digest();
        const rows = await repository.copyOut(table, columns, counter, createWriteStream(file));
        const name = tableMember(table);
        manifest.checksums[name] = await addMember(pack, name, counter.bytes, createReadStream(file));
        manifest.tables[table] = rows;
        manifest.columns[table] = columns;
        await rm(file, { force: true });
      }
      await repository.commit();
      await repository.close();
      repository = null;

      for await (const object of this.storage.listObjects()) {
        const info = await this.storage.stat(object.key);
        if (!info) continue; // removed since it was listed
        const name = objectMember(object.key);
        manifest.checksums[name] = await addMember(pack, name, info.size, await this.storage.getStream(object.key));
        manifest.objectTypes[object.key] = info.contentType ?? 'application/octet-stream';
        manifest.objects += 1;
      }
      const manifestJson = Buffer.from(JSON.stringify(manifest, null, 2));
      pack.entry({ name: MANIFEST_MEMBER, size: manifestJson.length, mode: 0o600 }, manifestJson);
      pack.finalize();
      await writing;
      await writeFile(`${sidecarOf(target)}.partial`, manifestJson, { mode: 0o600 });
      await rename(partial, target);
      await rename(`${sidecarOf(target)}.partial`, sidecarOf(target));
      return target;
    } catch (error) {
      pack.destroy();
      await writing.catch(() => undefined);
      await rm(partial, { force: true });
      await rm(`${sidecarOf(target)}.partial`, { force: true });
      throw error;
    } finally {
      if (repository) await repository.close();
      await rm(spool, { recursive: true, force: true });
    }
  }

  /** Archives in BACKUP_DIR written by a backup (those with their manifest beside them), newest first. */
  async list(): Promise<BackupSummary[]> {
    const dir = this.config.backup.dir;
    if (!existsSync(dir)) return [];
    const summaries: BackupSummary[] = [];
    for (const name of await readdir(dir)) {
      if (!BACKUP_NAME.test(name)) continue;
      const path = join(dir, name);
      try {
        const manifest: BackupManifest = JSON.parse(await readFile(sidecarOf(path), 'utf8'));
        const { size } = await stat(path);
        summaries.push({ name, sizeBytes: size, createdAt: manifest.createdAt, tables: manifest.tables, objects: manifest.objects });
      } catch {
        // not complete, or not one of ours
      }
    }
    return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  /** The path of a listed archive, or null: a name is never joined to the directory unchecked. */
  async pathOf(name: string): Promise<string | null> {
    const listed = (await this.list()).find((summary) => summary.name === name);
    return listed ? join(this.config.backup.dir, basename(listed.name)) : null;
  }

  /** Keeps the newest BACKUP_KEEP archives. */
  async prune(): Promise<string[]> {
    const removed: string[] = [];
    for (const old of (await this.list()).slice(this.config.backup.keep)) {
      const path = join(this.config.backup.dir, old.name);
      await rm(path, { force: true });
      await rm(sidecarOf(path), { force: true });
      removed.push(old.name);
    }
    return removed;
  }

  private async freshPath(dir: string): Promise<string> {
    const base = backupName(new Date());
    let candidate = join(dir, base);
    for (let n = 2; existsSync(candidate); n++) candidate = join(dir, base.replace('Z.tar.gz', `Z-${n}.tar.gz`));
    return candidate;
  }
}
