import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import type { Runtime } from '../common/runtime.js';
import { dataSourceOptions, runMigrations } from '../database/data-source.js';
import { prepareInfrastructure } from '../infra/infrastructure.js';
import { bootConfig } from '../process/boot.js';
import { installSecretCipher } from '../secrets/encrypted-column.js';
import { SecretCipher } from '../secrets/secret-cipher.js';
import { ensureFirstSuperAdmin } from '../users/first-admin.js';
import { DemoSeedError } from './demo-seed-error.js';
import { seedDemo } from './demo-seeder.js';
import { createDemoServices } from './demo-services.js';
import { formatSummary } from './demo-summary.js';

/**
 * `npm run seed:demo`: the same configuration and start-up as the API (embedded PostgreSQL of
 * DATA_DIR unless DATABASE_URL is set, reused when `npm start` already runs it; migrations; the
 * first super_admin), then the demo data once. Stops only what it started.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const { config, logger } = bootConfig('atelier-seed-demo');
  if (config.isProduction)
    throw new DemoSeedError('seed:demo adds users with a published password; it does not run with NODE_ENV=production');
  const infra = await prepareInfrastructure(config, logger);
  const db = new DataSource(dataSourceOptions(infra.databaseUrl));
  try {
    await runMigrations(infra.databaseUrl);
    // a fresh instance seeded before its first start still gets its super_admin
    await ensureFirstSuperAdmin(infra.databaseUrl, config, (p) => new PasswordHasher().hash(p), logger);
    installSecretCipher(SecretCipher.fromSecrets(config.auth.secretsKey, infra.jwtSecret));
    await db.initialize();
    const runtime: Runtime = { config, logger, ...infra };
    const outcome = await seedDemo(createDemoServices(db, runtime), { mediaDir: config.mediaDir, logger });
    process.stdout.write(formatSummary(outcome, (performance.now() - started) / 1000));
  } finally {
    if (db.isInitialized) await db.destroy();
    await infra.stop();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof DemoSeedError ? `${message}\n` : `seed:demo failed: ${message}\n`);
  process.exit(1);
});
