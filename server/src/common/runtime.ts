import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';

/** What a process resolved before Nest started; handed to the root module. */
export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  logger: Logger;
}

export const RUNTIME = Symbol('RUNTIME');
export const LOGGER = Symbol('LOGGER');
