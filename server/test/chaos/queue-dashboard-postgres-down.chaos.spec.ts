import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';

const DASHBOARD_API = '/admin/queues/api/queues';

describe('the queue dashboard while PostgreSQL is down', () => {
  let stack: OwnStack;

  beforeAll(async () => {
    stack = await startOwnStack();
  });
  afterAll(() => stack?.close());

  it('tells an admin to try again, not that their session has ended, and opens once it is back', async () => {
    const t = stack.app;
    const admin = await t.login(await t.createUser({ role: 'admin' }));
    expect((await t.request('GET', DASHBOARD_API, { token: admin })).status).toBe(200);

    await stack.postgres.stop();
    const res = await t.request('GET', DASHBOARD_API, { token: admin });
    expect({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') }).toEqual({
      status: 503,
      body: { error: 'Service temporarily unavailable' },
      retryAfter: '5',
    });

    await stack.postgres.start();
    await waitFor('the dashboard to open again', async () => {
      return (await t.request('GET', DASHBOARD_API, { token: admin })).status === 200;
    });
  });
});
