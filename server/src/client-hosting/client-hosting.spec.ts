import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountClient } from './client-hosting.js';

describe('mountClient', () => {
  let dist: string;
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'atelier-client-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'api'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atelier</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // a stray file under api/ in the build must never answer in place of the API
    writeFileSync(path.join(dist, 'api', 'health'), 'a file');
    const app = express();
    expect(mountClient(app, dist)).toBe(true);
    app.use((_req, res) => res.status(404).json({ error: 'routed to the API' }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets for a year and other files of the build for an hour', async () => {
    const asset = await fetch(`${baseUrl}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${baseUrl}/favicon.svg`);
    expect(await icon.text()).toBe('<svg/>');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${baseUrl}/assets/missing.js`)).status).toBe(404);
  });

  it('answers index.html, never cached, for client routes so a reload keeps the page', async () => {
    for (const route of ['/', '/gallery', '/jobs/12']) {
      const res = await fetch(`${baseUrl}${route}`);
      expect(await res.text(), route).toContain('<title>Atelier</title>');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
    }
  });

  it('hands API and socket paths on, whatever files the build holds', async () => {
    for (const route of ['/api/health', '/api/gallery', '/socket.io/']) {
      const res = await fetch(`${baseUrl}${route}`);
      expect(res.status, route).toBe(404);
      expect(await res.json(), route).toEqual({ error: 'routed to the API' });
    }
    expect((await fetch(`${baseUrl}/api/health`, { method: 'POST' })).status).toBe(404);
  });
});
