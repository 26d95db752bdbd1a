import type { OverrideDefinition, Workflow } from '@atelier/shared';
import type { TestUser } from './factories.js';
import { startTestApp, type TestApp } from './test-app.js';

/** An app with the sample catalogue, an admin and a user signed in, and the override keys' ids. */
export interface CatalogueApp {
  t: TestApp;
  admin: string;
  user: string;
  userRow: TestUser;
  /** override_key -> definition id */
  defs: Map<string, number>;
}

export async function startCatalogueApp(): Promise<CatalogueApp> {
  const t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
  const admin = await t.login(await t.createUser({ role: 'admin' }));
  const userRow = await t.createUser();
  const user = await t.login(userRow);
  const definitions = await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin });
  return { t, admin, user, userRow, defs: new Map(definitions.body.map((d) => [d.override_key, d.id])) };
}

/** GET /api/workflows as `token`, the query string included. */
export async function listWorkflows(t: TestApp, token: string, query = ''): Promise<Workflow[]> {
  return (await t.request<Workflow[]>('GET', `/api/workflows${query}`, { token })).body;
}
