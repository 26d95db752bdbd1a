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
