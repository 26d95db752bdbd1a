import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { NEXT_CURSOR_HEADER } from '@atelier/shared';
import { installBodyParsing } from './common/body-parsing.js';
import { securityHeaders } from './common/security-headers.js';
import { serverTiming } from './common/server-timing.js';
import type { Runtime } from './common/runtime.js';
import { defaultClientDistDir, mountClient } from './client-hosting/client-hosting.js';
import { ApiMetrics } from './metrics/api-metrics.js';
import { metricsEndpoint } from './metrics/metrics-endpoint.js';
import { PinoNestLogger } from './logging/nest-logger.js';
import { requestLogger } from './logging/request-logger.js';
import { mountApiDocs } from './openapi/api-docs.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { mountQueueDashboard } from './queue-dashboard/queue-dashboard.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { socketIoKey } from './realtime/socket-keys.js';

export const API_PREFIX = 'api';

/** Builds the API application (used by main.ts and by the integration tests). */
export async function createApiApp(runtime: Runtime): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime), {
    bodyParser: false,
    logger: new PinoNestLogger(runtime.logger.child({ component: 'nest' })),
  });
  const server = app.getHttpServer() as import('node:http').Server;
  // Clients poll every 5 s, Node closes idle connections after 5 s: a poll then lands on a socket the
  // server is closing ("other side closed"). Idle connections are kept longer than any poll gap and
  // than the 60 s of common proxies, which must not reuse a connection the API has dropped.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // An ETag is a hash of every JSON answer, paid on each call for a 304 that no client of ours asks
  // for. A generator that makes none, rather than `false`: express hands the setting on to sendFile,
  // and media files keep the ETag it makes from their size and date.
  express.set('etag', () => undefined);
  if (runtime.config.trustProxy !== false) app.set('trust proxy', runtime.config.trustProxy);
  express.use(serverTiming());
  const metrics = app.get(ApiMetrics);
  express.use(metrics.httpMiddleware());
  express.get('/metrics', metricsEndpoint(metrics.registry, runtime.config.metrics.token));
  express.use(requestLogger(runtime.logger));
  express.use(securityHeaders());
  const { corsOrigins } = runtime.config;
  // closed unless configured: without CORS headers a browser page of another origin cannot read answers
  if (corsOrigins.length) app.enableCors({ origin: corsOrigins, exposedHeaders: [NEXT_CURSOR_HEADER, 'X-Request-Id'] });
  installBodyParsing(express, runtime.config.limits.jsonBodyMaxBytes);
  mountQueueDashboard(app, express);
  mountApiDocs(express, buildOpenApiDocument());
  mountClient(express, runtime.config.clientDistDir ?? defaultClientDistDir());
  app.setGlobalPrefix(API_PREFIX);
  app.useWebSocketAdapter(new RedisIoAdapter(app, runtime.redisUrl, socketIoKey(runtime.config), corsOrigins));
  return app;
}

/**
 * Stops taking requests, lets those in flight answer, then closes. Idle keep-alive connections last
 * 65 s (above), and Node closes only those idle at the moment the server closes: a connection whose
 * answer ends later would hold the close for its full 65 s, so each is closed as soon as it is idle.
 */
export async function closeApiApp(app: NestExpressApplication): Promise<void> {
  const server = app.getHttpServer() as import('node:http').Server;
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
