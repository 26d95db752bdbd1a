import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Configuration, GalleryFolder, GalleryItem, Job, JobListResponse, Workflow } from '@atelier/shared';
import { createUser } from '../support/factories.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SEED_ENTRY = path.resolve(import.meta.dirname, '../../dist/demo/seed-demo.js');
const PASSWORD = 'demo-password';
const USERNAMES = ['demo_alice', 'demo_bob', 'demo_carol'];
const DAY_MS = 24 * 3600 * 1000;

interface SeedRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runSeed(env: Record<string, string>): Promise<SeedRun> {
  if (!existsSync(SEED_ENTRY)) throw new Error('server/dist/demo/seed-demo.js is missing: run `npm run build` first');
  const child = spawn(process.execPath, [SEED_ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

function filesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** The first bytes of each format the pipeline writes. */
const MAGIC = {
  png: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  webp: (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  webm: (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
};

describe('npm run seed:demo', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let first: SeedRun;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    // the API starts without a catalogue, as on an instance never started: the seed adds it itself
    t = await startTestApp();
    env = {
      DATABASE_URL: t.db.url,
      REDIS_URL: t.redisUrl,
      REDIS_KEY_PREFIX: t.redisKeyPrefix,
      DATA_DIR: t.dataDir,
      JWT_SECRET: t.jwtSecret,
      ADMIN_PASSWORD: 'seed-demo-admin-pw',
      SAMPLE_CATALOGUE: 'true',
      BASE_WORKFLOWS_DIR: mkdtempSync(path.join(os.tmpdir(), 'atelier-demo-workflows-')),
    };
    first = await runSeed(env);
    if (first.code !== 0) throw new Error(`seed:demo failed:\n${first.stdout}\n${first.stderr}`);
    for (const username of USERNAMES) tokens.set(username, await t.login({ username, password: PASSWORD }));
  }, 240_000);
  afterAll(async () => {
    await t.close();
    rmSync(env.BASE_WORKFLOWS_DIR!, { recursive: true, force: true });
  });

  const get = async <T>(username: string, url: string): Promise<T> => {
    const res = await t.request<T>('GET', url, { token: tokens.get(username)! });
    expect(res.status, url).toBe(200);
    return res.body;
  };

  it('prints the accounts, the password and what it added', () => {
    expect(first.stdout).toContain('demo_alice (user), demo_bob (user), demo_carol (admin)');
    expect(first.stdout).toContain(`password "${PASSWORD}"`);
    expect(first.stdout).toMatch(/jobs: +23 \(13 completed, 4 partial_success, 3 failed, 3 cancelled\)/);
    expect(first.stdout).toMatch(/gallery: 323 images, 20 videos \(27 archived\)/);
  });

  it('gives every demo user jobs of each finished status, spread over the last 30 days', async () => {
    for (const username of USERNAMES) {
      const { jobs } = await get<JobListResponse>(username, '/api/jobs?limit=100');
      expect(new Set(jobs.map((j) => j.status)), username).toEqual(
        new Set(['completed', 'partial_success', 'failed', 'cancelled']),
      );
      const ages = jobs.map((j) => Date.now() - Date.parse(j.created_at));
      expect(Math.max(...ages), username).toBeGreaterThan(20 * DAY_MS);
      expect(Math.max(...ages), username).toBeLessThan(30 * DAY_MS);
      expect(Math.min(...ages), username).toBeLessThan(2 * DAY_MS);
      for (const job of jobs.filter((j) => j.status !== 'cancelled')) {
        expect(Date.parse(job.completed_at!)).toBeGreaterThan(Date.parse(job.started_at!));
        expect(Date.parse(job.started_at!)).toBeGreaterThan(Date.parse(job.created_at));
      }
    }
    const { jobs } = await get<JobListResponse>('demo_alice', '/api/jobs?limit=100');
    const policy = jobs.find((j) => j.status === 'failed')!;
    expect(policy.batch_completed).toBe(0);
    expect(policy.rejection_reasons.length).toBe(policy.batch_size);
    const partial = await get<Job>('demo_alice', `/api/jobs/${jobs.find((j) => j.status === 'partial_success')!.id}`);
    expect(partial.rejection_reasons.length).toBeGreaterThan(0);
    expect(partial.parameters).toMatchObject({ override_prompt: expect.any(String) });

    const bobJobs = (await get<JobListResponse>('demo_bob', '/api/jobs?limit=100')).jobs;
    const generationFailed = bobJobs.find((j) => j.status === 'failed')!;
    expect(generationFailed.rejection_reasons).toEqual([]);
    expect(generationFailed.error_message).toBeTruthy();
  });

  it('fills the gallery with images and videos whose files and thumbnails are served', async () => {
    const items = [
      ...(await get<GalleryItem[]>('demo_alice', '/api/gallery?limit=100')),
      ...(await get<GalleryItem[]>('demo_alice', '/api/gallery?limit=100&offset=100')),
    ];
    expect(items.length).toBeGreaterThan(90);
    const video = items.find((i) => i.file_path.split('?')[0]!.endsWith('.webm'))!;
    const image = items.find((i) => i.file_path.split('?')[0]!.endsWith('.png'))!;
    expect(video).toBeDefined();
    for (const [url, type, magic] of [
      [image.file_path, 'image/png', MAGIC.png],
      [image.thumbnail_path!, 'image/webp', MAGIC.webp],
      [video.file_path, 'video/webm', MAGIC.webm],
      [video.thumbnail_path!, 'image/webp', MAGIC.webp],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe(type);
      expect(magic(Buffer.from(await res.arrayBuffer())), url).toBe(true);
    }
    expect(items.some((i) => i.user_tags.length > 2)).toBe(true);
    const archived = await get<{ count: number }>('demo_alice', '/api/gallery/count?status=archived');
    expect(archived.count).toBeGreaterThan(0);
    const dates = items.map((i) => Date.parse(i.created_at));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(20 * DAY_MS);
  });

  it('sets up folders with hotkeys and counts, favourites and saved configurations', async () => {
    const folders = await get<GalleryFolder[]>('demo_alice', '/api/folders');
    expect(folders.map((f) => f.name).sort()).toEqual(['Client review', 'Portfolio', 'Sketchbook', 'Wallpapers']);
    expect(folders.every((f) => f.hotkey && f.image_count > 0)).toBe(true);
    expect(folders.find((f) => f.name === 'Wallpapers')!.video_count).toBeGreaterThan(0);

    const favourites = await get<Workflow[]>('demo_alice', '/api/workflows?favorites=true');
    expect(favourites.map((w) => w.name).sort()).toEqual(['Flux Portrait', 'Text to Image', 'Text to Video']);
    const textToImage = favourites.find((w) => w.name === 'Text to Image')!;
    const saved = await get<Configuration[]>('demo_alice', `/api/workflows/${textToImage.id}/configurations`);
    expect(saved.map((c) => c.config_name)).toEqual(['Dusk oil painting']);

    const bobsWorkflows = await get<Workflow[]>('demo_bob', '/api/workflows');
    expect(bobsWorkflows.map((w) => w.name)).not.toContain('Upscale 4x');
  });

  it('shows the admin a system dashboard with every demo user', async () => {
    const dashboard = await get<{
      view_type: string;
      system_stats: { total_jobs: number };
      active_users: Array<{ username: string }>;
    }>('demo_carol', '/api/analytics/dashboard?period=30days');
    expect(dashboard.view_type).toBe('system');
    expect(dashboard.system_stats.total_jobs).toBe(23);
    expect(dashboard.active_users.map((u) => u.username).sort()).toEqual(USERNAMES);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => ({
      rows: (
        await t.db.pool.query(
          `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM jobs) AS jobs,
                  (SELECT count(*) FROM gallery_items) AS items, (SELECT count(*) FROM folders) AS folders,
                  (SELECT count(*) FROM configurations) AS configurations,
                  (SELECT count(*) FROM workflow_favorites) AS favourites,
                  (SELECT count(*) FROM workflow_permissions) AS permissions,
                  (SELECT max(updated_at) FROM jobs) AS jobs_updated`,
        )
      ).rows[0] as unknown,
      files: filesUnder(path.join(t.dataDir, 'media')),
    });
    const before = await snapshot();
    expect(before.files).toBe(2 * (323 + 20));
    const again = await runSeed(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Demo data is already there');
    expect(await snapshot()).toEqual(before);
  });

  /** A database and DATA_DIR of their own, as a fresh instance that never started. */
  const onFreshInstance = async (run: (db: TestDatabase, env: Record<string, string>) => Promise<void>) => {
    const db = await createTestDatabase(inject('databaseAdminUrl'));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-demo-fresh-'));
    try {
      await run(db, {
        ...env,
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        BASE_WORKFLOWS_DIR: path.join(dataDir, 'base-workflows'),
      });
    } finally {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const demoUsers = async (db: TestDatabase) =>
    (await db.pool.query(`SELECT username, email FROM users WHERE username LIKE 'demo\\_%' ORDER BY username`)).rows;

  it('stops with a message when there is no catalogue to run', async () => {
    await onFreshInstance(async (db, fresh) => {
      const run = await runSeed({ ...fresh, SAMPLE_CATALOGUE: 'false' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Start Atelier once (npm start) before seeding demo data');
      expect(await demoUsers(db)).toEqual([]);
    });
  });

  it('leaves alone a real user who has a demo name, and adds nothing', async () => {
    await onFreshInstance(async (db, fresh) => {
      await createUser(db.pool, { username: 'demo_bob' });
      const run = await runSeed(fresh);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('A user named demo_bob already exists and is not a demo account');
      expect(await demoUsers(db)).toEqual([{ username: 'demo_bob', email: 'demo_bob@example.test' }]);
      expect((await db.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n).toBe(0);
    });
  });
});
