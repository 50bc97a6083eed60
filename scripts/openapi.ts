import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, buildOpenApi } from '../src/app.factory';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/config';

const FILE = join(__dirname, '..', '..', 'openapi.json');

/** Recursively sorts object keys so the document diffs cleanly. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Builds the OpenAPI document without touching a database (preview mode instantiates no provider). */
export async function renderOpenApi(): Promise<string> {
  const config = loadConfig({ DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', LOG_LEVEL: 'silent', MIGRATIONS_RUN: 'false' });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health/live', 'health/ready'] });
  const document = buildOpenApi(app);
  await app.close().catch(() => undefined);
  return `${JSON.stringify(sorted(document), null, 2)}\n`;
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  const rendered = await renderOpenApi();
  if (mode === 'write') {
    writeFileSync(FILE, rendered);
    console.log(`openapi: wrote ${FILE}`);
  } else {
    let current = '';
    try {
      current = readFileSync(FILE, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== rendered) {
      console.error('openapi: openapi.json is stale; run `npm run openapi` and commit the result');
      process.exit(1);
    }
    console.log('openapi: openapi.json is current');
  }
  process.exit(0);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
