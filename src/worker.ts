import { availableParallelism } from 'node:os';
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(4, availableParallelism()));

import 'reflect-metadata';
import * as dotenv from 'dotenv';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './config';

/**
 * A job worker without HTTP: the same modules and job handlers as the API. Run API instances with
 * JOBS_ENABLED=false and one or more workers when jobs should not share the API's process.
 */
async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  let config;
  try {
    config = loadConfig({ ...process.env, JOBS_ENABLED: 'true', MIGRATIONS_RUN: 'false' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
