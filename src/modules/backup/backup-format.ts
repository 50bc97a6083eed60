/** What a backup archive holds, shared by the writer, the reader and the admin API. */
export const BACKUP_FORMAT = 1;
export const MANIFEST_MEMBER = 'manifest.json';
export const TABLE_PREFIX = 'tables/';
export const OBJECT_PREFIX = 'objects/';

/**
 * Tables of the public schema that are not copied: `migrations` (the restore records the schema
 * itself), sessions and their retired tokens (everyone signs in again after a restore),
 * `instance_secrets` (the installation's signing keys, the Web Push VAPID key pair among them:
 * whoever holds an archive must not be able to sign a token or a push), `push_subscriptions` (each
 * belongs to a signed-in device's session, and is bound to the VAPID key a restore renews),
 * `used_captchas` (a replay guard that expires within minutes), `live_streams` (the live streams
 * open at the time), `oidc_logins` (sign-ins at the identity provider under way, minutes long) and
 * `geo_places` (the bundled place-name data set, loaded by a migration).
 * Every other table is included, new ones too. A restore skips these tables in an archive made
 * before they were left out.
 */
export const EXCLUDED_TABLES = [
  'migrations',
  'sessions',
  'retired_refresh_tokens',
  'instance_secrets',
  'push_subscriptions',
  'used_captchas',
  'live_streams',
  'geo_places',
  'oidc_logins',
];
/**
 * Emptied by a restore although not in the archive. With `instance_secrets` emptied, the next
 * start generates fresh keys (stored-secrets.ts), so no token signed before the restore is valid;
 * devices subscribe to push again (with the new VAPID key) when their people sign in.
 */
export const CLEARED_ON_RESTORE = ['sessions', 'retired_refresh_tokens', 'instance_secrets', 'live_streams', 'push_subscriptions', 'oidc_logins'];

export interface BackupManifest {
  format: number;
  app: 'hearth';
  appVersion: string;
  /** name of the last applied migration */
  schemaVersion: string;
  createdAt: string;
  /** row count per table, in load order (parents before children) */
  tables: Record<string, number>;
  /** the columns copied, per table */
  columns: Record<string, string[]>;
  objects: number;
  /** content type per object key */
  objectTypes: Record<string, string>;
  /** SHA-256 (hex) of every other member */
  checksums: Record<string, string>;
}

/** hearth-backup-20261123-030000Z.tar.gz */
export const BACKUP_NAME = /^hearth-backup-\d{8}-\d{6}Z(-\d+)?\.tar\.gz$/;

export function backupName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `hearth-backup-${stamp}Z.tar.gz`;
}

/** The manifest is also written beside the archive, so listing needs no decompression. */
export function sidecarOf(archivePath: string): string {
  return archivePath.replace(/\.tar\.gz$/, '.manifest.json');
}

export function tableMember(table: string): string {
  return `${TABLE_PREFIX}${table}.copy`;
}

export function objectMember(key: string): string {
  return `${OBJECT_PREFIX}${key}`;
}

/** A failure the CLI reports as one line and a non-zero exit. */
export class BackupError extends Error {}
