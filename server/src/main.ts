import { closeApiApp, createApiApp } from './api-app.js';
import { prepareInfrastructure } from './infra/infrastructure.js';
import { runMigrations } from './database/data-source.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { ensureFirstSuperAdmin } from './users/first-admin.js';
import { bootConfig } from './process/boot.js';
import { onShutdown } from './process/graceful-shutdown.js';

/** API process: REST under /api and the built client. */
async function main(): Promise<void> {
  const { config, logger } = bootConfig('atelier-api');
  const infra = await prepareInfrastructure(config, logger);
  const applied = await runMigrations(infra.databaseUrl);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  await ensureFirstSuperAdmin(infra.databaseUrl, config, (p) => new PasswordHasher().hash(p), logger);

  const app = await createApiApp({ config, logger, ...infra });
  await app.listen(config.port, config.host);
  // the bound port: with PORT=0 the system picks one, and the log is the only place that says which
  const address = (app.getHttpServer() as import('node:http').Server).address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: `http://localhost:${port}` }, 'Atelier API is listening');

  onShutdown(logger, config.shutdownGraceMs, async () => {
    await closeApiApp(app);
    await infra.stop();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Atelier API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
