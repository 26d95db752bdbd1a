import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  expressRoutes,
  nestHandlers,
  registeredRoutes,
  routeKey,
  samplePath,
  type RegisteredRoute,
} from '../support/routes.js';

/**
 * Every route anyone may call without signing in. Pinned: a route that becomes public fails this
 * file until it is added here on purpose.
 */
const PUBLIC_ROUTES = [
  'delete /api/admin/queue-dashboard/session',
  'get /api/assets',
  'get /api/docs',
  'get /api/docs/atelier-swagger-init.js',
  'get /api/docs/favicon-32x32.png',
  'get /api/docs/openapi.json',
  'get /api/docs/swagger-ui-bundle.js',
  'get /api/docs/swagger-ui.css',
  'get /api/gallery/downloads/:token',
  'get /api/health',
  'get /api/media/*path',
  'post /api/login',
];

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';

/** The HTTP methods to try a route with: both a read and a write for a whole mounted application. */
const methodsFor = (route: RegisteredRoute) =>
  route.method === 'all' ? ['GET', 'POST'] : [route.method.toUpperCase()];

describe('access to every registered route', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let userToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN });
    routes = registeredRoutes(t.app);
    userToken = await t.login(await t.createUser({ role: 'user' }));
    adminToken = await t.login(await t.createUser({ role: 'admin' }));
  });
  afterAll(() => t.close());

  /** Ids that match nothing and an empty body: the request reaches the checks and changes nothing. */
  function call(route: RegisteredRoute, method: string, token?: string) {
    return t.request(method, samplePath(route.path), { token, body: method === 'GET' ? undefined : {} });
  }

  it('finds every route Nest declares among those Express serves, and classifies every route', () => {
    const declared = nestHandlers(t.app).map(routeKey).sort();
    const fromNest = routes.filter((r) => r.source === 'nest').map(routeKey);
    expect(declared.length).toBeGreaterThan(65);
    expect(fromNest).toEqual(declared);
    expect(new Set(declared).size, 'one handler per method and path').toBe(declared.length);
    expect(routes.length, 'nothing lost between reading and classifying').toBe(expressRoutes(t.app).length);
    expect(routes.filter((r) => r.access === 'unclassified').map(routeKey)).toEqual([]);
    // the routes beside Nest are found too
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['get /metrics', 'all /admin/queues/*', 'get /api/docs/openapi.json']),
    );
  });

  it('makes public exactly the pinned list', () => {
    expect(routes.filter((r) => r.access === 'public').map(routeKey)).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 without a token, or with a token that is no session, on every other route', async () => {
    const guarded = routes.filter((r) => r.access !== 'public' && r.access !== 'fallback');
    expect(guarded.length).toBeGreaterThan(65);
    for (const route of guarded) {
      for (const method of methodsFor(route)) {
        for (const token of [undefined, 'not-a-token']) {
          const res = await call(route, method, token);
          const key = `${method} ${route.path} with ${token ?? 'no token'}`;
          expect(res.status, key).toBe(401);
          if (route.source === 'nest') expect(res.body, key).toEqual({ error: MESSAGES.unauthorized });
        }
      }
    }
  });

  it('answers the public routes without a token', async () => {
    for (const route of routes.filter((r) => r.access === 'public')) {
      const res = await call(route, route.method.toUpperCase());
      expect([401, 403], routeKey(route)).not.toContain(res.status);
    }
  });

  it('refuses a signed-in user on every admin route with 403, and never on the others', async () => {
    const admin = routes.filter((r) => r.access === 'admin');
    expect(admin.length).toBeGreaterThan(30);
    for (const route of routes.filter((r) => r.access === 'admin' || r.access === 'user')) {
      for (const method of methodsFor(route)) {
        const res = await call(route, method, userToken);
        const key = `${method} ${route.path}`;
        if (route.access === 'user') expect(res.status, key).not.toBe(403);
        else if (route.source === 'nest')
          expect([res.status, res.body], key).toEqual([403, { error: MESSAGES.forbidden }]);
        else expect(res.status, key).toBe(403);
      }
    }
  });

  it('lets an admin through every admin route', async () => {
    for (const route of routes.filter((r) => r.access === 'admin')) {
      for (const method of methodsFor(route)) {
        const res = await call(route, method, adminToken);
        expect([401, 403], `${method} ${route.path}`).not.toContain(res.status);
      }
    }
  });

  it('gives the metrics scraper its own token, and a session token is no such thing', async () => {
    const metrics = routes.filter((r) => r.access === 'metrics');
    expect(metrics.map(routeKey)).toEqual(['get /metrics']);
    for (const token of [userToken, adminToken]) expect((await call(metrics[0]!, 'GET', token)).status).toBe(401);
    expect((await call(metrics[0]!, 'GET', METRICS_TOKEN)).status).toBe(200);
  });

  it('answers an unknown /api path with a JSON 404, signed in or not', async () => {
    expect(routes.filter((r) => r.access === 'fallback').map(routeKey)).toEqual(['all /api/*path']);
    for (const token of [undefined, userToken]) {
      const res = await t.request('GET', '/api/no/such/route', { token });
      expect([res.status, res.body]).toEqual([404, { error: 'Not found' }]);
    }
  });

  it('catches a route or a mount added after start-up that nobody classified', () => {
    const express = t.app.getHttpAdapter().getInstance();
    const router = express.router as unknown as { stack: unknown[] };
    const before = router.stack.length;
    express.post('/api/late-addition/:id', (_req, res) => void res.json({}));
    express.use('/late-mount', (_req, res) => void res.json({}));
    try {
      const late = registeredRoutes(t.app).filter((r) => r.path.includes('late-'));
      expect(late).toEqual([
        { method: 'all', path: '/late-mount/*', source: 'express', access: 'unclassified' },
        { method: 'post', path: '/api/late-addition/:id', source: 'express', access: 'unclassified' },
      ]);
    } finally {
      router.stack.splice(before);
    }
    expect(registeredRoutes(t.app).some((r) => r.path.includes('late-'))).toBe(false);
  });
});
