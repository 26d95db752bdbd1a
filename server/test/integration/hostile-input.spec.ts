import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/openapi/api-routes.js';
import type { RouteDoc } from '../../src/openapi/route-doc.js';
import {
  createConfiguration,
  createFolder,
  createGalleryItem,
  createJob,
  createWorkflow,
} from '../support/factories.js';
import { BAD_PATH_VALUES, badBody, badQuery, type HostileRequest } from '../support/hostile-input.js';
import { stateSnapshot } from '../support/state-snapshot.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Requests per route: with about 60 routes, some 900 hostile requests in all. */
const RUNS = 15;

/**
 * Every documented route (the OpenAPI coverage test holds the list to what the server registers)
 * gets malformed path values, bodies and queries as a super_admin, so no role check hides the
 * validation behind it. Each must be refused with a 4xx whose body says what is wrong, never a 5xx,
 * and leave every row and every file as it was.
 */
describe('hostile input on every route', () => {
  let t: TestApp;
  let token: string;
  let real: Record<string, Record<string, string>>;
  let before: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await t.createUser({ role: 'super_admin' });
    token = await t.login(admin);
    const victim = await t.createUser();
    const workflow = await createWorkflow(t.db.pool);
    const job = await createJob(t.db.pool, admin.id, workflow);
    const item = await createGalleryItem(t.db.pool, admin.id, job);
    const folder = await createFolder(t.db.pool, admin.id, { name: 'Keep', hotkey: 'k' });
    const victimFolder = await createFolder(t.db.pool, victim.id, { name: 'Theirs' });
    const configuration = await createConfiguration(t.db.pool, admin.id, workflow);
    // real targets, so a malformed body meets the checks behind a found object, not a 404
    real = {
      '/jobs/': { id: String(job) },
      '/gallery/': { id: String(item) },
      '/folders/': { id: String(folder) },
      '/configurations/': { id: String(configuration) },
      '/workflows/': { id: String(workflow) },
      '/admin/users/': { id: String(victim.id), folderId: String(victimFolder), workflowId: String(workflow) },
    };
    before = await stateSnapshot(t);
  });
  afterAll(() => t?.close());

  function realParams(route: RouteDoc): Record<string, string> {
    const prefix = Object.keys(real).find((p) => route.path.startsWith(p));
    return prefix ? real[prefix]! : {};
  }

  const paramNames = (route: RouteDoc) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

  function arbitraryFor(route: RouteDoc): fc.Arbitrary<HostileRequest> | null {
    const names = paramNames(route);
    const body = route.body || route.form ? badBody(route) : null;
    const query = badQuery(route);
    const kinds: fc.Arbitrary<HostileRequest>[] = [];
    if (names.length) {
      const params = fc.record(Object.fromEntries(names.map((n) => [n, fc.constantFrom(...BAD_PATH_VALUES)])));
      // with a body, it is malformed too: a path value that slipped through must still not write
      kinds.push(
        body
          ? fc.tuple(params, body).map(([p, b]) => ({ params: p, query: '', body: b }))
          : params.map((p) => ({ params: p, query: '' })),
      );
    }
    if (body) kinds.push(body.map((b) => ({ params: { ...defaults(route) }, query: '', body: b })));
    if (query && route.method === 'get') kinds.push(query.map((q) => ({ params: { ...defaults(route) }, query: q })));
    return kinds.length ? fc.oneof(...kinds) : null;
  }

  function defaults(route: RouteDoc): Record<string, string> {
    const known = realParams(route);
    return Object.fromEntries(
      paramNames(route).map((n) => [n, known[n] ?? (n === 'filename' ? 'nothing.json' : '999999')]),
    );
  }

  async function send(route: RouteDoc, req: HostileRequest) {
    const path = route.path.replace(/\{(\w+)\}/g, (_, n: string) => req.params[n]!);
    const url = `/api${path}${req.query ? `?${req.query}` : ''}`;
    return t.request<{ error?: unknown }>(route.method.toUpperCase(), url, {
      token,
      body: req.body,
      headers: req.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  }

  const covered = apiRoutes.filter((route) => route.access !== 'public' || route.body || route.query);

  it.each(covered.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: refused with a 4xx that names the problem, nothing written',
    async (_, route) => {
      const arbitrary = arbitraryFor(route);
      if (!arbitrary) return expect(paramNames(route)).toEqual([]);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (req) => {
          const res = await send(route, req);
          const what = `${route.method} ${JSON.stringify(req).slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
          expect(res.status, what).toBeGreaterThanOrEqual(400);
          expect(res.status, what).toBeLessThan(500);
          expect([401, 403], what).not.toContain(res.status);
          expect(typeof res.body?.error === 'string' && res.body.error.trim().length > 0, what).toBe(true);
        }),
        { numRuns: RUNS },
      );
      expect(await stateSnapshot(t)).toEqual(before);
    },
    60_000,
  );
});

/** `{"a":{"a":...1}}`, `depth` objects deep, as JSON text (too deep for JSON.stringify's stack). */
const deep = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Input that is well formed but for a NUL character or a lone surrogate, which PostgreSQL cannot
 * store in text or jsonb, or for nesting deeper than its JSON parser goes: refused up front with a 400 naming the
 * field, instead of failing in the database.
 */
describe('NUL characters, lone surrogates and deep nesting in otherwise valid input', () => {
  let t: TestApp;
  let token: string;
  let cases: Array<{ method: string; path: string; body?: unknown }>;
  let before: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const user = await t.createUser({ role: 'super_admin' });
    token = await t.login(user);
    const workflow = await createWorkflow(t.db.pool);
    const job = await createJob(t.db.pool, user.id, workflow);
    const item = await createGalleryItem(t.db.pool, user.id, job);
    cases = [
      { method: 'POST', path: '/api/folders', body: { name: 'Be\u0000st', hotkey: 'b' } },
      { method: 'PUT', path: `/api/gallery/${item}/tags`, body: { user_tags: ['sun\u0000set'] } },
      {
        method: 'POST',
        path: '/api/configurations',
        body: { workflow_id: workflow, config_name: 'a\u0000b', parameter_values: {} },
      },
      {
        method: 'POST',
        path: '/api/jobs',
        body: { workflow_id: workflow, job_name: 'x\u0000', batch_size: 1, parameters: { prompt: 'a\u0000' } },
      },
      {
        method: 'POST',
        path: '/api/admin/users',
        body: { username: 'nul\u0000user', password: 'password-1234', role: 'user' },
      },
      {
        method: 'PUT',
        path: `/api/workflows/${workflow}/organization`,
        body: { category: 'a\u0000', tags: ['b\u0000'] },
      },
      // half of a UTF-16 pair: JSON.stringify writes it as the escape \ud800, which JSON.parse takes
      {
        method: 'POST',
        path: '/api/jobs',
        body: { workflow_id: workflow, batch_size: 1, parameters: { prompt: 'x\ud800y' } },
      },
      {
        method: 'POST',
        path: '/api/configurations',
        body: { workflow_id: workflow, config_name: 'Half', parameter_values: { prompt: '\udc00' } },
      },
      {
        method: 'POST',
        path: '/api/configurations',
        body: { workflow_id: workflow, config_name: 'Half key', parameter_values: { ['p\ud800']: 'x' } },
      },
      { method: 'GET', path: '/api/gallery?search=sun%00set' },
      { method: 'GET', path: '/api/jobs?search=a%00' },
      { method: 'GET', path: '/api/gallery?folder=a%00' },
      { method: 'GET', path: '/api/workflows?search=a%00' },
      {
        method: 'POST',
        path: '/api/jobs',
        body: `{"workflow_id":${workflow},"batch_size":1,"parameters":{"prompt":${deep(40)}}}`,
      },
      {
        method: 'POST',
        path: '/api/configurations',
        body: `{"workflow_id":${workflow},"config_name":"Deep","parameter_values":${deep(5000)}}`,
      },
    ];
    before = await stateSnapshot(t);
  });
  afterAll(() => t?.close());

  it('answers 400 naming the field, and stores nothing', async () => {
    for (const { method, path, body } of cases) {
      const res = await t.request<{ error?: string }>(method, path, { token, body });
      expect(res.status, `${method} ${path} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error, `${method} ${path}`).toMatch(
        /contains a NUL character|contains text that is not valid Unicode|is nested more than 32 levels deep/,
      );
    }
    expect(await stateSnapshot(t)).toEqual(before);
  });
});

/**
 * Values that pass a loose check but not PostgreSQL (an id past 2^31 - 1, a cursor or a date only
 * JavaScript reads), or that would be stored other than as sent: each a 400, and nothing changed.
 */
describe('values that look right but are not', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser({ role: 'super_admin' }));
  });
  afterAll(() => t?.close());

  it('answers 400 to ids out of range in request bodies, and stores nothing', async () => {
    const workflow = await createWorkflow(t.db.pool);
    const before = await stateSnapshot(t);
    const tooBig = 2_147_483_648;
    const link = { override_definition_id: tooBig };
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/jobs', { workflow_id: tooBig, batch_size: 1 }],
      ['POST', '/api/jobs', { workflow_id: '99999999999', batch_size: 1 }],
      ['POST', `/api/workflows/${workflow}/overrides`, link],
      ['POST', '/api/workflows', { name: 'Big', workflow_slug: 'big', overrides: [link] }],
      ['PUT', `/api/workflows/${workflow}`, { name: 'Big', workflow_slug: 'big', overrides: [link] }],
      ['PUT', `/api/workflows/${workflow}/overrides`, [{ id: tooBig, override_definition_id: 1 }]],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.request<{ error?: string }>(method, path, { token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await stateSnapshot(t)).toEqual(before);
  });

  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a cursor the server did not make, even one JavaScript reads as a date', async () => {
    const forged = [
      ['2024', 5],
      ['0', 5],
      ['2024-02-30 10:00:00+00', 5],
      ['2026-11-25 25:00:00+00', 5],
      ['Tue Mar 01 2024 00:00:00 GMT+0100 (CET)', 5],
      ['2026-11-25T16:00:00.000Z', 5],
      ['2026-11-25 16:00:00.123456+00', 1e20],
      ['2026-11-25 16:00:00.123456+00', 2_147_483_648],
      ['2026-11-25 16:00:00.123456+00', 0],
      // offsets PostgreSQL refuses ("time zone displacement out of range")
      ['2026-04-01 12:00:00+16', 5],
      ['2026-04-01 12:00:00+99', 5],
      ['2026-04-01 12:00:00+10:99', 5],
      ['2026-04-01 12:00:00-00:00:99', 5],
    ];
    for (const value of forged) {
      const res = await t.request<{ error?: string }>('GET', `/api/gallery?cursor=${cursor(value)}`, { token });
      expect([res.status, res.body], JSON.stringify(value)).toEqual([400, { error: 'Invalid cursor' }]);
    }
    const fine = await t.request('GET', `/api/gallery?cursor=${cursor(['2026-11-25 16:00:00.123456+00', 5])}`, {
      token,
    });
    expect(fine.status).toBe(200);
  });

  it('refuses a date that is not on the calendar', async () => {
    for (const path of [
      '/api/gallery?dateFrom=2026-02-31',
      '/api/gallery/count?dateFrom=2026-10-56',
      '/api/gallery/count?dateTo=2026-00-00',
      '/api/folders?dateFrom=2024-02-30',
      '/api/gallery?dateTo=0000-01-01',
    ]) {
      const res = await t.request<{ error?: string }>('GET', path, { token });
      expect([res.status, res.body.error], path).toEqual([400, 'Dates are YYYY-MM-DD']);
    }
    expect((await t.request('GET', '/api/gallery/count?dateFrom=2024-02-29', { token })).status).toBe(200);
  });

  it('refuses a number too large for a double instead of storing null', async () => {
    const workflow = await createWorkflow(t.db.pool);
    const before = await stateSnapshot(t);
    const res = await t.request<{ error?: string; fields?: Record<string, string> }>('POST', '/api/configurations', {
      token,
      body: `{"workflow_id":${workflow},"config_name":"Huge","parameter_values":{"cfg":1e999}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('parameter_values.cfg holds a number too large to store');
    expect(res.body.fields).toEqual({
      'parameter_values.cfg': 'parameter_values.cfg holds a number too large to store',
    });
    expect(await stateSnapshot(t)).toEqual(before);
  });
});
