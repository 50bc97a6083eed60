// first: V8's memory settings (see the module) before anything allocates
import { releaseStartupMemory } from './memory';
import { availableParallelism } from 'node:os';
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(4, availableParallelism()));

import 'reflect-metadata';
import * as dotenv from 'dotenv';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { prepareDatabase } from './app.factory';
import { AppModule } from './app.module';
import { loadConfig } from './config';
import { connectDatabase, handleShutdown, runEntryPoint } from './startup';

/**
 * A job worker without HTTP: the same modules and job handlers as the API. Run API instances with
 * JOBS_ENABLED=false and one or more workers when jobs should not share the API's process.
 */
runEntryPoint(async (state) => {
  dotenv.config({ quiet: true });
  const config = (state.config = loadConfig({ ...process.env, JOBS_ENABLED: 'true', MIGRATIONS_RUN: 'false' }));
  // without DATABASE_URL: the service's embedded database (started here when it is not running)
  const embedded = await connectDatabase(config);
  await prepareDatabase(config);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  handleShutdown(app, embedded);
  await app.init();
  releaseStartupMemory();
});
