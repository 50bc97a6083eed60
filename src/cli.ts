import 'reflect-metadata';
import * as dotenv from 'dotenv';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { AppModule } from './app.module';
import { prepareDatabase } from './app.factory';
import { MODULES, ROLES, Role } from './common/auth/auth-user';
import { AppError } from './common/errors/app-error';
import { AppConfig, loadConfig } from './config';
import { createDataSource } from './database/data-source';
import { runMigrations } from './database/migrate';
import { UserInvitationsService } from './modules/admin/user-invitations.service';
import { connectDatabase, runEntryPoint } from './startup';
import { runningServiceAddress } from './config/service-address';
import { MAX_PASSWORD_BYTES } from './modules/users/password.service';
import { Group } from './modules/groups/entities/group.entity';
import { User } from './modules/users/entities/user.entity';
import { HistorySubscriber } from './modules/history/history.subscriber';
import * as bcrypt from 'bcrypt';
import { resolve } from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import { ECB_MAX_BYTES, parseEcbRates } from './modules/budget/rates/ecb';
import { storeEcbRates } from './modules/budget/rates/rates.service';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { createStorage } from './infrastructure/storage/storage.module';
import { BackupError } from './modules/backup/backup-format';
import { BackupService } from './modules/backup/backup.service';
import { RestoreService } from './modules/backup/restore.service';

const USAGE = `usage: npm run cli -- create-admin --username U --email E --group NAME [--nickname N] [--currency EUR]
         password from ADMIN_PASSWORD, or asked for on the terminal
       npm run cli -- create-user --username U --email E --group NAME [--nickname N] [--role User|Admin] [--locale en|de]
         prints the link with which the user chooses a password (also mailed, in --locale until they choose; default English)
       npm run cli -- reset-link --username U
         prints a new set-password link for U (earlier unused links stop working)
       npm run cli -- backup [--out PATH]
         writes one .tar.gz (every table and stored object) to PATH or BACKUP_DIR; prints its path last
       npm run cli -- restore PATH [--force]
         verifies the archive, then replaces the database's rows and the stored objects with it
       npm run cli -- rates import FILE
         stores the ECB euro reference rates of FILE (eurofxref-hist.xml, -hist-90d.xml or -daily.xml)
Without DATABASE_URL the commands use the embedded database in DATA_DIR (./data): the running
service's, or started for the command.`;

/**
 * The configuration of a CLI run: quiet logs, no job processing, the embedded database when
 * DATABASE_URL is unset, and the links of the service running on the same DATA_DIR (its APP_URL,
 * recorded at its start), so a printed link is the one it mails.
 */
async function cliConfig(): Promise<AppConfig> {
  const env = { LOG_LEVEL: 'warn', ...process.env, JOBS_ENABLED: 'false' };
  let config = loadConfig(env);
  const running = runningServiceAddress(config.dataDir);
  if (running) config = loadConfig({ ...env, APP_URL: running });
  await connectDatabase(config);
  return config;
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('ADMIN_PASSWORD is not set and there is no terminal to ask on');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Password for the admin: ');
  } finally {
    rl.close();
  }
}

/** The options create-admin and create-user share. */
const ACCOUNT_OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  group: { type: 'string' },
  nickname: { type: 'string' },
} as const;

/** Creates an Active, confirmed admin in group NAME (made with every module if missing). Idempotent. */
async function createAdmin(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { ...ACCOUNT_OPTIONS, currency: { type: 'string', default: 'EUR' } } });
  if (!values.username || !values.email || !values.group) {
    console.error(USAGE);
    return 2;
  }
  const config = await cliConfig();
  const dataSource = createDataSource(config.databaseUrl);
  await dataSource.initialize();
  new HistorySubscriber(dataSource);
  try {
    if (config.migrationsRun) await runMigrations(dataSource);
    const existing = await dataSource.getRepository(User).findOne({ where: { username: values.username } });
    if (existing) {
      console.log(`create-admin: user "${values.username}" already exists; nothing changed`);
      return 0;
    }
    const password = await readPassword();
    if (password.length < 8 || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
      console.error(`create-admin: the password needs 8 characters and at most ${MAX_PASSWORD_BYTES} bytes`);
      return 2;
    }
    const passwordHash = await bcrypt.hash(password, config.bcryptCost);
    await dataSource.transaction(async (manager) => {
      let group = await manager.getRepository(Group).createQueryBuilder('g').where('lower(g.name) = lower(:name)', { name: values.group }).getOne();
      if (!group) {
        group = await manager
          .getRepository(Group)
          .save(manager.getRepository(Group).create({ name: values.group!, currency: values.currency!.toUpperCase(), modules: [...MODULES] }));
      }
      await manager.getRepository(User).save(
        manager.getRepository(User).create({
          username: values.username!,
          email: values.email!.toLowerCase(),
          passwordHash,
          nickname: (values.nickname ?? values.username!).slice(0, 25),
          role: 'Admin',
          status: 'Active',
          emailStatus: 'Confirmed',
          groupId: group.id,
        }),
      );
    });
    console.log(`create-admin: admin "${values.username}" created in group "${values.group}"`);
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

/** Runs `work` with the application's services (no HTTP, no job processing: the service sends the mail). */
async function withServices<T>(work: (invitations: UserInvitationsService, config: AppConfig) => Promise<T>): Promise<T> {
  const config = await cliConfig();
  await prepareDatabase(config);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    return await work(app.get(UserInvitationsService), config);
  } finally {
    await app.close();
  }
}

/** Same as POST /users: an Active member with a confirmed email and a 7-day set-password link. */
async function createUser(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { ...ACCOUNT_OPTIONS, role: { type: 'string', default: 'User' }, locale: { type: 'string' } } });
  if (!values.username || !values.email || !values.group || !(ROLES as readonly string[]).includes(values.role!)) {
    console.error(USAGE);
    return 2;
  }
  return withServices(async (invitations) => {
    const created = await invitations.createInGroupNamed(values.group!, {
      username: values.username!,
      email: values.email!,
      nickname: (values.nickname ?? values.username!).slice(0, 25),
      role: values.role as Role,
      locale: values.locale,
    });
    console.log(`create-user: "${values.username}" created in group "${values.group}".`);
    console.log(`Set-password link (works once, until ${created.expiresAt.toISOString()}):\n${created.setPasswordUrl}`);
    return 0;
  });
}

async function resetLink(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { username: { type: 'string' } } });
  if (!values.username) {
    console.error(USAGE);
    return 2;
  }
  return withServices(async (invitations) => {
    const link = await invitations.resetLink(values.username!);
    console.log(`Set-password link for "${values.username}" (works once, until ${link.expiresAt.toISOString()}):\n${link.setPasswordUrl}`);
    return 0;
  });
}

/** The configured storage, prepared as at boot (an S3 bucket is created when missing). */
async function readyStorage(config: AppConfig) {
  const storage = createStorage(config);
  await (storage as Partial<OnApplicationBootstrap>).onApplicationBootstrap?.();
  return storage;
}

/** Writes one archive (database snapshot and stored objects); prints its path last. */
async function backup(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const config = await cliConfig();
  const path = await new BackupService(config, await readyStorage(config)).create(values.out ? resolve(values.out) : undefined);
  console.log(path);
  return 0;
}

/** Verifies an archive whole, then replaces the database's rows and the stored objects with it. */
async function restore(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = await cliConfig();
  const result = await new RestoreService(config, await readyStorage(config)).restore(resolve(positionals[0]), { force: values.force });
  console.log(
    `restore: ${result.rows} rows in ${result.tables} tables and ${result.objects} objects restored` +
      (result.migrated.length ? `; migrated to ${result.migrated.at(-1)}` : '') +
      '; every user signs in again',
  );
  return 0;
}

/** `rates import FILE`: the ECB's euro reference rates of a file (the full history, the last 90 days, a day), added or replacing those stored. */
async function rates(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  if (positionals.length !== 2 || positionals[0] !== 'import') {
    console.error(USAGE);
    return 2;
  }
  const file = resolve(positionals[1]);
  if (statSync(file).size > ECB_MAX_BYTES) {
    console.error(`rates: ${file} is larger than ${ECB_MAX_BYTES} bytes`);
    return 2;
  }
  const parsed = parseEcbRates(readFileSync(file, 'utf8'));
  const config = await cliConfig();
  const dataSource = createDataSource(config.databaseUrl);
  await dataSource.initialize();
  try {
    if (config.migrationsRun) await runMigrations(dataSource);
    const count = await dataSource.transaction((manager) => storeEcbRates((text, values) => manager.query(text, values), parsed));
    const days = new Set(parsed.map((r) => r.date));
    const latest = [...days].sort().at(-1);
    console.log(`rates: ${count} rates of ${days.size} days stored${latest ? `, the latest of ${latest}` : ''}`);
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  'create-admin': createAdmin,
  'create-user': createUser,
  'reset-link': resetLink,
  backup,
  restore,
  rates,
};

runEntryPoint(
  async () => {
    dotenv.config({ quiet: true });
    const [command, ...args] = process.argv.slice(2);
    const run = COMMANDS[command ?? ''];
    if (!run) {
      console.error(USAGE);
      return 2;
    }
    return run(args);
  },
  {
    // a refused command and a backup or restore failure: one line, the reason
    explain: (error) =>
      error instanceof AppError
        ? `${process.argv[2]}: ${error.message} (${error.code})`
        : error instanceof BackupError
          ? `${process.argv[2]}: ${error.message}`
          : null,
    stack: false,
  },
);
