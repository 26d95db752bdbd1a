import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

interface Call {
  method: string;
  path: string;
  body?: unknown;
}
interface Case {
  name: string;
  /** Fresh fixtures per caller, since many calls change what they touch. */
  make: (caller: TestUser | null) => Promise<Call>;
  expected: Record<Role, number>;
}

const ADMIN_ONLY = { user: 403, admin: 200, super_admin: 200 };
const ADMIN_CREATES = { user: 403, admin: 201, super_admin: 201 };
const SIGNED_IN = { user: 200, admin: 200, super_admin: 200 };
const unique = () => randomBytes(4).toString('hex');

describe('role matrix of the workflow, base workflow and override definition endpoints', () => {
  let t: TestApp;
  let fixtures: string;
  let promptDef: number;
  let stepsDef: number;
  const callers = new Map<Role, { user: TestUser; token: string }>();

  const slugWorkflow = async () =>
    (
      await t.request<{ id: number }>('POST', '/api/workflows', {
        token: fixtures,
        body: {
          name: `W ${unique()}`,
          workflow_slug: 'flux-portrait',
          overrides: [{ override_definition_id: promptDef }, { override_definition_id: stepsDef }],
        },
      })
    ).body.id;
  const baseFile = async () => {
    const name = `f-${unique()}`;
    await t.request('POST', '/api/base-workflows', {
      token: fixtures,
      body: { name, content: '{"1":{"class_type":"X","inputs":{}}}' },
    });
    return `${name}.json`;
  };
  const definition = async () =>
    (
      await t.request<{ id: number }>('POST', '/api/override-definitions', {
        token: fixtures,
        body: { override_key: `override_${unique()}`, display_name: 'D' },
      })
    ).body.id;
  const linkOf = async (workflowId: number) =>
    (await t.request<Array<{ id: number }>>('GET', `/api/workflows/${workflowId}/overrides`, { token: fixtures }))
      .body[0]!.id;

  const cases: Case[] = [
    {
      name: 'list workflows',
      make: async () => ({ method: 'GET', path: '/api/workflows?search=a' }),
      expected: SIGNED_IN,
    },
    {
      name: 'categories',
      make: async () => ({ method: 'GET', path: '/api/workflows/categories' }),
      expected: SIGNED_IN,
    },
    { name: 'tags', make: async () => ({ method: 'GET', path: '/api/workflows/tags' }), expected: SIGNED_IN },
    {
      name: 'workflow detail',
      make: async () => ({ method: 'GET', path: `/api/workflows/${await slugWorkflow()}` }),
      expected: SIGNED_IN,
    },
    {
      name: 'favourite',
      make: async () => ({ method: 'POST', path: `/api/workflows/${await slugWorkflow()}/favorite` }),
      expected: SIGNED_IN,
    },
    {
      name: 'missing slugs',
      make: async () => ({ method: 'GET', path: '/api/workflows/missing-slugs' }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'create slug workflow',
      make: async () => ({
        method: 'POST',
        path: '/api/workflows',
        body: { name: 'N', workflow_slug: 's', overrides: [{ override_definition_id: promptDef }] },
      }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'rename',
      make: async () => ({ method: 'PUT', path: `/api/workflows/${await slugWorkflow()}/name`, body: { name: 'R' } }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'eok config',
      make: async () => ({
        method: 'PUT',
        path: `/api/workflows/${await slugWorkflow()}/eok-config`,
        body: { workflow_slug: 'other' },
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'organization',
      make: async () => ({
        method: 'PUT',
        path: `/api/workflows/${await slugWorkflow()}/organization`,
        body: { category: 'General', tags: ['x'] },
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'delete workflow',
      make: async () => ({ method: 'DELETE', path: `/api/workflows/${await slugWorkflow()}` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'list overrides',
      make: async () => ({ method: 'GET', path: `/api/workflows/${await slugWorkflow()}/overrides` }),
      expected: SIGNED_IN,
    },
    {
      name: 'add override',
      make: async () => ({
        method: 'POST',
        path: `/api/workflows/${await slugWorkflow()}/overrides`,
        body: { override_definition_id: await definition() },
      }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'replace overrides',
      make: async () => ({
        method: 'PUT',
        path: `/api/workflows/${await slugWorkflow()}/overrides`,
        body: [{ override_definition_id: stepsDef }],
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'edit override',
      make: async () => {
        const id = await slugWorkflow();
        return {
          method: 'PUT',
          path: `/api/workflows/${id}/overrides/${await linkOf(id)}`,
          body: { is_required: true },
        };
      },
      expected: ADMIN_ONLY,
    },
    {
      name: 'remove override',
      make: async () => {
        const id = await slugWorkflow();
        return { method: 'DELETE', path: `/api/workflows/${id}/overrides/${await linkOf(id)}` };
      },
      expected: ADMIN_ONLY,
    },
    {
      name: 'list base workflows',
      make: async () => ({ method: 'GET', path: '/api/base-workflows' }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'read base workflow',
      make: async () => ({ method: 'GET', path: `/api/base-workflows/${await baseFile()}` }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'create base workflow',
      make: async () => ({
        method: 'POST',
        path: '/api/base-workflows',
        body: { name: `c-${unique()}`, content: '{}' },
      }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'update base workflow',
      make: async () => ({
        method: 'PUT',
        path: `/api/base-workflows/${await baseFile()}`,
        body: { content: '{"a":1}' },
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'delete base workflow',
      make: async (caller) => ({
        method: 'DELETE',
        path: `/api/base-workflows/${await baseFile()}`,
        body: { confirmPassword: caller?.password },
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'list override definitions',
      make: async () => ({ method: 'GET', path: '/api/override-definitions' }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'missing keys',
      make: async () => ({ method: 'GET', path: '/api/override-definitions/missing-keys' }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'create override definition',
      make: async () => ({
        method: 'POST',
        path: '/api/override-definitions',
        body: { override_key: `override_${unique()}`, display_name: 'X' },
      }),
      expected: ADMIN_CREATES,
    },
    {
      name: 'update override definition',
      make: async () => ({
        method: 'PUT',
        path: `/api/override-definitions/${await definition()}`,
        body: { override_key: `override_${unique()}`, display_name: 'Y' },
      }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'delete override definition',
      make: async (caller) => ({
        method: 'DELETE',
        path: `/api/override-definitions/${await definition()}`,
        body: { confirmPassword: caller?.password },
      }),
      expected: ADMIN_ONLY,
    },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    fixtures = await t.login(await t.createUser({ role: 'super_admin' }));
    for (const role of ['user', 'admin', 'super_admin'] as const) {
      const user = await t.createUser({ role });
      callers.set(role, { user, token: await t.login(user) });
    }
    promptDef = (
      await t.request<{ id: number }>('POST', '/api/override-definitions', {
        token: fixtures,
        body: { override_key: 'override_prompt', display_name: 'Prompt' },
      })
    ).body.id;
    stepsDef = (
      await t.request<{ id: number }>('POST', '/api/override-definitions', {
        token: fixtures,
        body: { override_key: 'override_steps', display_name: 'Steps', data_type: 'integer' },
      })
    ).body.id;
  });
  afterAll(() => t.close());

  it.each(cases)('$name', async ({ make, expected }) => {
    const anonymous = await make(null);
    expect((await t.request(anonymous.method, anonymous.path, { body: anonymous.body })).status, 'anonymous').toBe(401);
    for (const role of ['user', 'admin', 'super_admin'] as const) {
      const { user, token } = callers.get(role)!;
      const call = await make(user);
      const res = await t.request(call.method, call.path, { token, body: call.body });
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(expected[role]);
    }
  });
});
