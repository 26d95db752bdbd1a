import type { Logger } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';

/** Parses the configuration or exits listing every bad key, before anything else starts. */
export function bootConfig(processName: string): { config: AppConfig; logger: Logger } {
  try {
    const config = loadConfig();
    return { config, logger: createLogger(config.logLevel, processName) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
