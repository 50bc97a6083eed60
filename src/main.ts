// first: V8's memory settings (see the module) before anything allocates
import { releaseStartupMemory } from './memory';
import { idleHashConcurrency, threadPoolSize } from './common/concurrency/hash-concurrency';
// bcrypt runs on libuv's pool, at most BCRYPT_CONCURRENCY at once: size the pool before anything
// uses it so hashing never holds every thread
process.env.UV_THREADPOOL_SIZE ??= String(threadPoolSize(Number(process.env.BCRYPT_CONCURRENCY) || idleHashConcurrency()));

import 'reflect-metadata';
import * as dotenv from 'dotenv';
import { createApp } from './app.factory';
import { loadConfig } from './config';
import { LISTEN_HOST, printBanner } from './banner';
import { recordServiceAddress } from './config/service-address';
import { connectDatabase, handleShutdown, runEntryPoint } from './startup';

runEntryPoint(async (state) => {
  dotenv.config({ quiet: true });
  const config = (state.config = loadConfig(process.env));
  if (config.embeddedDatabase) console.log(`Starting the embedded PostgreSQL of ${config.dataDir} …`);
  const embedded = await connectDatabase(config);
  const app = await createApp(config, { shutdownHooks: false });
  handleShutdown(app, embedded);
  await app.listen({ port: config.port, host: LISTEN_HOST });
  recordServiceAddress(config.dataDir, config.appUrl);
  releaseStartupMemory();
  await printBanner(app, config);
});
