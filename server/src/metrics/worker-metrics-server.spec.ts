import net from 'node:net';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { serveWorkerMetrics } from './worker-metrics-server.js';

describe("the worker's metrics server", () => {
  it('fails when WORKER_METRICS_PORT is taken, rather than saying it serves', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const config = loadConfig({
      METRICS_TOKEN: 'metrics-token-for-the-scraper',
      WORKER_METRICS_PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      await expect(serveWorkerMetrics(new Registry(), config, logger)).rejects.toThrow(/EADDRINUSE/);
      expect(lines.join('')).not.toContain('worker metrics are served');
    } finally {
      taken.close();
    }
  });
});
