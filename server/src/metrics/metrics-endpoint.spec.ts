import type { AddressInfo } from 'node:net';
import express from 'express';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { metricsEndpoint } from './metrics-endpoint.js';

async function get(token: string | undefined, bearer?: string): Promise<{ status: number; body: string }> {
  const registry = new Registry();
  new Counter({ name: 'probe_total', help: 'probe', registers: [registry] }).inc(2);
  const server = express().get('/metrics', metricsEndpoint(registry, token)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
    return { status: res.status, body: await res.text() };
  } finally {
    server.close();
  }
}

describe('the metrics endpoint', () => {
  it('does not exist while no token is configured, whatever the caller sends', async () => {
    expect(await get(undefined, 'anything-at-all-here')).toEqual({ status: 404, body: '{"error":"Not found"}' });
  });

  it('serves the registry to the configured token only', async () => {
    expect((await get('a-long-enough-token', 'a-long-enough-tokem')).status).toBe(401);
    expect((await get('a-long-enough-token', 'a-long-enough-token-')).status).toBe(401);
    const ok = await get('a-long-enough-token', 'a-long-enough-token');
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('probe_total 2');
  });
});
