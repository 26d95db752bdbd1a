import { closeApiApp, createApiApp } from '../api-app.js';
import { bootConfig } from '../process/boot.js';
import { onShutdown } from '../process/graceful-shutdown.js';
import { LISTENING_MARKER } from './processes.js';

/**
 * The API as its own process for the bench (the bench process holds hundreds of socket clients,
 * which must not share an event loop with the server they measure). Like main.ts, without the
 * embedded services, the migrations and the first admin: the bench prepared all of that.
 */
async function main(): Promise<void> {
  const { config, logger } = bootConfig('atelier-bench-api');
  const databaseUrl = config.database.url;
  const jwtSecret = config.auth.jwtSecret;
  if (!databaseUrl || !jwtSecret) throw new Error('DATABASE_URL and JWT_SECRET are required');
  const app = await createApiApp({ config, logger, databaseUrl, redisUrl: config.redis.url, jwtSecret });
  await app.listen(0, '127.0.0.1');
  const address: unknown = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null && 'port' in address ? Number(address.port) : 0;
  process.stdout.write(`${LISTENING_MARKER} ${port}\n`);
  onShutdown(logger, config.shutdownGraceMs, () => closeApiApp(app));
  // the bench holds our stdin: when it goes away, however it ended, so do we
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

main().catch((error: unknown) => {
  process.stderr.write(`bench API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
