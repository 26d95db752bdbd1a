import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@atelier/shared';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/openapi-document.js';
import { documentedOperations, registeredApiOperations } from '../support/openapi.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A value for each path parameter that reaches the handler's checks without naming anything real. */
const SAMPLE_PARAMS: Record<string, string> = { filename: 'nothing.json', path: 'nothing.png' };

function samplePath(template: string): string {
  return `/api${template.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '999999')}`;
}

describe('API documentation', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.request<OpenApiDocument>('GET', '/api/docs/openapi.json')).body;
  });
  afterAll(() => t.close());

  it('documents every route the server registers under /api, and no route it does not', () => {
    const registered = registeredApiOperations(t.app);
    const documented = documentedOperations(doc);
    expect(registered.length).toBeGreaterThan(60);
    expect(
      registered.filter((op) => !documented.includes(op)),
      'registered but not documented',
    ).toEqual([]);
    expect(
      documented.filter((op) => !registered.includes(op)),
      'documented but not registered',
    ).toEqual([]);
  });

  it('serves the document the shared schemas build, without a token', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('answers 401 without a token exactly where the document asks for one, with documented statuses only', async () => {
    for (const key of documentedOperations(doc)) {
      const [method, template] = key.split(' ') as [string, string];
      const operation = doc.paths![template]![method as 'get']!;
      const res = await t.request(method.toUpperCase(), samplePath(template));
      const isPublic = operation.security?.length === 0;
      if (isPublic) expect(res.status, key).not.toBe(401);
      else expect([res.status, res.body], key).toEqual([401, { error: MESSAGES.unauthorized }]);
      expect(Object.keys(operation.responses ?? {}), `${key} answered`).toContain(String(res.status));
    }
  });

  it('answers 403 to a plain user exactly on the routes documented as admin only, other answers documented too', async () => {
    const token = await t.login(await t.createUser({ role: 'user' }));
    const adminOnly = documentedOperations(doc).filter((key) => {
      const [method, template] = key.split(' ') as [string, string];
      return Boolean(doc.paths![template]![method as 'get']!.responses?.['403']);
    });
    expect(adminOnly.length).toBeGreaterThan(30);
    for (const key of documentedOperations(doc)) {
      const [method, template] = key.split(' ') as [string, string];
      // the request goes through: only ids that match nothing and empty bodies, so nothing changes
      const body = method === 'get' ? undefined : {};
      const res = await t.request(method.toUpperCase(), samplePath(template), { token, body });
      if (adminOnly.includes(key)) expect([res.status, res.body], key).toEqual([403, { error: MESSAGES.forbidden }]);
      else expect(res.status, key).not.toBe(403);
      expect(Object.keys(doc.paths![template]![method as 'get']!.responses ?? {}), `${key} answered`).toContain(
        String(res.status),
      );
    }
  });

  it('serves the viewer as a page whose scripts and styles all load from this origin under the CSP', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim(), 'no inline script: the CSP would block it').toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\//);
    }
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBe(4);
    for (const asset of assets) {
      expect(asset, 'same origin, never a CDN').toMatch(/^\/api\/docs\//);
      const loaded = await fetch(`${t.baseUrl}${asset}`);
      expect(loaded.status, asset).toBe(200);
      const type = loaded.headers.get('content-type') ?? '';
      if (asset.endsWith('.js')) expect(type, asset).toMatch(/javascript/);
      if (asset.endsWith('.css')) expect(type, asset).toMatch(/^text\/css/);
    }
    const initializer = await (await fetch(`${t.baseUrl}${assets.find((a) => a.includes('init'))}`)).text();
    expect(initializer).toContain('"/api/docs/openapi.json"');
    expect(initializer).toContain('validatorUrl: null');
  });

  it('serves nothing else of the Swagger UI package', async () => {
    for (const path of ['/api/docs/index.html', '/api/docs/swagger-initializer.js', '/api/docs/package.json']) {
      expect((await fetch(`${t.baseUrl}${path}`)).status, path).toBe(404);
    }
  });
});
