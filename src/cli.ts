import 'reflect-metadata';
import * as dotenv from 'dotenv';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { MODULES } from './common/auth/auth-user';
import { loadConfig } from './config';
import { createDataSource } from './database/data-source';
import { runMigrations } from './database/migrate';
import { MAX_PASSWORD_BYTES } from './modules/users/password.service';
import { Group } from './modules/groups/entities/group.entity';
import { User } from './modules/users/entities/user.entity';
import { HistorySubscriber } from './modules/history/history.subscriber';
import * as bcrypt from 'bcrypt';
import { resolve } from 'node:path';
import { createStorage } from './infrastructure/storage/storage.module';
import type { OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from './config';
import { BackupService } from './modules/backup/backup.service';
import { RestoreService } from './modules/backup/restore.service';

const USAGE = `usage: npm run cli -- create-admin --username U --email E --group NAME [--nickname N] [--currency EUR]
       password from ADMIN_PASSWORD, or asked for on the terminal
       npm run cli -- backup [--out PATH]
       npm run cli -- restore PATH [--force]`;

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

/** Creates an Active, confirmed admin in group NAME (made with every module if missing). Idempotent. */
async function createAdmin(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      group: { type: 'string' },
      nickname: { type: 'string' },
      currency: { type: 'string', default: 'EUR' },
    },
  });
  if (!values.username || !values.email || !values.group) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
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
      let group = await manager
        .getRepository(Group)
        .createQueryBuilder('g')
        .where('lower(g.name) = lower(:name)', { name: values.group })
        .getOne();
      if (!group) {
        group = await manager.getRepository(Group).save(
          manager.getRepository(Group).create({ name: values.group!, currency: values.currency!.toUpperCase(), modules: [...MODULES] }),
        );
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

/** The configured storage, prepared as at boot (an S3 bucket is created when missing). */
async function readyStorage(config: AppConfig) {
  const storage = createStorage(config);
  await (storage as Partial<OnApplicationBootstrap>).onApplicationBootstrap?.();
  return storage;
}

/** Writes one archive (database snapshot and stored objects); prints its path last. */
async function backup(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const config = loadConfig(process.env);
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
  const config = loadConfig(process.env);
  const result = await new RestoreService(config, await readyStorage(config)).restore(resolve(positionals[0]), { force: values.force });
  console.log(
    `restore: ${result.rows} rows in ${result.tables} tables and ${result.objects} objects restored` +
      (result.migrated.length ? `; migrated to ${result.migrated.at(-1)}` : '') +
      '; every user signs in again',
  );
  return 0;
}

async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  const [command, ...args] = process.argv.slice(2);
  if (command === 'create-admin') process.exit(await createAdmin(args));
  if (command === 'backup') process.exit(await backup(args));
  if (command === 'restore') process.exit(await restore(args));
  console.error(USAGE);
  process.exit(2);
}

main().catch((error) => {
  // one line: the reason, never a stack
  console.error(`${process.argv[2] ?? 'cli'}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  process.exit(1);
});
