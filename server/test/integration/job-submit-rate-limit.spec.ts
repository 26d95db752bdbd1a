import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTinyWorkflow, submitJob } from '../support/pipeline.js';
import { startSecondApi } from '../support/second-api.js';
import { startTestApp, type ApiResponse, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

// a window long enough that a test's submissions all land in one, on a loaded machine
const WINDOW_S = 15;
const LIMITS = { JOB_SUBMIT_MAX_PER_USER: '3', JOB_SUBMIT_WINDOW_S: String(WINDOW_S) };
const TOO_QUICK = 'You are submitting jobs too quickly. Please wait a moment and try again.';

describe('job submission rate limit per user', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondApi>>;
  let tiny: number;

  const jobCount = async (user: TestUser) =>
    (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE user_id = $1', [user.id])).rows[0]!
      .n;
  const submit = (token: string, jobName = 'limited') =>
    t.request<{ id?: number; error?: string }>('POST', '/api/jobs', {
      token,
      body: { workflow_id: tiny, job_name: jobName },
    });
  const expectLimited = (res: ApiResponse<{ error?: string }>, windowS: number) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: TOO_QUICK });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowS);
    return retryAfter;
  };

  beforeAll(async () => {
    t = await startTestApp(LIMITS);
    second = await startSecondApi(t, LIMITS);
    tiny = await createTinyWorkflow(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('refuses the submission over the limit with 429 and Retry-After, on every API process, then lets the next window in', async () => {
    const alice = await t.createUser();
    const token = await t.login(alice);
    const first = await submitJob(t, token, { workflow_id: tiny, job_name: 'one' });
    await submitJob(t, token, { workflow_id: tiny, job_name: 'two' });
    await submitJob(t, token, { workflow_id: tiny, job_name: 'three' });

    expectLimited(await submit(token), WINDOW_S);
    expectLimited(
      await t.request('POST', `/api/jobs/${first}/clone`, { token, body: { job_name: 'again' } }),
      WINDOW_S,
    );
    const elsewhere = await fetch(`${second.baseUrl}/api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ workflow_id: tiny, job_name: 'via the other process' }),
    });
    const retryAfter = expectLimited(
      { status: elsewhere.status, headers: elsewhere.headers, body: (await elsewhere.json()) as { error?: string } },
      WINDOW_S,
    );
    expect(await jobCount(alice)).toBe(3);
    const queued = await t.redis.keys(`${t.redisKeyPrefix}:bull:generation:job-*`);
    expect(queued).toHaveLength(3);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    expect((await submit(token, 'next window')).status).toBe(201);
    expect(await jobCount(alice)).toBe(4);
  }, 60_000);

  it('counts each user on their own', async () => {
    const [bob, carol] = [await t.createUser(), await t.createUser()];
    const [bobToken, carolToken] = [await t.login(bob), await t.login(carol)];
    for (let i = 0; i < 3; i++) expect((await submit(bobToken)).status).toBe(201);
    expect((await submit(bobToken)).status).toBe(429);
    expect((await submit(carolToken)).status).toBe(201);
    expect(await jobCount(carol)).toBe(1);
  });

  it('does not count a submission that was refused as invalid', async () => {
    const dave = await t.createUser();
    const token = await t.login(dave);
    for (let i = 0; i < 5; i++) {
      const res = await t.request<{ error: string }>('POST', '/api/jobs', {
        token,
        body: { workflow_id: tiny, parameters: { width: 100 } },
      });
      expect(res.body.error).toBe('Width must be at most 64');
    }
    for (let i = 0; i < 3; i++) expect((await submit(token)).status).toBe(201);
  });
});
