import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfiguration,
  createFavorite,
  createFolder,
  createGalleryItem,
  createJob,
  createWorkflow,
  type TestUser,
} from '../support/factories.js';
import { pathParams, registeredRoutes, routeKey, samplePath, type RegisteredRoute } from '../support/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Owned = 'job' | 'gallery item' | 'folder' | 'configuration' | 'asset';

/** What user A owns, and the unique texts that would give any of it away in another user's answer. */
interface Alice {
  job: number;
  item: number;
  folder: number;
  configuration: number;
  asset: number;
  workflow: number;
  secrets: string[];
}

/**
 * How each route a signed-in user may call can reach another user's things. `names`: the path or
 * body names an owned object, so user B must get 404 for A's. `names: null`: it names nothing
 * owned (`why` says so); a GET of that kind is still read, and must carry nothing of A's.
 */
interface Probe {
  names: Owned | null;
  why?: string;
  params?: (a: Alice) => Record<string, number>;
  body?: (a: Alice) => unknown;
  query?: (a: Alice) => string;
  /** What B must get instead of the generic check, for an answer that is only a count. */
  expect?: unknown;
}

const job = (a: Alice) => ({ id: a.job });
const item = (a: Alice) => ({ id: a.item });
const shared = (why: string): Probe => ({ names: null, why });

const PROBES: Record<string, Probe> = {
  'get /api/session': shared('the caller only'),
  'get /api/queue': shared('the shared queue of DESIGN section 3; A has nothing queued'),
  'post /api/jobs': shared('creates a job of the caller; the workflow it names is shared'),
  'get /api/jobs': { names: null, why: "the caller's jobs", query: () => '?search=alpha&limit=100' },
  'get /api/jobs/:id': { names: 'job', params: job },
  'get /api/jobs/:id/results': { names: 'job', params: job },
  'post /api/jobs/:id/clone': { names: 'job', params: job, body: () => ({ job_name: 'stolen' }) },
  'post /api/jobs/:id/cancel': { names: 'job', params: job },
  'get /api/workflows': shared('the shared catalogue'),
  'get /api/workflows/categories': shared('the shared catalogue'),
  'get /api/workflows/tags': shared('the shared catalogue'),
  'get /api/workflows/:id': { names: null, why: 'a shared workflow', params: (a) => ({ id: a.workflow }) },
  'get /api/workflows/:id/overrides': { names: null, why: 'a shared workflow', params: (a) => ({ id: a.workflow }) },
  'get /api/workflows/:id/configurations': {
    names: null,
    why: "the caller's configurations of a shared workflow",
    params: (a) => ({ id: a.workflow }),
  },
  'post /api/workflows/:id/favorite': {
    names: null,
    why: "toggles the caller's own favourite of a shared workflow",
    params: (a) => ({ id: a.workflow }),
  },
  'post /api/configurations': shared('creates a configuration of the caller; the workflow it names is shared'),
  'delete /api/configurations/:id': { names: 'configuration', params: (a) => ({ id: a.configuration }) },
  'get /api/gallery': { names: null, why: "the caller's items", query: (a) => `?job_id=${a.job}&status=archived` },
  'get /api/gallery/count': {
    names: null,
    why: "the caller's items",
    query: (a) => `?job_id=${a.job}`,
    expect: { count: 0 },
  },
  'post /api/gallery/bulk-archive': { names: 'gallery item', body: (a) => ({ ids: [a.item] }) },
  'post /api/gallery/bulk-unarchive': { names: 'gallery item', body: (a) => ({ ids: [a.item] }) },
  'post /api/gallery/bulk-download': { names: 'gallery item', body: (a) => ({ ids: [a.item] }) },
  'post /api/gallery/bulk-folder': { names: 'gallery item', body: (a) => ({ ids: [a.item], folder_path: '' }) },
  'post /api/gallery/:id/archive': { names: 'gallery item', params: item },
  'post /api/gallery/:id/unarchive': { names: 'gallery item', params: item },
  'put /api/gallery/:id/folder': { names: 'gallery item', params: item, body: () => ({ folder_path: '' }) },
  'put /api/gallery/:id/tags': { names: 'gallery item', params: item, body: () => ({ user_tags: ['stolen'] }) },
  'get /api/folders': shared("the caller's folders"),
  'post /api/folders': shared('creates a folder of the caller'),
  'put /api/folders/:id': { names: 'folder', params: (a) => ({ id: a.folder }), body: () => ({ name: 'stolen' }) },
  'delete /api/folders/:id': { names: 'folder', params: (a) => ({ id: a.folder }) },
  'get /api/analytics/dashboard': shared("the caller's own analytics"),
  'post /api/assets': shared('uploads an asset of the caller'),
  'delete /api/assets/:id': { names: 'asset', params: (a) => ({ id: a.asset }) },
};

/**
 * Admin routes whose path names two things. Where it names a user and then something of theirs,
 * the second must belong to the first, or an admin editing one user's folders could reach another's.
 */
const ADMIN_PROBES: Record<string, Probe> = {
  'put /api/admin/users/:id/folders/:folderId': { names: 'folder', body: () => ({ name: 'stolen' }) },
  'delete /api/admin/users/:id/folders/:folderId': { names: 'folder' },
  'post /api/admin/users/:id/workflows/:workflowId': shared('grants a shared workflow to the user named'),
  'delete /api/admin/users/:id/workflows/:workflowId': shared('revokes a shared workflow from the user named'),
  'put /api/workflows/:id/overrides/:linkId': shared('a link of a shared workflow, looked up within that workflow'),
  'delete /api/workflows/:id/overrides/:linkId': shared('a link of a shared workflow, looked up within that workflow'),
};

describe("another user's jobs, gallery items, folders, configurations and assets", () => {
  let t: TestApp;
  let alice: Alice;
  let aliceUser: TestUser;
  let bobToken: string;
  let userRoutes: RegisteredRoute[];

  /** Everything A owns, as stored: what must not change whatever B sends. */
  async function aliceRows(): Promise<unknown> {
    const q = async (sql: string) => (await t.db.pool.query(sql, [aliceUser.id])).rows;
    return {
      jobs: await q('SELECT * FROM jobs WHERE user_id = $1 ORDER BY id'),
      items: await q('SELECT * FROM gallery_items WHERE user_id = $1 ORDER BY id'),
      folders: await q('SELECT * FROM folders WHERE user_id = $1 ORDER BY id'),
      configurations: await q('SELECT * FROM configurations WHERE user_id = $1 ORDER BY id'),
      assets: await q('SELECT * FROM assets WHERE uploaded_by = $1 ORDER BY id'),
      favorites: await q('SELECT * FROM workflow_favorites WHERE user_id = $1 ORDER BY workflow_id'),
    };
  }

  beforeAll(async () => {
    t = await startTestApp();
    userRoutes = registeredRoutes(t.app).filter((r) => r.access === 'user');
    aliceUser = await t.createUser({ role: 'user' });
    bobToken = await t.login(await t.createUser({ role: 'user' }));
    const mark = (what: string) => `alpha-${what}-${randomBytes(4).toString('hex')}`;
    const secrets = { job: mark('job'), folder: mark('folder'), config: mark('config'), tag: mark('tag') };
    const db = t.db.pool;
    const workflow = await createWorkflow(db);
    const jobId = await createJob(db, aliceUser.id, workflow, {
      job_name: secrets.job,
      status: 'completed',
      batch_completed: 1,
      parameters: JSON.stringify({ prompt: secrets.job }),
    });
    const folder = await createFolder(db, aliceUser.id, { name: secrets.folder });
    const itemId = await createGalleryItem(db, aliceUser.id, jobId, { folder_id: folder });
    await db.query('UPDATE gallery_items SET user_tags = $2, job_name = $3 WHERE id = $1', [
      itemId,
      [secrets.tag],
      secrets.job,
    ]);
    const configuration = await createConfiguration(db, aliceUser.id, workflow, { config_name: secrets.config });
    await createFavorite(db, aliceUser.id, workflow);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO assets (type, filename, display_name, mime_type, size_bytes, sha256, uploaded_by)
       VALUES ('image', $1, 'Alpha asset', 'image/png', 1, $2, $3) RETURNING id`,
      [`${mark('asset')}.png`, 'a'.repeat(64), aliceUser.id],
    );
    alice = {
      job: jobId,
      item: itemId,
      folder,
      configuration,
      asset: rows[0]!.id,
      workflow,
      secrets: Object.values(secrets),
    };
  });
  afterAll(() => t.close());

  it('judges every route a signed-in user may call, so a new one fails here until it is judged', () => {
    expect(userRoutes.map(routeKey).sort()).toEqual(Object.keys(PROBES).sort());
    for (const route of userRoutes) {
      const probe = PROBES[routeKey(route)]!;
      if (probe.names === null) expect(probe.why, `${routeKey(route)} says why it names nothing owned`).toBeTruthy();
      else if (pathParams(route.path).length === 0)
        expect(probe.body, `${routeKey(route)} names its object in the body`).toBeDefined();
      for (const name of pathParams(route.path))
        expect(Object.keys(probe.params?.(alice) ?? {}), `${routeKey(route)} fills :${name}`).toContain(name);
    }
  });

  it("answers 404 to user B naming A's object, exactly as for one that does not exist, and changes nothing", async () => {
    const before = await aliceRows();
    const named = userRoutes.filter((r) => PROBES[routeKey(r)]!.names !== null);
    expect(named.length).toBeGreaterThanOrEqual(15);
    for (const route of named) {
      const probe = PROBES[routeKey(route)]!;
      const params = probe.params?.(alice) ?? {};
      const body = probe.body?.(alice) ?? (route.method === 'get' ? undefined : {});
      const method = route.method.toUpperCase();
      const res = await t.request(method, samplePath(route.path, params), { token: bobToken, body });
      expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(JSON.stringify(res.body), routeKey(route)).not.toMatch(/alpha-/);
      if (probe.params) {
        const nowhere = Object.fromEntries(Object.keys(params).map((k) => [k, 2_000_000_000]));
        const missing = await t.request(method, samplePath(route.path, nowhere), { token: bobToken, body });
        expect([res.status, res.body], `${routeKey(route)} tells A's object from none`).toEqual([
          missing.status,
          missing.body,
        ]);
      }
    }
    expect(await aliceRows()).toEqual(before);
  });

  it("shows user B nothing of A's in any answer of the routes that name nothing owned", async () => {
    const before = await aliceRows();
    for (const route of userRoutes) {
      const probe = PROBES[routeKey(route)]!;
      if (probe.names !== null) continue;
      // the writes among them create the caller's own things: judged above, not sent
      if (route.method !== 'get' && !probe.params) continue;
      const path = samplePath(route.path, probe.params?.(alice)) + (probe.query?.(alice) ?? '');
      const res = await t.request(route.method.toUpperCase(), path, { token: bobToken, body: probe.body?.(alice) });
      expect(res.status, routeKey(route)).toBeLessThan(400);
      if (probe.expect !== undefined) expect(res.body, routeKey(route)).toEqual(probe.expect);
      for (const secret of alice.secrets) expect(JSON.stringify(res.body), routeKey(route)).not.toContain(secret);
    }
    expect(await aliceRows()).toEqual(before);
  });

  it("answers 404 to an admin naming one user and A's folder, and changes nothing", async () => {
    const nested = registeredRoutes(t.app).filter((r) => r.access === 'admin' && pathParams(r.path).length > 1);
    expect(nested.map(routeKey).sort()).toEqual(Object.keys(ADMIN_PROBES).sort());
    const adminToken = await t.login(await t.createUser({ role: 'admin' }));
    const carol = await t.createUser({ role: 'user' });
    const before = await aliceRows();
    for (const route of nested) {
      const probe = ADMIN_PROBES[routeKey(route)]!;
      if (probe.names === null) continue;
      const path = samplePath(route.path, { id: carol.id, folderId: alice.folder });
      const res = await t.request(route.method.toUpperCase(), path, { token: adminToken, body: probe.body?.(alice) });
      expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    expect(await aliceRows()).toEqual(before);
  });

  it('lets A reach the same objects, so the 404s above are about ownership', async () => {
    const token = await t.login(aliceUser);
    expect((await t.request('GET', `/api/jobs/${alice.job}`, { token })).status).toBe(200);
    expect((await t.request('GET', `/api/jobs/${alice.job}/results`, { token })).status).toBe(200);
    const items = await t.request<Array<{ id: number }>>('GET', `/api/gallery?job_id=${alice.job}`, { token });
    expect(items.body.map((i) => i.id)).toEqual([alice.item]);
    const configs = await t.request('GET', `/api/workflows/${alice.workflow}/configurations`, { token });
    expect(JSON.stringify(configs.body)).toContain(alice.secrets[2]);
  });
});
