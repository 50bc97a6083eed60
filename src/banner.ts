import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';
import { StorageService } from './infrastructure/storage/storage.service';
import { UsersRepository } from './modules/users/users.repository';
import { describeDatabase } from './startup';

/** The command that makes the first admin, as the banner shows it. */
export const CREATE_ADMIN_COMMAND = 'npm run cli -- create-admin --username admin --email admin@example.org --group Family';

/** The address the service listens on: every interface, so other devices of the network reach it. */
export const LISTEN_HOST = '0.0.0.0';

/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 (with or without brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && /^(0*:)*:?0*1$/.test(host);
}

/** This machine's IPv4 addresses on its networks (not loopback). */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);
}

/**
 * The links Hearth mails (and answers to the API) start with APP_URL. When that is a loopback
 * address while the service listens on other addresses too, the links open only on this machine:
 * say so, with an APP_URL that other devices reach.
 */
export function loopbackAppUrlWarning(appUrl: string, listenHost: string, addresses: string[] = networkAddresses()): string[] {
  if (!isLoopbackHost(new URL(appUrl).hostname) || isLoopbackHost(listenHost)) return [];
  const lines = [
    `Warning: APP_URL is ${appUrl}, an address of this machine only, while Hearth listens on every address.`,
    '  Links in mails (set-password, confirmation) will not open on other devices; the admin page shows its own address.',
  ];
  if (addresses.length > 0) {
    const suggested = new URL(appUrl);
    suggested.hostname = addresses[0];
    lines.push(`  Set the address other devices use, e.g. APP_URL=${suggested.origin}${suggested.pathname.replace(/\/$/, '')}`);
  } else {
    lines.push('  Set APP_URL to the address other devices use.');
  }
  return lines;
}

/** The start-up block: where to go, what runs where, and what to do first. */
export async function bannerLines(app: NestFastifyApplication, config: AppConfig, listenHost = LISTEN_HOST): Promise<string[]> {
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
  const warning = loopbackAppUrlWarning(config.appUrl, listenHost);
  if (warning.length > 0) lines.push('', ...warning);
  if (!hasAdmin) lines.push('', 'No administrator yet. Create one (in another terminal, same directory):', `  ${CREATE_ADMIN_COMMAND}`);
  return lines;
}

/** Plain text on a terminal; one JSON log line (with the block as its message) otherwise. */
export async function printBanner(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const lines = await bannerLines(app, config);
  if (config.logFormat === 'pretty') console.log(`\n${lines.join('\n')}\n`);
  else app.get(Logger).log(lines.join('\n'), 'Startup');
}
