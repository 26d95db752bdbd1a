import type { Server } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config/config.js';
import { metricsEndpoint } from './metrics-endpoint.js';

/** The worker has no HTTP API; when WORKER_METRICS_PORT is set it serves `/metrics` alone on that port. */
export async function serveWorkerMetrics(
  registry: Registry,
  config: AppConfig,
  logger: Logger,
): Promise<Server | undefined> {
  const port = config.metrics.workerPort;
  if (port === undefined) return undefined;
  if (!config.metrics.token) {
    logger.warn('WORKER_METRICS_PORT is set but METRICS_TOKEN is not: the worker serves no metrics');
    return undefined;
  }
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsEndpoint(registry, config.metrics.token));
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  return new Promise((resolve, reject) => {
    // Express 5 calls this back with the error too (a port already taken): it is no success
    const server = app.listen(port, config.host, (error?: Error) => {
      if (error) return reject(error);
      const address = server.address();
      logger.info({ port: typeof address === 'object' && address ? address.port : port }, 'worker metrics are served');
      resolve(server);
    });
  });
}
