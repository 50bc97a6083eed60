import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';
import { StorageService } from './infrastructure/storage/storage.service';
import { UsersRepository } from './modules/users/users.repository';
import { describeDatabase } from './startup';

/** The command that makes the first admin, as the banner shows it. */
export const CREATE_ADMIN_COMMAND = 'npm run cli -- create-admin --username admin --email admin@example.org --group Family';

/** The start-up block: where to go, what runs where, and what to do first. */
export async function bannerLines(app: NestFastifyApplication, config: AppConfig): Promise<string[]> {
  const hasAdmin = await app
    .get(UsersRepository)
    .hasActiveAdmin()
    .catch(() => true);
  const lines = [
    `Hearth is running at ${config.publicUrl}`,
    `  API docs   ${config.docsEnabled ? `${config.publicUrl}/docs` : 'off (DOCS_ENABLED=false)'}`,
    `  database   ${describeDatabase(config)}`,
    `  storage    ${app.get(StorageService).describe()}`,
    `  mail       ${config.mail.smtpUrl ? `SMTP ${new URL(config.mail.smtpUrl).host}` : `written to ${config.dataDir}/outbox (no SMTP_URL)`}`,
    `  jobs       ${config.jobs.enabled ? 'processed in this process' : 'left to workers (JOBS_ENABLED=false)'}`,
  ];
  if (!hasAdmin) lines.push('', 'No administrator yet. Create one (in another terminal, same directory):', `  ${CREATE_ADMIN_COMMAND}`);
  return lines;
}

/** Plain text on a terminal; one JSON log line (with the block as its message) otherwise. */
export async function printBanner(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const lines = await bannerLines(app, config);
  if (config.logFormat === 'pretty') console.log(`\n${lines.join('\n')}\n`);
  else app.get(Logger).log(lines.join('\n'), 'Startup');
}
