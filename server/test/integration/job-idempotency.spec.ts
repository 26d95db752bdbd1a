import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTinyWorkflow, submitJob } from '../support/pipeline.js';
import { startSecondApi } from '../support/second-api.js';
import { startTestApp, type ApiResponse, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

const BAD_KEY = 'Idempotency-Key must be 1 to 200 printable ASCII characters';

/** A submit whose answer was lost is sent again under the same Idempotency-Key: one job, not two. */
describe('job submission with an Idempotency-Key', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondApi>>;
  let tiny: number;

  beforeAll(async () => {
    t = await startTestApp();
    second = await startSecondApi(t);
    tiny = await createTinyWorkflow(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const newUser = async (): Promise<{ user: TestUser; token: string }> => {
    const user = await t.createUser();
    return { user, token: await t.login(user) };
  };
  const submit = (token: string, key: string | undefined, body: Record<string, unknown> = {}, baseUrl = t.baseUrl) =>
    send(baseUrl, '/api/jobs', token, key, { workflow_id: tiny, job_name: 'once', batch_size: 500_000, ...body });
  const jobIds = async (user: TestUser) =>
    (await t.db.pool.query<{ id: number }>('SELECT id FROM jobs WHERE user_id = $1 ORDER BY id', [user.id])).rows.map(
      (r) => r.id,
    );
  const queueEntries = async (jobId: number) => t.redis.keys(`${t.redisKeyPrefix}:bull:generation:job-${jobId}-*`);
  const allQueueEntries = async () => t.redis.keys(`${t.redisKeyPrefix}:bull:generation:job-*`);

  it('answers a resend with the same id, and keeps one job and one queue entry', async () => {
    const { user, token } = await newUser();
    const key = randomUUID();
    const before = (await allQueueEntries()).length;
    const first = await submit(token, key);
    expect(first.status).toBe(201);
    const again = await submit(token, key);
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
    // a resend whose body changed meanwhile still answers the job the key made
    const changed = await submit(token, key, { job_name: 'renamed', batch_size: 3 });
    expect(changed).toMatchObject({ status: 201, body: { id: first.body.id } });

    expect(await jobIds(user)).toEqual([first.body.id]);
    expect(await queueEntries(first.body.id!)).toHaveLength(1);
    expect((await allQueueEntries()).length).toBe(before + 1);
    const { rows } = await t.db.pool.query('SELECT job_name, batch_size FROM jobs WHERE id = $1', [first.body.id]);
    expect(rows[0]).toEqual({ job_name: 'once', batch_size: 500_000 });
  });

  it('makes one job of resends that race, on one API process or two', async () => {
    const { user, token } = await newUser();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submit(token, key, {}, i % 2 ? second.baseUrl : t.baseUrl)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(await jobIds(user)).toEqual([...ids]);
    expect(await queueEntries([...ids][0]!)).toHaveLength(1);
  });

  it("keeps one user's key apart from another's", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const key = randomUUID();
    const hers = await submit(alice.token, key);
    const his = await submit(bob.token, key);
    expect([hers.status, his.status]).toEqual([201, 201]);
    expect(his.body.id).not.toBe(hers.body.id);
    expect(await jobIds(alice.user)).toEqual([hers.body.id]);
    expect(await jobIds(bob.user)).toEqual([his.body.id]);
    expect(await queueEntries(his.body.id!)).toHaveLength(1);
  });

  it('refuses a key that is not 1 to 200 printable ASCII characters, and makes no job', async () => {
    const { user, token } = await newUser();
    for (const key of ['', 'k'.repeat(201), 'tab\there', 'clé']) {
      const res = await submit(token, key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body).toMatchObject({ error: BAD_KEY, fields: { 'idempotency-key': BAD_KEY } });
    }
    expect(await jobIds(user)).toEqual([]);
    for (const key of ['k'.repeat(200), '~', 'a key with spaces: {"and": "quotes"}'])
      expect((await submit(token, key)).status, key).toBe(201);
    expect(await jobIds(user)).toHaveLength(3);
  });

  it('makes a job for every submission without a key, as before', async () => {
    const { user, token } = await newUser();
    const [a, b] = [await submit(token, undefined), await submit(token, undefined)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await jobIds(user)).toEqual([a.body.id, b.body.id]);
  });

  it('makes one clone of a clone resent under the same key; the key is checked there too', async () => {
    const { user, token } = await newUser();
    const original = await submitJob(t, token, { workflow_id: tiny, job_name: 'original' });
    const key = randomUUID();
    const clone = (k: string) => send(t.baseUrl, `/api/jobs/${original}/clone`, token, k, { job_name: 'copy' });
    const first = await clone(key);
    expect(first.status).toBe(201);
    expect(await clone(key)).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(await jobIds(user)).toEqual([original, first.body.id]);
    expect(await queueEntries(first.body.id!)).toHaveLength(1);
    expect(await clone('x'.repeat(201))).toMatchObject({ status: 400, body: { error: BAD_KEY } });
  });
});

async function send(
  baseUrl: string,
  path: string,
  token: string,
  key: string | undefined,
  body: Record<string, unknown>,
): Promise<ApiResponse<{ id?: number; error?: string; fields?: Record<string, string> }>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (key !== undefined) headers['idempotency-key'] = key;
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as never };
}
