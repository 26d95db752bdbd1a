import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createConfiguration, createFolder, createWorkflow } from '../support/factories.js';

type Caller = 'anonymous' | Role;
interface Call {
  method: string;
  path: string;
  body?: unknown;
}
interface Case {
  name: string;
  /** Fresh fixtures per caller, since many calls change what they touch. */
  make: (callerId: number | null) => Promise<Call>;
  /** What each signed-in role gets; anonymous always gets 401 unless the route is public. */
  expected: Record<Role, number>;
  public?: boolean;
}

const ADMIN_ONLY = { user: 403, admin: 200, super_admin: 200 };
const ADMIN_CREATES = { user: 403, admin: 201, super_admin: 201 };
const SIGNED_IN = { user: 200, admin: 200, super_admin: 200 };

describe('role matrix of the user, folder, permission, configuration and asset endpoints', () => {
  let t: TestApp;
  let dataDir: string;
  let workflow: number;
  const tokens = new Map<Role, { id: number; token: string }>();

  const freshUser = async () => (await t.createUser()).id;
  const cases: Case[] = [
    { name: 'list users', make: async () => ({ method: 'GET', path: '/api/admin/users' }), expected: ADMIN_ONLY },
    {
      name: 'create user',
      make: async () => ({
        method: 'POST',
        path: '/api/admin/users',
        body: { username: `u_${randomBytes(4).toString('hex')}`, email: 'u@example.test', password: 'long enough' },
      }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'edit user',
      make: async () => ({
        method: 'PUT',
        path: `/api/admin/users/${await freshUser()}`,
        body: { email: 'e@example.test' },
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'delete preview',
      make: async () => ({ method: 'GET', path: `/api/admin/users/${await freshUser()}/delete-preview` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'delete user',
      make: async () => ({ method: 'DELETE', path: `/api/admin/users/${await freshUser()}` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'list grants',
      make: async () => ({ method: 'GET', path: `/api/admin/users/${await freshUser()}/workflows` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'grant',
      make: async () => ({ method: 'POST', path: `/api/admin/users/${await freshUser()}/workflows/${workflow}` }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'revoke',
      make: async () => ({ method: 'DELETE', path: `/api/admin/users/${await freshUser()}/workflows/${workflow}` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'list folders',
      make: async () => ({ method: 'GET', path: `/api/admin/users/${await freshUser()}/folders` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'create folder',
      make: async () => ({
        method: 'POST',
        path: `/api/admin/users/${await freshUser()}/folders`,
        body: { name: 'F' },
      }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'edit folder',
      make: async () => {
        const owner = await freshUser();
        return {
          method: 'PUT',
          path: `/api/admin/users/${owner}/folders/${await createFolder(t.db.pool, owner)}`,
          body: { name: 'G' },
        };
      },
      expected: ADMIN_ONLY,
    },
    {
      name: 'delete folder',
      make: async () => {
        const owner = await freshUser();
        return { method: 'DELETE', path: `/api/admin/users/${owner}/folders/${await createFolder(t.db.pool, owner)}` };
      },
      expected: ADMIN_ONLY,
    },
    {
      name: 'list configurations',
      make: async () => ({ method: 'GET', path: `/api/workflows/${workflow}/configurations` }),
      expected: SIGNED_IN,
    },
    {
      name: 'save configuration',
      make: async () => ({
        method: 'POST',
        path: '/api/configurations',
        body: { workflow_id: workflow, config_name: randomBytes(4).toString('hex') },
      }),
      expected: { user: 201, admin: 201, super_admin: 201 },
    },
    {
      name: 'delete own configuration',
      make: async (callerId) => ({
        method: 'DELETE',
        path: `/api/configurations/${await createConfiguration(t.db.pool, callerId ?? (await freshUser()), workflow)}`,
      }),
      expected: SIGNED_IN,
    },
    {
      name: 'list assets',
      make: async () => ({ method: 'GET', path: '/api/assets' }),
      expected: SIGNED_IN,
      public: true,
    },
  ];

  async function send(caller: Caller, call: Call) {
    const token = caller === 'anonymous' ? undefined : tokens.get(caller)!.token;
    return t.request(call.method, call.path, { token, body: call.body });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-matrix-'));
    t = await startTestApp({ DATA_DIR: dataDir });
    workflow = await createWorkflow(t.db.pool);
    for (const role of ['user', 'admin', 'super_admin'] as const) {
      const user = await t.createUser({ role });
      tokens.set(role, { id: user.id, token: await t.login(user) });
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(cases)('$name', async ({ make, expected, public: isPublic }) => {
    const anonymous = await send('anonymous', await make(null));
    expect(anonymous.status, 'anonymous').toBe(isPublic ? 200 : 401);
    for (const role of ['user', 'admin', 'super_admin'] as const) {
      const res = await send(role, await make(tokens.get(role)!.id));
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(expected[role]);
    }
  });

  it('upload and delete asset: any signed-in user uploads; the uploader deletes', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (const caller of ['anonymous', 'user', 'admin', 'super_admin'] as const) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(png)]), `${caller}.png`);
      const headers: Record<string, string> =
        caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens.get(caller)!.token}` };
      const res = await fetch(`${t.baseUrl}/api/assets`, { method: 'POST', body: form, headers });
      if (caller === 'anonymous') {
        expect(res.status).toBe(401);
        continue;
      }
      expect(res.status, caller).toBeLessThan(300);
      const { id } = (await res.json()) as { id: number };
      expect((await send(caller, { method: 'DELETE', path: `/api/assets/${id}` })).status, caller).toBe(200);
    }
  });
});
