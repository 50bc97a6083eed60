import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_MEMORY_FLAGS } from '../../src/memory';
import { hasExifGps, jpegWithGps } from '../support/images';
import { freePort } from '../support/mail';
import { waitFor } from '../support/wait';

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const CLI = join(ROOT, 'dist', 'src', 'cli.js');

/**
 * The built service started as a person would, in an empty directory with nothing configured
 * (only PATH and PORT): embedded PostgreSQL, local disk storage, mail outbox, stored keys. Then
 * stopped and started again: data, keys (an old refresh cookie), and images survive.
 */
describe('npm start with nothing configured', () => {
  let dir: string;
  let port: number;
  let child: ChildProcess | undefined;
  let output = '';
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(() => {
    // a fresh clone has no dist/: `npm start` builds first, and so does this test
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], { stdio: 'ignore' });
    dir = mkdtempSync(join(tmpdir(), 'hearth-run-'));
    // as root the embedded cluster runs as the `postgres` user, which must reach ./data
    chmodSync(dir, 0o755);
  }, 180_000);
  afterAll(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<void> {
    output = '';
    // as `npm start` runs it (package.json)
    child = spawn(process.execPath, [...NODE_MEMORY_FLAGS, MAIN], {
      cwd: dir,
      env: { PATH: process.env.PATH!, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await waitFor(
      async () => {
        if (child!.exitCode !== null) throw new Error(`the service exited (${child!.exitCode}):\n${output}`);
        return output.includes('Hearth is running at');
      },
      120_000,
      200,
    );
  }

  async function stop(): Promise<number | null> {
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  const api = async (method: string, path: string, options: { token?: string; body?: unknown; cookie?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base()}/api/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined, setCookie: response.headers.getSetCookie() };
  };
  const refreshCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith('refresh_token='))!.split(';')[0];

  it('serves everything, and keeps data, keys and images across a restart', async () => {
    port = await freePort();
    await start();
    expect(output).toContain(`embedded PostgreSQL in ${join(dir, 'data', 'postgres')}`);
    expect(output).toContain('local disk at');
    expect(output).toContain('create-admin');
    expect((await fetch(`${base()}/health/ready`)).status).toBe(200);
    expect((await fetch(`${base()}/docs`)).status).toBe(200);

    // the first admin, by the command the banner shows (the CLI finds the running cluster)
    execFileSync(process.execPath, [CLI, 'create-admin', '--username', 'admin', '--email', 'admin@example.test', '--group', 'Family'], {
      cwd: dir,
      env: { PATH: process.env.PATH!, ADMIN_PASSWORD: 'Admin-passphrase-1' },
    });
    const adminLogin = await api('POST', '/session', { body: { username: 'admin', password: 'Admin-passphrase-1' } });
    expect(adminLogin.status).toBe(200);
    const adminToken = adminLogin.json.accessToken;
    const account = await api('GET', '/account', { token: adminToken });
    expect(account.json.group.name).toBe('Family');

    // a member without SMTP: POST /users, the link, a password, a login
    const created = await api('POST', '/users', {
      token: adminToken,
      body: { username: 'mia', email: 'mia@example.test', nickname: 'Mia', groupId: account.json.group.id },
    });
    expect(created.status).toBe(201);
    const token = new URL(created.json.setPasswordUrl).searchParams.get('token');
    expect((await api('POST', '/account/password/reset', { body: { token, newPassword: 'Mias-own-passphrase' } })).status).toBe(200);
    const memberLogin = await api('POST', '/session', { body: { username: 'mia', password: 'Mias-own-passphrase', rememberMe: true } });
    expect(memberLogin.status).toBe(200);
    const member = memberLogin.json.accessToken;
    const cookie = refreshCookie(memberLogin.setCookie);

    // an image through the local driver comes back without EXIF
    const original = await jpegWithGps();
    const ticket = await api('POST', '/account/picture', { token: member, body: { contentType: 'image/jpeg', size: original.length } });
    expect(ticket.status).toBe(201);
    // no PUBLIC_URL: the service's own URLs at the address this client used
    expect(ticket.json.uploadUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/v1/storage/`));
    const uploadUrl = ticket.json.uploadUrl;
    expect((await fetch(uploadUrl, { method: 'PUT', body: original, headers: ticket.json.headers })).status).toBe(200);
    expect((await api('PATCH', `/account/picture/confirm/${ticket.json.imageId}`, { token: member })).status).toBe(200);
    await waitFor(async () => (await api('GET', `/files/${ticket.json.imageId}/status`, { token: member })).json.status === 'Completed', 30_000);
    const pictureUrl = (await api('GET', '/account', { token: member })).json.pictureUrl;
    const picture = Buffer.from(await (await fetch(pictureUrl)).arrayBuffer());
    expect(picture.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await hasExifGps(original)).toBe(true);
    expect(await hasExifGps(picture)).toBe(false);

    // the mail landed in the outbox
    const outbox = join(dir, 'data', 'outbox');
    const mail = await waitFor(async () => {
      if (!existsSync(outbox)) return undefined;
      return readdirSync(outbox)
        .map((file) => readFileSync(join(outbox, file), 'utf8'))
        .find((text) => text.includes('mia@example.test'));
    }, 30_000);
    expect(mail).toMatch(/^Subject: Your Hearth account is ready/m);
    // one log line for it, naming the recipient and the subject
    await waitFor(async () => /mail to mia@example\.test \\?"Your Hearth account is ready\\?" written to the outbox/.test(output));

    // the CLI beside it, without the service's PORT, prints the link the service mails
    const cliLink = (args: string[], env: Record<string, string> = {}) =>
      execFileSync(process.execPath, [CLI, ...args], { cwd: dir, env: { PATH: process.env.PATH!, ...env } })
        .toString()
        .trim()
        .split('\n')
        .pop()!;
    const tomLink = cliLink(['create-user', '--username', 'tom', '--email', 'tom@example.test', '--group', 'Family']);
    expect(tomLink).toMatch(new RegExp(`^http://localhost:${port}/reset-password\\?token=[\\w-]+$`));
    const tomMail = await waitFor(
      async () =>
        readdirSync(outbox)
          .map((file) => readFileSync(join(outbox, file), 'utf8'))
          .find((text) => text.includes('tom@example.test')),
      30_000,
    );
    // quoted-printable bodies wrap lines and write "=" as "=3D"
    expect(tomMail!.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`http://localhost:${port}/reset-password?token=`);

    // stop: the service and its embedded cluster end cleanly, and its recorded address goes with it
    expect(await stop()).toBe(0);
    expect(existsSync(join(dir, 'data', 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dir, 'data', 'service.json'))).toBe(false);
    // no service running: the CLI's own settings (PUBLIC_URL, else http://localhost:PORT)
    expect(cliLink(['reset-link', '--username', 'tom'])).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    expect(cliLink(['reset-link', '--username', 'tom'], { PUBLIC_URL: 'https://hearth.example.org' })).toMatch(
      /^https:\/\/hearth\.example\.org\/reset-password\?token=/,
    );

    // start again: the same data, keys and image
    await start();
    expect(output).not.toContain('create-admin');
    const refreshed = await api('POST', '/session/refresh', { cookie });
    expect(refreshed.status).toBe(200);
    const again = (await api('GET', '/account', { token: refreshed.json.accessToken })).json;
    expect(again).toMatchObject({ username: 'mia', group: { name: 'Family' } });
    const pictureAgain = Buffer.from(await (await fetch(again.pictureUrl)).arrayBuffer());
    expect(pictureAgain).toEqual(picture);
    expect((await api('POST', '/session', { body: { username: 'admin', password: 'Admin-passphrase-1' } })).status).toBe(200);
    expect(await stop()).toBe(0);
  }, 300_000);

  it('says in one sentence, without a stack, that a configured database cannot be reached', () => {
    let failure: { status: number; stderr: Buffer; stdout: Buffer } | undefined;
    try {
      execFileSync(process.execPath, [MAIN], {
        cwd: dir,
        env: { PATH: process.env.PATH!, PORT: '0', DATABASE_URL: 'postgres://hearth@127.0.0.1:1/hearth' },
        stdio: 'pipe',
        timeout: 60_000,
      });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure?.status).toBe(1);
    const stderr = failure!.stderr.toString().trim();
    expect(stderr).toBe(
      'Cannot connect to the database (PostgreSQL at 127.0.0.1:1/hearth): ' +
        'nothing answers there (ECONNREFUSED). Check DATABASE_URL, or unset it to use the embedded PostgreSQL.',
    );
  }, 60_000);
});

/**
 * As root in a directory the OS user `postgres` cannot enter (mode 700, as a clone in /root is):
 * the cluster is placed where `postgres` can reach it and the start-up block says where; a start
 * that cannot work says why in one line, never with a stack trace.
 */
(process.getuid?.() === 0 ? describe : describe.skip)('npm start as root in a private directory', () => {
  let dir: string;
  let cluster: string | undefined;

  beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], { stdio: 'ignore' });
    dir = mkdtempSync(join(tmpdir(), 'hearth-private-'));
    chmodSync(dir, 0o700);
  }, 180_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    if (cluster?.startsWith('/var/lib/hearth/clusters/')) rmSync(cluster, { recursive: true, force: true });
  });

  it('starts, serves, names the cluster directory in the start-up block, and stops cleanly', async () => {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, [...NODE_MEMORY_FLAGS, MAIN], {
      cwd: dir,
      env: { PATH: process.env.PATH!, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`);
          return output.includes('Hearth is running at');
        },
        150_000,
        200,
      );
      const line = output.split('\n').find((text) => text.includes('embedded PostgreSQL in '))!;
      cluster = /embedded PostgreSQL in (\S+) \(/.exec(line)?.[1];
      expect(cluster).toMatch(/^\/var\/lib\/hearth\/clusters\/[0-9a-f]{16}$/);
      // DATA_DIR/postgres leads there, for the CLI and the next start
      expect(readlinkSync(join(dir, 'data', 'postgres'))).toBe(cluster);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      if (child.exitCode === null) child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 240_000);

  it('says in one line, without a stack trace, why a start cannot work', () => {
    let failure: { status: number; stderr: Buffer } | undefined;
    try {
      // a data directory that cannot be made (under a file)
      execFileSync(process.execPath, [MAIN], {
        cwd: dir,
        env: { PATH: process.env.PATH!, PORT: '0', DATA_DIR: '/dev/null/data' },
        stdio: 'pipe',
        timeout: 60_000,
      });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure?.status).toBe(1);
    const lines = failure!.stderr.toString().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Hearth could not start: .*ENOTDIR/);
  }, 60_000);
});
