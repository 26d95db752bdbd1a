import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { prepareInfrastructure } from './infra/infrastructure.js';
import { runMigrations } from './database/data-source.js';
import { PipelineMetrics } from './metrics/pipeline-metrics.js';
import { serveWorkerMetrics } from './metrics/worker-metrics-server.js';
import { PinoNestLogger } from './logging/nest-logger.js';
import { bootConfig } from './process/boot.js';
import { onShutdown } from './process/graceful-shutdown.js';
import { WorkerModule } from './worker.module.js';

/** Worker process: connects to the database and Redis and runs the queue consumers. */
async function main(): Promise<void> {
  const { config, logger } = bootConfig('atelier-worker');
  const infra = await prepareInfrastructure(config, logger);
  await runMigrations(infra.databaseUrl);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config, logger, ...infra }), {
    logger: new PinoNestLogger(logger.child({ component: 'nest' })),
  });
  await app.init();
  const metricsServer = await serveWorkerMetrics(app.get(PipelineMetrics).registry, config, logger).catch(
    async (error: unknown) => {
      // the consumers already run: let go of any job taken before exiting
      await app.close();
      await infra.stop();
      throw error;
    },
  );
  logger.info({ pid: process.pid }, 'Atelier worker is ready');

  onShutdown(logger, config.shutdownGraceMs, async () => {
    metricsServer?.close();
    await app.close();
    await infra.stop();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Atelier worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
