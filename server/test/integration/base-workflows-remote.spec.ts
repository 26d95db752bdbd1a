import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Workflow } from '@atelier/shared';
import { startTestApp } from '../support/test-app.js';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args])
    .toString()
    .trim();

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function bareRemote(): string {
  const remote = tempDir('atelier-remote-');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  return remote;
}

const subjects = (remote: string) => git(remote, 'log', '--format=%s', 'main').split('\n');

/** One more base workflow saved through the API, answering whether it was pushed. */
async function saveOne(t: Awaited<ReturnType<typeof startTestApp>>, name: string): Promise<boolean> {
  const admin = await t.login(await t.createUser({ role: 'admin' }));
  const res = await t.request<{ pushed: boolean }>('POST', '/api/base-workflows', {
    token: admin,
    body: { name, content: '{"1": {"class_type": "SaveImage", "inputs": {}}}' },
  });
  expect(res.status).toBe(201);
  return res.body.pushed;
}

describe('BASE_WORKFLOWS_REMOTE', () => {
  it('takes the base workflows of a remote that already has them on a first start, not the samples', async () => {
    const remote = bareRemote();
    const work = tempDir('atelier-work-');
    execFileSync('git', ['clone', '--quiet', remote, work]);
    const house = {
      name: 'House Style',
      workflow: { '1': { class_type: 'CLIPTextEncode', inputs: { text: '' } } },
      configurable_params: { prompt: { type: 'text', node: '1', input: 'text' } },
    };
    writeFileSync(path.join(work, 'house.json'), JSON.stringify(house));
    git(work, 'add', '--all');
    git(work, '-c', 'user.name=ops', '-c', 'user.email=ops@example.test', 'commit', '--quiet', '-m', 'Add house style');
    git(work, 'push', '--quiet', 'origin', 'HEAD:main');

    const t = await startTestApp({ SAMPLE_CATALOGUE: 'true', BASE_WORKFLOWS_REMOTE: remote });
    try {
      const admin = await t.login(await t.createUser({ role: 'admin' }));
      const files = await t.request<Array<{ name: string }>>('GET', '/api/base-workflows', { token: admin });
      expect(files.body.map((f) => f.name)).toEqual(['house.json']);
      const workflows = await t.request<Workflow[]>('GET', '/api/workflows?search=house', { token: admin });
      expect(workflows.body).toMatchObject([{ name: 'House Style', workflow_type: 'comfyui' }]);

      expect(await saveOne(t, 'Extra')).toBe(true);
      expect(subjects(remote)).toEqual(['Create Extra.json', 'Add house style']);
    } finally {
      await t.close();
    }
  });

  it('says so when a change could not be pushed, rather than that it will be deployed', async () => {
    const remote = bareRemote();
    const t = await startTestApp({ SAMPLE_CATALOGUE: 'true', BASE_WORKFLOWS_REMOTE: remote });
    try {
      const adminUser = await t.createUser({ role: 'admin' });
      const admin = await t.login(adminUser);
      const save = (body: object) =>
        t.request<{ pushed: boolean; message: string }>('POST', '/api/base-workflows', { token: admin, body });
      const pushed = await save({ name: 'reached', content: '{}' });
      expect(pushed.body).toMatchObject({
        pushed: true,
        message: 'Base workflow created successfully! The change is committed to the repository and will be deployed.',
      });
      // the remote goes away (a moved repository, a revoked token): the commit stays, the push fails
      rmSync(remote, { recursive: true, force: true });
      const notPushed = await save({ name: 'stranded', content: '{}' });
      expect(notPushed.status).toBe(201);
      expect(notPushed.body).toMatchObject({
        pushed: false,
        message:
          'Base workflow created successfully! The change is committed to the repository, but pushing it to the remote failed: it is not deployed until a later change is pushed.',
      });
      const removed = await t.request<{ message: string }>('DELETE', '/api/base-workflows/stranded.json', {
        token: admin,
        body: { confirmPassword: adminUser.password },
      });
      expect(removed.body.message).toBe(
        'Base workflow deleted successfully! The change is committed to the repository, but pushing it to the remote failed: it is not deployed until a later change is pushed.',
      );
    } finally {
      await t.close();
    }
  });

  it('is pushed to when set after the first start, and followed when it changes', async () => {
    const dataDir = tempDir('atelier-data-');
    const first = await startTestApp({ DATA_DIR: dataDir, SAMPLE_CATALOGUE: 'true' });
    expect(await saveOne(first, 'Local')).toBe(false);
    await first.close();

    const remoteA = bareRemote();
    const second = await startTestApp({ DATA_DIR: dataDir, SAMPLE_CATALOGUE: 'true', BASE_WORKFLOWS_REMOTE: remoteA });
    await second.close();
    expect(subjects(remoteA)).toEqual(['Create Local.json', 'Add sample base workflows']);

    const remoteB = bareRemote();
    const third = await startTestApp({ DATA_DIR: dataDir, SAMPLE_CATALOGUE: 'true', BASE_WORKFLOWS_REMOTE: remoteB });
    try {
      expect(subjects(remoteB)).toEqual(['Create Local.json', 'Add sample base workflows']);
      expect(await saveOne(third, 'Later')).toBe(true);
      expect(subjects(remoteB)[0]).toBe('Create Later.json');
      expect(subjects(remoteA)[0]).toBe('Create Local.json');
    } finally {
      await third.close();
    }
  });
});
