import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { Analytics, SessionUser } from '@atelier/shared';
import { AnalyticsController } from '../../src/analytics/analytics.controller.js';
import { AnalyticsRepository } from '../../src/analytics/analytics.repository.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createWorkflow, type TestUser } from '../support/factories.js';

describe('GET /api/analytics/dashboard', () => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  let annToken: string;
  let admin: string;
  let adminUser: TestUser;
  let superAdmin: string;

  const job = (
    user: TestUser,
    workflow: string,
    status: string,
    daysAgo: number,
    hourUtc: number,
    duration: number | null = null,
  ) =>
    t.db.pool.query(
      `INSERT INTO jobs (user_id, workflow_name, batch_size, status, actual_duration, created_at)
       VALUES ($1, $2, 1, $3, $4, date_trunc('day', now()) - make_interval(days => $5) + make_interval(hours => $6))`,
      [user.id, workflow, status, duration, daysAgo, hourUtc],
    );
  const dashboard = async (token: string, query = '') =>
    (await t.request<Analytics>('GET', `/api/analytics/dashboard${query}`, { token })).body;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await t.createUser({ username: 'ann' });
    ben = await t.createUser({ username: 'ben' });
    annToken = await t.login(ann);
    adminUser = await t.createUser({ role: 'admin' });
    admin = await t.login(adminUser);
    superAdmin = await t.login(await t.createUser({ role: 'super_admin' }));
    await job(ann, 'Portrait', 'completed', 1, 9, 10);
    await job(ann, 'Portrait', 'completed', 2, 9, 20);
    await job(ann, 'Landscape', 'failed', 3, 14);
    await job(ann, 'Portrait', 'queued', 0, 1);
    await job(ann, 'Portrait', 'completed', 40, 9, 99);
    await job(ben, 'Landscape', 'completed', 1, 14, 30);
    await job(ben, 'Landscape', 'processing', 5, 22);
    await job(ben, 'Upscale', 'completed', 80, 3, 5);
  });
  afterAll(() => t.close());

  it('gives a role user a personal view of their own jobs over 30 days by default', async () => {
    const view = await dashboard(annToken);
    expect(view.view_type).toBe('personal');
    expect(view.system_stats).toMatchObject({
      total_jobs: 4,
      completed_jobs: 2,
      failed_jobs: 1,
      queued_jobs: 1,
      processing_jobs: 0,
      avg_processing_time: 15,
      active_users: 1,
    });
    expect(view.popular_workflows).toEqual([
      { workflow_id: null, workflow_name: 'Portrait', job_count: 3, completed_count: 2, avg_duration: 15 },
      { workflow_id: null, workflow_name: 'Landscape', job_count: 1, completed_count: 0, avg_duration: null },
    ]);
    expect(view.active_users).toEqual([expect.objectContaining({ username: 'ann', job_count: 4, completed_count: 2 })]);
    expect(view.usage_by_hour).toHaveLength(24);
    expect(view.usage_by_hour[9]).toEqual({ hour: 9, job_count: 2 });
    expect(view.usage_by_hour[14]).toEqual({ hour: 14, job_count: 1 });
    expect(view.usage_by_hour[0]).toEqual({ hour: 0, job_count: 0 });
    expect(new Date(view.system_stats.first_job_date!).getTime()).toBeLessThan(Date.now() - 39 * 86_400_000);
  });

  it('switches period', async () => {
    expect((await dashboard(annToken, '?period=7days')).system_stats.total_jobs).toBe(4);
    expect((await dashboard(annToken, '?period=90days')).system_stats.total_jobs).toBe(5);
    expect((await t.request('GET', '/api/analytics/dashboard?period=1year', { token: annToken })).status).toBe(400);
  });

  it('gives admins and super admins the system view, top users included', async () => {
    for (const token of [admin, superAdmin]) {
      const view = await dashboard(token, '?period=90days');
      expect(view.view_type).toBe('system');
      expect(view.system_stats).toMatchObject({
        total_jobs: 8,
        completed_jobs: 5,
        processing_jobs: 1,
        active_users: 2,
      });
      expect(view.active_users.map((u) => u.username)).toEqual(['ann', 'ben']);
      expect(view.popular_workflows.map((w) => w.workflow_name)).toEqual(['Portrait', 'Landscape', 'Upscale']);
    }
  });

  it('counts as active only the users with a job in the period', async () => {
    const cy = await t.createUser({ username: 'cy' });
    await job(cy, 'Portrait', 'completed', 50, 9, 10);
    try {
      expect((await dashboard(admin, '?period=30days')).system_stats.active_users).toBe(2);
      expect((await dashboard(admin, '?period=90days')).system_stats.active_users).toBe(3);
      expect((await dashboard(annToken, '?period=90days')).system_stats.active_users).toBe(1);
    } finally {
      await t.db.pool.query('DELETE FROM jobs WHERE user_id = $1', [cy.id]);
    }
  });

  it("counts usage by hour in the viewer's time zone", async () => {
    // UTC-5 (getTimezoneOffset 300): 09:00Z is 04:00 local
    const view = await dashboard(annToken, '?tz=300');
    expect(view.usage_by_hour[4]).toEqual({ hour: 4, job_count: 2 });
    // and 14:00Z is 09:00 local
    expect(view.usage_by_hour[9]).toEqual({ hour: 9, job_count: 1 });
  });

  it("follows the viewer's clock changes when the client names its zone", async () => {
    const dee = await t.createUser({ username: 'dee' });
    // 10:00Z is 11:00 in Berlin in January (UTC+1) and 12:00 in July (UTC+2)
    for (const at of ['2026-01-15T10:00:00Z', '2026-07-15T10:00:00Z'])
      await t.db.pool.query(
        `INSERT INTO jobs (user_id, workflow_name, batch_size, status, created_at) VALUES ($1, 'Portrait', 1, 'completed', $2)`,
        [dee.id, at],
      );
    try {
      const hours = (scope: { tz: number; timeZone?: string }) =>
        new AnalyticsRepository(t.app.get(DataSource)).usageByHour({ userId: dee.id, days: 100_000, ...scope });
      const busy = (usage: Analytics['usage_by_hour']) => usage.filter((h) => h.job_count > 0);
      expect(busy(await hours({ tz: -60, timeZone: 'Europe/Berlin' }))).toEqual([
        { hour: 11, job_count: 1 },
        { hour: 12, job_count: 1 },
      ]);
      // an offset alone is today's, whatever the job's date
      expect(busy(await hours({ tz: -60 }))).toEqual([{ hour: 11, job_count: 2 }]);
      // a zone this database does not know: the offset will do
      expect(busy(await hours({ tz: -60, timeZone: 'Nowhere/Special' }))).toEqual([{ hour: 11, job_count: 2 }]);
    } finally {
      await t.db.pool.query('DELETE FROM jobs WHERE user_id = $1', [dee.id]);
    }
    expect(
      (await t.request('GET', '/api/analytics/dashboard?tz=-60&timezone=Europe/Berlin', { token: annToken })).status,
    ).toBe(200);
    for (const zone of ['Mars/Olympus', '+01:00', 'x'.repeat(65)]) {
      const res = await t.request<{ error: string }>(
        'GET',
        `/api/analytics/dashboard?timezone=${encodeURIComponent(zone)}`,
        {
          token: annToken,
        },
      );
      expect([res.status, JSON.stringify(res.body)], zone).toEqual([400, expect.stringContaining('time zone')]);
    }
  });

  it('ranks a renamed workflow once, under its current name', async () => {
    const dora = await t.createUser({ username: 'dora' });
    const workflowId = await createWorkflow(t.db.pool, { name: 'Image to Image' });
    try {
      // jobs keep the name they ran under
      await t.db.pool.query(
        `INSERT INTO jobs (user_id, workflow_id, workflow_name, batch_size, status, actual_duration, created_at)
         VALUES ($1, $2, 'Image to Image', 1, 'completed', 20, now() - interval '1 day'),
                ($1, $2, 'Img2Img', 1, 'completed', 40, now() - interval '1 day'),
                ($1, $2, 'Img2Img', 1, 'cancelled', 1, now() - interval '1 day')`,
        [dora.id, workflowId],
      );
      await t.db.pool.query(`UPDATE workflows SET name = 'Img2Img' WHERE id = $1`, [workflowId]);
      const view = await dashboard(await t.login(dora), '?period=7days');
      expect(view.popular_workflows).toEqual([
        { workflow_id: workflowId, workflow_name: 'Img2Img', job_count: 3, completed_count: 2, avg_duration: 30 },
      ]);
    } finally {
      await t.db.pool.query('DELETE FROM jobs WHERE user_id = $1', [dora.id]);
      await t.db.pool.query('DELETE FROM workflows WHERE id = $1', [workflowId]);
    }
  });

  it('ranks ties in the top 5 the same way every time', async () => {
    const tied = [];
    for (let i = 0; i < 7; i++) tied.push(await t.createUser({ username: `tied${i}` }));
    const ids = tied.map((u) => u.id);
    try {
      // five jobs each at the same moment, more than anyone else has in the period
      await t.db.pool.query(
        `INSERT INTO jobs (user_id, workflow_name, batch_size, status, created_at)
         SELECT u, 'Portrait', 1, 'completed', date_trunc('hour', now()) - interval '1 day'
           FROM unnest($1::int[]) AS u, generate_series(1, 5)`,
        [[...ids].reverse()],
      );
      const { active_users } = await dashboard(admin, '?period=7days');
      expect(active_users.map((u) => u.username)).toEqual(['tied0', 'tied1', 'tied2', 'tied3', 'tied4']);
    } finally {
      await t.db.pool.query('DELETE FROM jobs WHERE user_id = ANY($1)', [ids]);
    }

    // workflow names are not unique: six live 'Tied', and a deleted one whose jobs keep the name
    const workflows: number[] = [];
    for (let i = 0; i < 7; i++) workflows.push(await createWorkflow(t.db.pool, { name: 'Tied' }));
    const deleted = workflows.pop()!;
    try {
      // four jobs each, more than any other workflow has in the period
      await t.db.pool.query(
        `INSERT INTO jobs (user_id, workflow_id, workflow_name, batch_size, status, created_at)
         SELECT $1, w, 'Tied', 1, 'completed', now() - interval '1 day'
           FROM unnest($2::int[]) AS w, generate_series(1, 4)`,
        [tied[0]!.id, [deleted, ...workflows].reverse()],
      );
      await t.db.pool.query('DELETE FROM workflows WHERE id = $1', [deleted]);
      // edited newest first: a row's new version is stored after the others, so the table no longer reads in id order
      for (const id of [...workflows].reverse())
        await t.db.pool.query(`UPDATE workflows SET tags = '{edited}' WHERE id = $1`, [id]);
      const { popular_workflows } = await dashboard(admin, '?period=7days');
      expect(popular_workflows.map((w) => w.workflow_id)).toEqual(workflows.slice(0, 5));
    } finally {
      await t.db.pool.query('DELETE FROM jobs WHERE user_id = $1', [tied[0]!.id]);
      await t.db.pool.query('DELETE FROM workflows WHERE id = ANY($1)', [workflows]);
    }
  });

  it('counts usage by hour the same whatever time zone the database session is in', async () => {
    // an embedded server initialised on a host in another zone takes that zone as its default
    const client = await t.db.pool.connect();
    try {
      await client.query(`SET TIME ZONE 'Asia/Kathmandu'`);
      const session = { query: (sql: string, params: unknown[]) => client.query(sql, params).then((r) => r.rows) };
      const hours = await new AnalyticsRepository(session as unknown as DataSource).usageByHour({
        userId: ann.id,
        days: 30,
        tz: 0,
      });
      expect(hours[9]).toEqual({ hour: 9, job_count: 2 });
      expect(hours[14]).toEqual({ hour: 14, job_count: 1 });
    } finally {
      await client.query('RESET TIME ZONE');
      client.release();
    }
  });

  /** The dashboard's statements as the controller sends them, each answered with one empty row. */
  async function dashboardStatements(caller: Pick<SessionUser, 'id' | 'role'>) {
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    const recorder = {
      query: (sql: string, params: unknown[]) => {
        statements.push({ sql, params });
        return Promise.resolve([{}]);
      },
    } as unknown as DataSource;
    await new AnalyticsController(new AnalyticsRepository(recorder)).dashboard(caller as SessionUser, {
      period: '90days',
      tz: 0,
    });
    return statements;
  }

  /** Node types of every plan node that reads the jobs table. */
  function jobsScans(plan: Record<string, unknown>): string[] {
    const own = plan['Relation Name'] === 'jobs' ? [plan['Node Type'] as string] : [];
    const children = (plan.Plans as Array<Record<string, unknown>> | undefined) ?? [];
    return [...own, ...children.flatMap(jobsScans)];
  }

  it('reads a period of jobs from index entries alone, for one user and for the system', async () => {
    // as autovacuum leaves a table: its pages marked all-visible, which an index-only scan relies on
    await t.db.pool.query('VACUUM ANALYZE jobs');
    for (const caller of [
      { id: ann.id, role: 'user' as const },
      { id: adminUser.id, role: 'admin' as const },
    ]) {
      for (const { sql, params } of await dashboardStatements(caller)) {
        const client = await t.db.pool.connect();
        try {
          await client.query('BEGIN');
          // a handful of rows would be read by a sequential scan: take that choice away, as a million do
          await client.query('SET LOCAL enable_seqscan = off');
          await client.query('SET LOCAL enable_bitmapscan = off');
          const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(
            `EXPLAIN (FORMAT JSON) ${sql}`,
            params,
          );
          const scans = jobsScans(rows[0]!['QUERY PLAN'][0]!.Plan);
          expect(scans.length, sql).toBeGreaterThan(0);
          expect(new Set(scans), `${caller.role}: ${sql}`).toEqual(new Set(['Index Only Scan']));
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      }
    }
  });
});
