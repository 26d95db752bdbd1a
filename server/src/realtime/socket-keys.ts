import type { AppConfig } from '../config/config.js';

/** The Redis channel prefix shared by the API's adapter and the worker's emitter. */
export function socketIoKey(config: AppConfig): string {
  return `${config.redis.keyPrefix}:socket.io`;
}
