import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobListResponse } from '@atelier/shared';
import { createTinyWorkflow, submitJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

describe('jobs API', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let other: string;
  let admin: string;
  let tiny: number;
  let slug: number;
  let imageToImage: number;
  let textToImage: number;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    owner = await t.createUser({ username: 'owner' });
    token = await t.login(owner);
    other = await t.login(await t.createUser({ username: 'other' }));
    admin = await t.login(await t.createUser({ role: 'admin' }));
    tiny = await createTinyWorkflow(t);
    const flux = await t.db.pool.query<{ id: number }>(
      `SELECT id FROM workflows WHERE workflow_slug = 'flux-portrait'`,
    );
    slug = flux.rows[0]!.id;
    const i2i = await t.db.pool.query<{ id: number }>(`SELECT id FROM workflows WHERE name = 'Image to Image'`);
    imageToImage = i2i.rows[0]!.id;
    const t2i = await t.db.pool.query<{ id: number }>(`SELECT id FROM workflows WHERE name = 'Text to Image'`);
    textToImage = t2i.rows[0]!.id;
  });
  afterAll(() => t.close());

  const submit = (body: Record<string, unknown>, as = token) =>
    t.request<{ id: number; error: string }>('POST', '/api/jobs', { token: as, body });

  it('refuses bad submissions with the spec texts, per field', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 400, 'Please select a workflow first'],
      [{ workflow_id: 'abc' }, 400, 'Please select a workflow first'],
      [{ workflow_id: tiny, batch_size: 0 }, 400, 'Batch size must be between 1 and 999999'],
      [{ workflow_id: tiny, batch_size: 1_000_000 }, 400, 'Batch size must be between 1 and 999999'],
      [{ workflow_id: tiny, batch_size: 2.5 }, 400, 'Batch size must be between 1 and 999999'],
      [{ workflow_id: tiny, batch_size: 'many' }, 400, 'Batch size must be between 1 and 999999'],
      // not read as numbers: a boolean, a list, hex
      [{ workflow_id: tiny, batch_size: true }, 400, 'Batch size must be between 1 and 999999'],
      [{ workflow_id: tiny, batch_size: [2] }, 400, 'Batch size must be between 1 and 999999'],
      [{ workflow_id: tiny, batch_size: '0x10' }, 400, 'Batch size must be between 1 and 999999'],
      // asset ids past the id column are unknown assets, not a database error
      [{ workflow_id: imageToImage, parameters: { image: 3_000_000_000 } }, 400, 'Source image: unknown asset'],
      [{ workflow_id: imageToImage, parameters: { image: '99999999999' } }, 400, 'Source image: unknown asset'],
      [{ workflow_id: imageToImage, parameters: { image: 1e308 } }, 400, 'Source image: unknown asset'],
      [{ workflow_id: 999_999 }, 404, 'Workflow not found'],
      [{ workflow_id: tiny, parameters: { width: 100 } }, 400, 'Width must be at most 64'],
      [{ workflow_id: tiny, parameters: { width: 20 } }, 400, 'Width must be in steps of 16'],
      // steps of 1 from a whole minimum: the rule is plainer said
      [{ workflow_id: textToImage, parameters: { steps: 20.5 } }, 400, 'Steps must be a whole number'],
      [{ workflow_id: tiny, parameters: { seed: 5_000_000_000 } }, 400, 'Seed must be at most 4294967295'],
      [
        { workflow_id: tiny, parameters: { seed: { mode: 'sometimes', seed: 1 } } },
        400,
        'Seed must be a whole number from 0 to 4294967295',
      ],
      [{ workflow_id: slug, parameters: { prompt: '   ' } }, 400, 'Prompt is required'],
      [{ workflow_id: slug, parameters: { prompt: 'x', steps: 9999 } }, 400, 'Steps must be at most 150'],
      [{ workflow_id: slug, parameters: { prompt: 'x', width: 333 } }, 400, 'Width must be one of the listed options'],
      [{ workflow_id: slug, parameters: { prompt: 'x'.repeat(2001) } }, 400, 'Prompt must be at most 2000 characters'],
    ];
    for (const [body, status, message] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(message);
    }
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM jobs');
    expect(rows[0].n).toBe(0);
  });

  it('accepts a batch of 999,999 as one row and one queue entry, with defaults filled in', async () => {
    const { body } = await submit({
      workflow_id: slug,
      batch_size: 999_999,
      parameters: { prompt: 'a fox', cfg: '4.5' },
    });
    const job = (await t.request<Job>('GET', `/api/jobs/${body.id}`, { token })).body;
    expect(job).toMatchObject({
      batch_size: 999_999,
      status: 'queued',
      job_name: 'Flux Portrait',
      workflow_name: 'Flux Portrait',
      username: 'owner',
    });
    expect(job.parameters).toMatchObject({
      override_prompt: 'a fox',
      override_cfg: 4.5,
      override_steps: 28,
      override_width: 768,
    });
    expect(job.parameters.seed).toMatchObject({ mode: 'random' });
    expect(job.estimated_duration).toBe(999_999 * 30);
    const entries = await t.redis.keys(`${t.redisKeyPrefix}:bull:generation:job-*`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(new RegExp(`^${t.redisKeyPrefix}:bull:generation:job-${body.id}-\\d+$`));
    await t.request('POST', `/api/jobs/${body.id}/cancel`, { token });
    // cancelled before it started: it ended, but ran for no time
    const cancelled = (await t.request<Job>('GET', `/api/jobs/${body.id}`, { token })).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', actual_duration: null });
    expect(cancelled.completed_at).not.toBeNull();
  });

  it("lists the caller's jobs newest first, 10 a page, with status filter and search", async () => {
    await t.db.pool.query('DELETE FROM jobs');
    for (let i = 0; i < 23; i++)
      await submitJob(t, token, { workflow_id: tiny, job_name: i % 2 ? `Odd ${i}` : `Even ${i}` });
    await submitJob(t, other, { workflow_id: tiny, job_name: 'Not mine' });
    const first = (await t.request<JobListResponse>('GET', '/api/jobs?page=1&limit=10', { token })).body;
    expect(first.pagination).toEqual({ page: 1, pages: 3, total: 23 });
    expect(first.jobs[0]!.job_name).toBe('Even 22');
    const third = (await t.request<JobListResponse>('GET', '/api/jobs?page=3&limit=10', { token })).body;
    expect(third.jobs.map((j) => j.job_name)).toEqual(['Even 2', 'Odd 1', 'Even 0']);
    const odd = (await t.request<JobListResponse>('GET', '/api/jobs?search=odd&limit=100', { token })).body;
    expect(odd.pagination.total).toBe(11);
    const byWorkflow = (await t.request<JobListResponse>('GET', '/api/jobs?search=TINY', { token })).body;
    expect(byWorkflow.pagination.total).toBe(23);
    expect((await t.request<JobListResponse>('GET', '/api/jobs?status=completed', { token })).body.jobs).toEqual([]);
    expect((await t.request<JobListResponse>('GET', '/api/jobs?status=queued', { token })).body.pagination.total).toBe(
      23,
    );
    expect((await t.request('GET', '/api/jobs?status=done', { token })).status).toBe(400);
    expect((await t.request('GET', '/api/jobs?limit=101', { token })).status).toBe(400);
  });

  it('says in words what is wrong with a search or page the lists cannot take', async () => {
    const long = 'x'.repeat(201);
    const cases: Array<[string, string]> = [
      ['/api/jobs?page=1000001', 'Page must be a whole number from 1 to 1000000'],
      ['/api/jobs?page=2.5', 'Page must be a whole number from 1 to 1000000'],
      [`/api/jobs?search=${long}`, 'Search must be at most 200 characters'],
      [`/api/gallery?search=${long}`, 'Search must be at most 200 characters'],
      [`/api/gallery/count?job_name=${long}`, 'Job name must be at most 200 characters'],
      [`/api/gallery?workflow=${long}`, 'Workflow must be at most 200 characters'],
      [`/api/workflows?search=${long}`, 'Search must be at most 200 characters'],
    ];
    for (const [path, error] of cases) {
      const res = await t.request<{ error: string }>('GET', path, { token });
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 400, error });
    }
    const deepest = await t.request<JobListResponse>('GET', `/api/jobs?page=1000000&search=${'x'.repeat(200)}`, {
      token,
    });
    expect(deepest.status).toBe(200);
  });

  it("shows every user's jobs to admins with user=all, and ignores it for others", async () => {
    const mine = (await t.request<JobListResponse>('GET', '/api/jobs?user=all&limit=100', { token })).body;
    expect(mine.jobs.every((j) => j.username === 'owner')).toBe(true);
    const all = (await t.request<JobListResponse>('GET', '/api/jobs?user=all&limit=100', { token: admin })).body;
    expect(all.jobs.map((j) => j.username)).toEqual(expect.arrayContaining(['owner', 'other']));
  });

  it("answers 404 Job not found for another user's job on read, results, clone and cancel", async () => {
    const id = await submitJob(t, token, { workflow_id: tiny, job_name: 'private' });
    for (const [method, path, body] of [
      ['GET', `/api/jobs/${id}`, undefined],
      ['GET', `/api/jobs/${id}/results`, undefined],
      ['POST', `/api/jobs/${id}/clone`, { job_name: 'mine now' }],
      ['POST', `/api/jobs/${id}/cancel`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token: other, body });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Job not found' });
    }
    expect((await t.request('GET', `/api/jobs/${id}`, { token: admin })).status).toBe(200);
    expect((await t.request<Job>('GET', `/api/jobs/${id}`, { token })).body.status).toBe('queued');
  });

  it('clones a job under a new name, for the caller', async () => {
    const id = await submitJob(t, token, {
      workflow_id: tiny,
      job_name: 'original',
      batch_size: 4,
      parameters: { width: 48, seed: { mode: 'fixed', seed: 9 } },
    });
    // blank, or only characters that draw nothing (a Hangul filler): a blank row in everyone's queue
    for (const blank of [' ', '\u3164', '\u2800 \ufe0f']) {
      const refused = await t.request<{ error: string }>('POST', `/api/jobs/${id}/clone`, {
        token,
        body: { job_name: blank },
      });
      expect([refused.status, refused.body.error], JSON.stringify(blank)).toEqual([400, 'Please enter a job name']);
    }
    const clone = await t.request<{ id: number }>('POST', `/api/jobs/${id}/clone`, {
      token,
      body: { job_name: 'again' },
    });
    expect(clone.status).toBe(201);
    const job = (await t.request<Job>('GET', `/api/jobs/${clone.body.id}`, { token })).body;
    expect(job).toMatchObject({
      job_name: 'again',
      batch_size: 4,
      parameters: { width: 48, seed: { mode: 'fixed', seed: 9 } },
    });
  });

  it('clones a value the user cleared as cleared, not as the default', async () => {
    const stored = async (id: number) => (await t.request<Job>('GET', `/api/jobs/${id}`, { token })).body.parameters;
    const cloneOf = async (id: number) =>
      (await t.request<{ id: number }>('POST', `/api/jobs/${id}/clone`, { token, body: { job_name: 'copy' } })).body.id;
    // a prompt cleared on the form runs empty, not as the graph's own text (nor the default), and so does its copy
    const json = await submitJob(t, token, { workflow_id: tiny, parameters: { prompt: '', width: 48 } });
    expect(await stored(json)).toMatchObject({ prompt: '' });
    expect(await stored(await cloneOf(json))).toMatchObject({ prompt: '', width: 48, height: 32 });
    // sent as null the job holds no prompt (the graph keeps its own), and neither may its copy
    const none = await submitJob(t, token, { workflow_id: tiny, parameters: { prompt: null, width: 48 } });
    expect(await stored(none)).not.toHaveProperty('prompt');
    const noneCopy = await stored(await cloneOf(none));
    expect(noneCopy).not.toHaveProperty('prompt');
    expect(noneCopy).toMatchObject({ width: 48, height: 32 });

    const slugJob = await submitJob(t, token, { workflow_id: slug, parameters: { prompt: 'a fox', steps: '' } });
    expect(await stored(slugJob)).not.toHaveProperty('override_steps');
    const slugCopy = await stored(await cloneOf(slugJob));
    expect(slugCopy).not.toHaveProperty('override_steps');
    expect(slugCopy).toMatchObject({ override_prompt: 'a fox', override_width: 768 });
  });

  it('clones a job made before a required override was added, with the default it was added with', async () => {
    const definitions = await t.db.pool.query<{ id: number; override_key: string }>(
      `SELECT id, override_key FROM override_definitions WHERE override_key IN ('override_prompt', 'override_negative_prompt')`,
    );
    const definition = (key: string) => definitions.rows.find((row) => row.override_key === key)!.id;
    const created = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: {
        name: 'Grown since',
        workflow_slug: 'flux-portrait',
        overrides: [{ override_definition_id: definition('override_prompt'), is_required: true }],
      },
    });
    const job = await submitJob(t, token, { workflow_id: created.body.id, parameters: { prompt: 'a heron' } });
    const added = await t.request('POST', `/api/workflows/${created.body.id}/overrides`, {
      token: admin,
      body: { override_definition_id: definition('override_negative_prompt'), is_required: true, default_value: 'fog' },
    });
    expect(added.status).toBe(201);

    const clone = await t.request<{ id: number }>('POST', `/api/jobs/${job}/clone`, {
      token,
      body: { job_name: 'heron again' },
    });
    expect(clone.status).toBe(201);
    expect((await t.request<Job>('GET', `/api/jobs/${clone.body.id}`, { token })).body.parameters).toMatchObject({
      override_prompt: 'a heron',
      override_negative_prompt: 'fog',
    });
  });

  it('draws a random-mode seed on the server: the same form sent again, or a clone, makes new images', async () => {
    const seedOf = async (id: number) =>
      (await t.request<Job>('GET', `/api/jobs/${id}`, { token })).body.parameters.seed as {
        mode: string;
        seed: number;
      };
    // the form sends the seed it shows, in either mode
    const shown = { mode: 'random', seed: 9 };
    const first = await submitJob(t, token, { workflow_id: tiny, parameters: { width: 48, seed: shown } });
    const second = await submitJob(t, token, { workflow_id: tiny, parameters: { width: 48, seed: shown } });
    const [a, b] = [await seedOf(first), await seedOf(second)];
    expect(a.mode).toBe('random');
    expect([a.seed, b.seed]).not.toContain(9);
    expect(a.seed).not.toBe(b.seed);
    const clone = await t.request<{ id: number }>('POST', `/api/jobs/${first}/clone`, {
      token,
      body: { job_name: 'again' },
    });
    expect((await seedOf(clone.body.id)).seed).not.toBe(a.seed);
    const onSlug = await submitJob(t, token, { workflow_id: slug, parameters: { prompt: 'a fox', seed: shown } });
    expect(await seedOf(onSlug)).toMatchObject({ mode: 'random' });
    expect((await seedOf(onSlug)).seed).not.toBe(9);
    const fixed = await submitJob(t, token, {
      workflow_id: tiny,
      parameters: { width: 48, seed: { mode: 'fixed', seed: 9 } },
    });
    expect(await seedOf(fixed)).toEqual({ mode: 'fixed', seed: 9 });
  });

  it('takes random mode sent without a seed, as the server draws one anyway; fixed mode still needs one', async () => {
    const seedOf = async (id: number) =>
      (await t.request<Job>('GET', `/api/jobs/${id}`, { token })).body.parameters.seed as { mode: string };
    const onJson = await submit({ workflow_id: tiny, parameters: { width: 48, seed: { mode: 'random' } } });
    expect(onJson.status, onJson.body.error).toBe(201);
    expect(await seedOf(onJson.body.id)).toMatchObject({ mode: 'random', seed: expect.any(Number) });
    const onSlug = await submit({ workflow_id: slug, parameters: { prompt: 'a fox', seed: { mode: 'random' } } });
    expect(onSlug.status, onSlug.body.error).toBe(201);
    expect(await seedOf(onSlug.body.id)).toMatchObject({ mode: 'random', seed: expect.any(Number) });
    const fixed = await submit({ workflow_id: tiny, parameters: { seed: { mode: 'fixed' } } });
    expect(fixed.body.error).toBe('Seed must be a whole number from 0 to 4294967295');
  });

  it('finds a name typed with a combining accent by a search for the composed letter, and the other way round', async () => {
    const decomposed = await submitJob(t, token, { workflow_id: tiny, job_name: 'Cafe\u0301 terrace' });
    await submitJob(t, token, { workflow_id: tiny, job_name: 'Cr\u00e8me study' });
    const found = async (search: string) =>
      (
        await t.request<JobListResponse>('GET', `/api/jobs?search=${encodeURIComponent(search)}`, { token })
      ).body.jobs.map((j) => j.job_name);
    expect(await found('caf\u00e9')).toEqual(['Caf\u00e9 terrace']);
    expect(await found('cre\u0300me')).toEqual(['Cr\u00e8me study']);
    const clone = await t.request<{ id: number }>('POST', `/api/jobs/${decomposed}/clone`, {
      token,
      body: { job_name: 'Cafe\u0301 again' },
    });
    expect((await t.request<Job>('GET', `/api/jobs/${clone.body.id}`, { token })).body.job_name).toBe(
      'Caf\u00e9 again',
    );
    // 200 accented letters typed with combining accents are 200 characters, not 400
    const long = await submit({ workflow_id: tiny, job_name: 'e\u0301'.repeat(200) });
    expect(long.status, long.body.error).toBe(201);
  });

  it('refuses to cancel a finished job', async () => {
    const id = await submitJob(t, token, { workflow_id: tiny });
    await t.db.pool.query(`UPDATE jobs SET status = 'completed' WHERE id = $1`, [id]);
    const res = await t.request('POST', `/api/jobs/${id}/cancel`, { token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'This job has already finished' });
  });

  it('says a job cancelled twice, at once or one after the other, was already cancelled', async () => {
    const twice = await submitJob(t, token, { workflow_id: tiny, batch_size: 50 });
    const both = await Promise.all([1, 2, 3].map(() => t.request('POST', `/api/jobs/${twice}/cancel`, { token })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const res of both.filter((r) => r.status === 409)) {
      expect(res.body).toEqual({ error: 'This job was already cancelled' });
    }
    const again = await t.request('POST', `/api/jobs/${twice}/cancel`, { token });
    expect([again.status, again.body]).toEqual([409, { error: 'This job was already cancelled' }]);
  });
});
