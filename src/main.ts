import { availableParallelism } from 'node:os';
// bcrypt runs on libuv's pool: give it at least one thread per core before anything uses the pool
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(4, availableParallelism()));

import 'reflect-metadata';
import * as dotenv from 'dotenv';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '0.0.0.0' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
