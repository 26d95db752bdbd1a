import { Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { GenerationQueue } from '../queue/generation-queue.js';

export const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed'] as const;

/** The API process's metrics: HTTP latency per route, queue depth by state, live sockets. */
@Injectable()
export class ApiMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'atelier_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly socketConnections = new Gauge({
    name: 'atelier_socket_connections',
    help: 'Socket.IO connections open on this API process',
    registers: [this.registry],
  });
  readonly socketConnectionsTotal = new Counter({
    name: 'atelier_socket_connections_total',
    help: 'Socket.IO connections accepted by this API process',
    registers: [this.registry],
  });

  constructor(queue: GenerationQueue) {
    collectDefaultMetrics({ register: this.registry, prefix: 'atelier_api_' });
    new Gauge({
      name: 'atelier_queue_jobs',
      help: 'Entries of the generation queue by BullMQ state (one entry per Atelier job)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await queue.queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      },
    });
  }

  /** Times every request; the route label is the matched pattern, so ids do not explode the series. */
  httpMiddleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.httpDuration.startTimer();
      res.once('finish', () => {
        const route = (req.route as { path?: string } | undefined)?.path;
        end({
          method: req.method,
          route: route ? `${req.baseUrl}${route}` : 'unmatched',
          status_code: String(res.statusCode),
        });
      });
      next();
    };
  }
}
