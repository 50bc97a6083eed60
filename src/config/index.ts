export { AppConfig, loadConfig } from './app-config';
export { ConfigError } from './env.schema';
