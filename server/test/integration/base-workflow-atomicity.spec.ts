import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installFailingTrigger, type FailingTrigger } from '../support/failing-trigger.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args])
    .toString()
    .trim();

const wrapped = (name: string, prompt = 'override_mood') =>
  JSON.stringify({
    name,
    workflow: { '1': { class_type: 'CLIPTextEncode', inputs: { text: prompt } } },
    configurable_params: { prompt: { type: 'text', node: '1', input: 'text' } },
  });

/**
 * A base workflow change is a git commit plus the sync of JSON workflows in the database: when
 * either side fails, at any step, the repository (files and HEAD) and the database stay as they were.
 */
describe('base workflow commits with their workflow sync, under failures', () => {
  let t: TestApp;
  let adminUser: TestUser;
  let admin: string;
  let repo: string;
  let trigger: FailingTrigger | undefined;

  /** HEAD, the files in the working tree with their content, `git status`, and the synced workflows. */
  const snapshot = async () => ({
    head: git(repo, 'rev-parse', 'HEAD'),
    status: git(repo, 'status', '--porcelain'),
    files: Object.fromEntries(
      readdirSync(repo)
        .filter((n) => n !== '.git')
        .sort()
        .map((n) => [n, readFileSync(path.join(repo, n), 'utf8')]),
    ),
    workflows: (
      await t.db.pool.query(
        `SELECT id, name, source_file, is_hidden, graph FROM workflows WHERE source_file IS NOT NULL ORDER BY id`,
      )
    ).rows,
  });
  const save = (method: 'POST' | 'PUT', url: string, body: object) =>
    t.request<{ error?: string }>(method, url, { token: admin, body });
  const lockIndex = () => writeFileSync(path.join(repo, '.git', 'index.lock'), '');
  const unlockIndex = () => rmSync(path.join(repo, '.git', 'index.lock'), { force: true });

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    repo = path.join(t.dataDir, 'base-workflows');
    adminUser = await t.createUser({ role: 'admin', username: 'ada' });
    admin = await t.login(adminUser);
    expect((await save('POST', '/api/base-workflows', { name: 'Moody', content: wrapped('Moody') })).status).toBe(201);
  });
  afterEach(async () => {
    unlockIndex();
    await trigger?.remove();
    trigger = undefined;
  });
  afterAll(() => t.close());

  it('leaves no file behind when git cannot commit a create, update, rename or delete', async () => {
    const before = await snapshot();
    lockIndex();
    const attempts = [
      () => save('POST', '/api/base-workflows', { name: 'Fresh', content: wrapped('Fresh') }),
      () => save('PUT', '/api/base-workflows/Moody.json', { content: wrapped('Moody', 'override_other') }),
      () => save('PUT', '/api/base-workflows/Moody.json', { content: wrapped('Moody'), newName: 'moody-v2' }),
      () =>
        t.request('DELETE', '/api/base-workflows/Moody.json', {
          token: admin,
          body: { confirmPassword: adminUser.password },
        }),
    ];
    for (const [i, attempt] of attempts.entries()) {
      const res = await attempt();
      expect(res.status, `attempt ${i}`).toBe(500);
      expect(res.body).toEqual({ error: 'Internal server error' });
      expect(await snapshot(), `attempt ${i}`).toEqual(before);
    }
    unlockIndex();
    expect(await snapshot()).toEqual(before);

    // the next change commits only itself, nothing left over from the failed ones
    expect((await save('POST', '/api/base-workflows', { name: 'Next', content: '{}' })).status).toBe(201);
    expect(git(repo, 'show', '--name-only', '--format=', 'HEAD')).toBe('Next.json');
  });

  it('undoes the commit when the workflow sync fails partway', async () => {
    const before = await snapshot();
    trigger = await installFailingTrigger(t.db.pool, { table: 'workflows', on: 'INSERT' });
    const res = await save('POST', '/api/base-workflows', { name: 'Synced', content: wrapped('Synced') });
    expect(res.status).toBe(500);
    expect(await trigger.rowsSeen()).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the earlier commit when a save that changes no file fails in the sync', async () => {
    const content = readFileSync(path.join(repo, 'Moody.json'), 'utf8');
    const before = await snapshot();
    trigger = await installFailingTrigger(t.db.pool, { table: 'workflows', on: 'UPDATE' });
    const res = await save('PUT', '/api/base-workflows/Moody.json', { content });
    expect(res.status).toBe(500);
    expect(await trigger.rowsSeen()).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('undoes the commit when the database transaction fails at COMMIT', async () => {
    const before = await snapshot();
    trigger = await installFailingTrigger(t.db.pool, { table: 'workflows', on: 'INSERT', timing: 'DEFERRED' });
    const res = await save('POST', '/api/base-workflows', { name: 'Late', content: wrapped('Late') });
    expect(res.status).toBe(500);
    expect(await trigger.rowsSeen()).toBe(1);
    expect(await snapshot()).toEqual(before);
  });
});
