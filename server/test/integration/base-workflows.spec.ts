import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args])
    .toString()
    .trim();

const wrapped = (name: string) =>
  JSON.stringify({
    name,
    workflow: { '1': { class_type: 'CLIPTextEncode', inputs: { text: 'override_mood' } } },
    configurable_params: { prompt: { type: 'text', node: '1', input: 'text' } },
  });

describe('base workflows in git', () => {
  let t: TestApp;
  let adminUser: TestUser;
  let admin: string;
  let remote: string;
  let repo: string;

  beforeAll(async () => {
    remote = mkdtempSync(path.join(os.tmpdir(), 'atelier-remote-'));
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true', BASE_WORKFLOWS_REMOTE: remote });
    repo = path.join(t.dataDir, 'base-workflows');
    adminUser = await t.createUser({ role: 'admin', username: 'ada' });
    admin = await t.login(adminUser);
  });
  afterAll(async () => {
    await t.close();
    rmSync(remote, { recursive: true, force: true });
  });

  /** A slug workflow run on the external server from the base workflow `slug` (SPEC section 7's body). */
  const slugWorkflowRunning = (name: string, slug: string) =>
    t.request<{ id: number }>('POST', '/api/workflows', { token: admin, body: { name, workflow_slug: slug } });

  it('lists the sample files with size in bytes and the git blob sha', async () => {
    const res = await t.request<Array<{ name: string; size: number; sha: string }>>('GET', '/api/base-workflows', {
      token: admin,
    });
    expect(res.body.map((f) => f.name)).toEqual([
      'flux-portrait.json',
      'image-to-image.json',
      'sdxl-landscape.json',
      'text-to-image.json',
      'text-to-video.json',
      'upscale.json',
      'video-loop.json',
    ]);
    const tracked = git(repo, 'ls-files', '-s', 'upscale.json').split(/\s+/)[1];
    expect(res.body.find((f) => f.name === 'upscale.json')!.sha).toBe(tracked);
    expect(git(remote, 'log', '--format=%s', 'main')).toBe('Add sample base workflows');
  });

  it('reads a file as parsed content, raw text and the override keys it uses', async () => {
    const res = await t.request<{ content: unknown; raw_content: string; override_keys: string[] }>(
      'GET',
      '/api/base-workflows/video-loop.json',
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.raw_content)).toEqual(res.body.content);
    expect(res.body.override_keys).toEqual([
      'override_fps',
      'override_frames',
      'override_prompt',
      'override_seed',
      'override_steps',
    ]);
    expect((await t.request('GET', '/api/base-workflows/none.json', { token: admin })).status).toBe(404);
  });

  it('creates a file as one commit by the acting admin, pushes it, and syncs a wrapped file into a JSON workflow', async () => {
    const before = Number(git(repo, 'rev-list', '--count', 'HEAD'));
    const res = await t.request<{ name: string; pushed: boolean; message: string }>('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'Moody', content: wrapped('Moody Scenes') },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Moody.json', pushed: true });
    expect(res.body.message).toMatch(/^Base workflow created successfully!.*committed.*deploy/);
    expect(Number(git(repo, 'rev-list', '--count', 'HEAD'))).toBe(before + 1);
    expect(git(repo, 'log', '-1', '--format=%an <%ae>|%s')).toBe(
      `ada <${adminUser.username}@example.test>|Create Moody.json`,
    );
    expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('Create Moody.json');
    const workflows = (await t.request<Workflow[]>('GET', '/api/workflows?search=moody', { token: admin })).body;
    expect(workflows).toMatchObject([{ name: 'Moody Scenes', workflow_type: 'comfyui' }]);
    expect(
      (await t.request('POST', '/api/base-workflows', { token: admin, body: { name: 'Moody.json', content: '{}' } }))
        .status,
    ).toBe(409);
    // one file on a checkout that ignores case, where the generation server may deploy from
    const otherCase = await t.request('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'MOODY', content: '{}' },
    });
    expect(otherCase.status).toBe(409);
    expect(otherCase.body).toEqual({ error: 'A base workflow named Moody.json already exists' });
  });

  it('commits for an admin whose username git cannot take as a name', async () => {
    const angled = await t.createUser({ role: 'admin', username: '<>' });
    const res = await t.request('POST', '/api/base-workflows', {
      token: await t.login(angled),
      body: { name: 'Angled', content: '{"a":1}' },
    });
    expect(res.status).toBe(201);
    expect(git(repo, 'log', '-1', '--format=%an|%s')).toBe(`user-${angled.id}|Create Angled.json`);
  });

  it('refuses parameters nobody could submit, naming the parameter, and writes nothing', async () => {
    const commits = git(repo, 'rev-list', '--count', 'HEAD');
    const withParam = (param: object) =>
      JSON.stringify({ workflow: { '1': { inputs: {} } }, configurable_params: { steps: param } });
    const cases: Array<[object, string]> = [
      [{ type: 'number', min: 50, max: 10 }, 'Parameter steps: min is above max'],
      [{ type: 'number', step: 0 }, 'Parameter steps: step must be above 0'],
      [{ type: 'select', options: [] }, 'Parameter steps: a select needs at least one option'],
      [{ type: 'number', min: 1, max: 10, default_value: 99 }, 'Parameter steps: the default value must be at most 10'],
      [
        { type: 'select', options: ['a'], default_value: 'b' },
        'Parameter steps: the default value must be one of the listed options',
      ],
    ];
    for (const [param, message] of cases) {
      const res = await t.request<{ error?: string }>('POST', '/api/base-workflows', {
        token: admin,
        body: { name: 'Unusable', content: withParam(param) },
      });
      expect([res.status, res.body.error], JSON.stringify(param)).toEqual([400, message]);
    }
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe(commits);
  });

  it('names the JSON workflow of a file written with combining accents composed, so a search finds it', async () => {
    const name = 'Cr\u00e8me br\u00fbl\u00e9e';
    const res = await t.request('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'Creme', content: wrapped(name.normalize('NFD')) },
    });
    expect(res.status).toBe(201);
    const found = await t.request<Workflow[]>(
      'GET',
      `/api/workflows?search=${encodeURIComponent('br\u00fbl\u00e9e')}`,
      {
        token: admin,
      },
    );
    expect(found.body.map((w) => w.name)).toEqual([name]);
  });

  it('reads a parameter type it does not know as text, SPEC section 3 having text by default', async () => {
    const content = JSON.stringify({
      name: 'Foreign Prompts',
      workflow: { '1': { class_type: 'CLIPTextEncode', inputs: { text: '' } } },
      configurable_params: { prompt: { type: 'textarea', display_name: 'Prompt', node: '1', input: 'text' } },
    });
    const res = await t.request('POST', '/api/base-workflows', { token: admin, body: { name: 'Foreign', content } });
    expect(res.status).toBe(201);
    const [listed] = (await t.request<Workflow[]>('GET', '/api/workflows?search=foreign', { token: admin })).body;
    const detail = await t.request<Workflow>('GET', `/api/workflows/${listed!.id}`, { token: admin });
    expect(detail.body.configurable_params).toEqual({
      prompt: { type: 'text', display_name: 'Prompt', node: '1', input: 'text' },
    });
    // the file keeps what the admin wrote
    const file = await t.request<{ raw_content: string }>('GET', '/api/base-workflows/Foreign.json', { token: admin });
    expect(file.body.raw_content).toContain('"textarea"');
  });

  it('refuses content with configurable_params that is not the wrapped form, saying what is wrong', async () => {
    const commits = git(repo, 'rev-list', '--count', 'HEAD');
    const graph = { '1': { inputs: {} } };
    const cases: Array<[object, string]> = [
      [
        { workflow: graph, configurable_params: { steps: { type: 'number', min: '1' } } },
        'Parameter steps, min: expected number, received string',
      ],
      [
        { workflow: graph, configurable_params: { steps: 'a number' } },
        'Parameter steps: expected object, received string',
      ],
      [{ workflow: graph, configurable_params: [] }, 'configurable_params: expected object, received array'],
      [{ configurable_params: {} }, 'workflow: expected object, received undefined'],
    ];
    for (const [content, message] of cases) {
      for (const sent of [JSON.stringify(content), content]) {
        const res = await t.request<{ error?: string }>('POST', '/api/base-workflows', {
          token: admin,
          body: { name: 'Half Wrapped', content: sent },
        });
        expect([res.status, res.body.error], JSON.stringify(sent)).toEqual([400, message]);
      }
    }
    const update = await t.request<{ error?: string }>('PUT', '/api/base-workflows/upscale.json', {
      token: admin,
      body: { content: JSON.stringify(cases[0]![0]) },
    });
    expect([update.status, update.body.error]).toEqual([400, cases[0]![1]]);
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe(commits);
    expect(existsSync(path.join(repo, 'Half Wrapped.json'))).toBe(false);
  });

  it('refuses JSON that does not parse, with the parser message', async () => {
    const res = await t.request<{ error: string }>('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'broken', content: '{"a": ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid JSON: /);
    expect(
      (
        await t.request<{ error: string }>('POST', '/api/base-workflows', {
          token: admin,
          body: { name: '', content: '{}' },
        })
      ).body.error,
    ).toBe('Workflow name is required');
    expect(existsSync(path.join(repo, 'broken.json'))).toBe(false);
  });

  it('refuses names that could escape the repository, writing nothing anywhere', async () => {
    const outside = path.dirname(repo);
    const beforeOutside = readdirSync(outside).sort();
    const beforeRepo = readdirSync(repo).sort();
    const commits = git(repo, 'rev-list', '--count', 'HEAD');
    for (const name of [
      '../x',
      'a/b',
      '/etc/passwd',
      'x\0y',
      '.git/config',
      'x'.repeat(300),
      '..',
      '.hidden',
      'a\\b',
    ]) {
      const res = await t.request<{ error: string }>('POST', '/api/base-workflows', {
        token: admin,
        body: { name, content: '{}' },
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      // a NUL is refused before any route runs (SafeInputPipe), in the same words everywhere
      expect(res.body.error).toMatch(/^Invalid workflow name|^name contains a NUL character$/);
    }
    for (const name of ['..%2Fx.json', '%2Fetc%2Fpasswd.json', '.git%2Fconfig']) {
      expect(
        (await t.request('PUT', `/api/base-workflows/${name}`, { token: admin, body: { content: '{}' } })).status,
        name,
      ).toBe(400);
      expect((await t.request('GET', `/api/base-workflows/${name}`, { token: admin })).status, name).toBe(400);
    }
    expect(readdirSync(outside).sort()).toEqual(beforeOutside);
    expect(readdirSync(repo).sort()).toEqual(beforeRepo);
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe(commits);
  });

  it("commits only the admin's own file when others in the repository were changed by hand", async () => {
    for (const name of ['by-hand-removed', 'by-hand-edited']) {
      await t.request('POST', '/api/base-workflows', { token: admin, body: { name, content: { kept: name } } });
    }
    // someone with a shell on the server: a file removed, one edited, one dropped in, none committed
    rmSync(path.join(repo, 'by-hand-removed.json'));
    writeFileSync(path.join(repo, 'by-hand-edited.json'), '{"edited": "by hand"}\n');
    writeFileSync(path.join(repo, 'by-hand-added.json'), '{}\n');

    const created = await t.request('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'made-here', content: { made: 'here' } },
    });
    expect(created.status).toBe(201);
    // the commit is what the admin did, and is deployed: it must not delete or change other files
    expect(git(repo, 'show', '--name-status', '--format=%s', 'HEAD').split('\n')).toEqual([
      'Create made-here.json',
      '',
      'A\tmade-here.json',
    ]);
    expect(git(repo, 'show', 'HEAD:by-hand-removed.json')).toContain('by-hand-removed');
    expect(git(repo, 'show', 'HEAD:by-hand-edited.json')).toContain('by-hand-edited');
    const renamed = await t.request('PUT', '/api/base-workflows/made-here.json', {
      token: admin,
      body: { content: { made: 'here' }, newName: 'made-here-2' },
    });
    expect(renamed.status).toBe(200);
    expect(git(repo, 'show', '--name-status', '--format=%s', 'HEAD').split('\n')).toEqual([
      'Rename made-here.json to made-here-2.json',
      '',
      'R100\tmade-here.json\tmade-here-2.json',
    ]);
    // a save that changes nothing of its own file makes no commit of the others' changes either
    const head = git(repo, 'rev-parse', 'HEAD');
    const unchanged = await t.request('PUT', '/api/base-workflows/made-here-2.json', {
      token: admin,
      body: { content: { made: 'here' } },
    });
    expect(unchanged.status).toBe(200);
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(head);
    rmSync(path.join(repo, 'by-hand-added.json'));
    git(repo, 'checkout', '--', 'by-hand-removed.json', 'by-hand-edited.json');
  });

  it('opens, saves, renames and deletes a listed file whose name the app would not give, as cloned from the remote', async () => {
    // made outside the app, in the repository the generation server deploys from
    for (const name of ['Portrait (old).json', 'Loud.JSON'])
      writeFileSync(path.join(repo, name), '{"from": "remote"}\n');
    git(repo, 'add', '--all');
    git(repo, '-c', 'user.name=someone', '-c', 'user.email=someone@example.test', 'commit', '-qm', 'By hand');
    const listed = (await t.request<Array<{ name: string }>>('GET', '/api/base-workflows', { token: admin })).body;
    expect(listed.map((f) => f.name)).toEqual(expect.arrayContaining(['Portrait (old).json', 'Loud.JSON']));

    const odd = `/api/base-workflows/${encodeURIComponent('Portrait (old).json')}`;
    const read = await t.request<{ content: unknown }>('GET', odd, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.content).toEqual({ from: 'remote' });
    const saved = await t.request('PUT', odd, { token: admin, body: { content: { from: 'here' } } });
    expect(saved.status).toBe(200);
    expect(git(repo, 'show', 'HEAD:Portrait (old).json')).toContain('"here"');
    const renamed = await t.request<{ name: string }>('PUT', odd, {
      token: admin,
      body: { content: { from: 'here' }, newName: 'portrait-old' },
    });
    expect(renamed.body.name).toBe('portrait-old.json');
    // a new name still follows the rules
    const loud = '/api/base-workflows/Loud.JSON';
    expect((await t.request<{ content: unknown }>('GET', loud, { token: admin })).body.content).toEqual({
      from: 'remote',
    });
    expect(
      (await t.request('PUT', loud, { token: admin, body: { content: '{}', newName: 'Loud (new)' } })).status,
    ).toBe(400);
    const removed = await t.request('DELETE', loud, { token: admin, body: { confirmPassword: adminUser.password } });
    expect(removed.status).toBe(200);
    expect(existsSync(path.join(repo, 'Loud.JSON'))).toBe(false);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('Delete Loud.JSON');
    // a name that is not a listed file is read by the rules, as before
    expect(
      (await t.request('GET', `/api/base-workflows/${encodeURIComponent('Missing (x).json')}`, { token: admin }))
        .status,
    ).toBe(400);
  });

  it('updates and renames in one commit each, keeping the synced workflow and its id', async () => {
    const [before] = (await t.request<Workflow[]>('GET', '/api/workflows?search=moody', { token: admin })).body;
    const slugVersion = await slugWorkflowRunning('Moody on the server', 'Moody');
    const update = await t.request<{ message: string }>('PUT', '/api/base-workflows/Moody.json', {
      token: admin,
      body: { content: wrapped('ignored after creation') },
    });
    expect(update.body.message).toMatch(/^Base workflow updated successfully!/);
    const rename = await t.request<{ name: string; message: string }>('PUT', '/api/base-workflows/Moody.json', {
      token: admin,
      body: { content: wrapped('x'), newName: 'moody-v2' },
    });
    expect(rename.body).toMatchObject({ name: 'moody-v2.json' });
    expect(rename.body.message).toMatch(/^Base workflow renamed successfully!/);
    expect(git(repo, 'log', '-2', '--format=%s').split('\n')).toEqual([
      'Rename Moody.json to moody-v2.json',
      'Update Moody.json',
    ]);
    const after = (await t.request<Workflow[]>('GET', '/api/workflows?search=moody', { token: admin })).body.find(
      (w) => w.id === before!.id,
    );
    expect(after).toMatchObject({ id: before!.id, name: 'Moody Scenes' });
    // the slug workflow runs the renamed file, which is then not listed as lacking a slug version
    const slugAfter = await t.request<Workflow>('GET', `/api/workflows/${slugVersion.body.id}`, { token: admin });
    expect(slugAfter.body.workflow_slug).toBe('moody-v2');
    const missing = await t.request<{ missing_base_workflows: string[] }>('GET', '/api/workflows/missing-slugs', {
      token: admin,
    });
    expect(missing.body.missing_base_workflows).not.toContain('moody-v2');
    expect((await t.request('DELETE', `/api/workflows/${slugVersion.body.id}`, { token: admin })).status).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/base-workflows/moody-v2.json', {
          token: admin,
          body: { content: '{}', newName: 'upscale' },
        })
      ).status,
    ).toBe(409);
    const otherCase = await t.request('PUT', '/api/base-workflows/moody-v2.json', {
      token: admin,
      body: { content: '{}', newName: 'Upscale' },
    });
    expect(otherCase.body).toEqual({ error: 'A base workflow named upscale.json already exists' });
  });

  it("refuses a save made on a version another admin has changed since, keeping that admin's change", async () => {
    const created = await t.request<{ sha: string }>('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'shared-edit', content: { from: 'start' } },
    });
    const opened = (await t.request<{ sha: string }>('GET', '/api/base-workflows/shared-edit.json', { token: admin }))
      .body.sha;
    expect(opened).toBe(created.body.sha);
    const other = await t.login(await t.createUser({ role: 'admin' }));
    const first = await t.request<{ sha: string }>('PUT', '/api/base-workflows/shared-edit.json', {
      token: other,
      body: { content: { from: 'other admin' }, baseSha: opened },
    });
    expect(first.status).toBe(200);
    const headBefore = git(repo, 'rev-parse', 'HEAD');

    for (const newName of [undefined, 'shared-edit-renamed']) {
      const stale = await t.request('PUT', '/api/base-workflows/shared-edit.json', {
        token: admin,
        body: { content: { from: 'ada' }, baseSha: opened, ...(newName ? { newName } : {}) },
      });
      expect(stale.status).toBe(409);
      const stalePart =
        'shared-edit.json was changed by someone else since you opened it; reopen it to see that change before saving yours';
      // the field names what was stale: the client tells this 409 from a name taken
      expect(stale.body).toEqual({ error: stalePart, fields: { baseSha: stalePart } });
    }
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(headBefore);
    const now = await t.request<{ content: unknown }>('GET', '/api/base-workflows/shared-edit.json', { token: admin });
    expect(now.body.content).toEqual({ from: 'other admin' });
    // read again, the save goes through; without baseSha a caller saves as before
    const fresh = await t.request('PUT', '/api/base-workflows/shared-edit.json', {
      token: admin,
      body: { content: { from: 'ada' }, baseSha: first.body.sha },
    });
    expect(fresh.status).toBe(200);
    expect(
      (await t.request('PUT', '/api/base-workflows/shared-edit.json', { token: admin, body: { content: {} } })).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/base-workflows/shared-edit.json', {
          token: admin,
          body: { content: {}, baseSha: 7 },
        })
      ).body,
    ).toEqual({ error: 'baseSha must be the sha the file was read with' });
  });

  it('refuses to delete a base workflow that slug workflows run, naming them', async () => {
    const slug = await slugWorkflowRunning('Upscale on the server', 'upscale');
    const commits = git(repo, 'rev-list', '--count', 'HEAD');
    const refused = await t.request('DELETE', '/api/base-workflows/upscale.json', {
      token: admin,
      body: { confirmPassword: adminUser.password },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error:
        'upscale.json is run by the slug workflows Upscale on the server: delete them or point them at another base workflow first',
    });
    expect(existsSync(path.join(repo, 'upscale.json'))).toBe(true);
    expect(git(repo, 'rev-list', '--count', 'HEAD')).toBe(commits);
    expect((await t.request('DELETE', `/api/workflows/${slug.body.id}`, { token: admin })).status).toBe(200);
  });

  it('deletes with the acting admin password, hiding the synced workflow', async () => {
    const noPassword = await t.request('DELETE', '/api/base-workflows/moody-v2.json', { token: admin, body: {} });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({ error: 'Please enter the delete confirmation password' });
    const wrong = await t.request('DELETE', '/api/base-workflows/moody-v2.json', {
      token: admin,
      body: { confirmPassword: 'nope' },
    });
    expect(wrong.status).toBe(403);
    expect(existsSync(path.join(repo, 'moody-v2.json'))).toBe(true);

    const ok = await t.request<{ message: string }>('DELETE', '/api/base-workflows/moody-v2.json', {
      token: admin,
      body: { confirmPassword: adminUser.password },
    });
    expect(ok.body.message).toBe('Base workflow deleted successfully!');
    expect(existsSync(path.join(repo, 'moody-v2.json'))).toBe(false);
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('Delete moody-v2.json');
    expect((await t.request<Workflow[]>('GET', '/api/workflows?search=moody', { token: admin })).body).toEqual([]);
  });

  it("keeps the workflow a rename moves when the new name was a deleted file's, rather than bring that one back", async () => {
    const listed = async () =>
      (await t.request<Workflow[]>('GET', '/api/workflows?search=Sketchbook', { token: admin })).body.map(
        (w): [number, string] => [w.id, w.name],
      );
    await t.request('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'sketch-v1', content: wrapped('Sketchbook Then') },
    });
    const thenId = (await listed())[0]![0];
    await t.request('DELETE', '/api/base-workflows/sketch-v1.json', {
      token: admin,
      body: { confirmPassword: adminUser.password },
    });
    await t.request('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'sketch', content: wrapped('Sketchbook Now') },
    });
    const [current] = await listed();
    expect(current).toEqual([expect.any(Number), 'Sketchbook Now']);
    const favourite = await t.request('POST', `/api/workflows/${current![0]}/favorite`, { token: admin });
    expect(favourite.body).toEqual({ is_favorite: true });

    const renamed = await t.request('PUT', '/api/base-workflows/sketch.json', {
      token: admin,
      body: { content: wrapped('Sketchbook Now'), newName: 'sketch-v1' },
    });
    expect(renamed.status).toBe(200);
    // the workflow users know (its id, name, favourites) follows its file; the deleted one stays gone
    expect(await listed()).toEqual([current]);
    expect(current![0]).not.toBe(thenId);
    const detail = await t.request<Workflow>('GET', `/api/workflows/${current![0]}`, { token: admin });
    expect(detail.body).toMatchObject({ name: 'Sketchbook Now', is_favorite: true });
    expect((await t.request('GET', `/api/workflows/${thenId}`, { token: admin })).status).toBe(404);
  });

  it('refuses editor text the database or a reader cannot take, as it refuses such content sent as an object', async () => {
    const create = (name: string, content: string) =>
      t.request<{ error: string }>('POST', '/api/base-workflows', { token: admin, body: { name, content } });
    const graph = (inputs: string) =>
      `{"workflow": {"1": {"class_type": "X", "inputs": ${inputs}}}, "configurable_params": {}}`;
    const refusals: Array<[string, RegExp]> = [
      [
        `{"a": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
        /^Invalid JSON: content\.a(\.0)+ is nested more than 32 levels deep$/,
      ],
      [graph('{"text": "a\\u0000b"}'), /^Invalid JSON: content\.workflow\.1\.inputs\.text contains a NUL character$/],
      [
        graph('{"text": "\\ud800"}'),
        /^Invalid JSON: content\.workflow\.1\.inputs\.text contains text that is not valid Unicode$/,
      ],
      [
        graph('{"seed": 1e999}'),
        /^Invalid JSON: content\.workflow\.1\.inputs\.seed holds a number too large to store$/,
      ],
    ];
    for (const [content, message] of refusals) {
      const res = await create('unstorable', content);
      expect(res.status, content.slice(0, 60)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(existsSync(path.join(repo, 'unstorable.json'))).toBe(false);

    // such files made outside the app: shown as text, and no other save or listing fails on them
    writeFileSync(path.join(repo, 'deep-by-hand.json'), `{"a": ${'['.repeat(5000)}${']'.repeat(5000)}}\n`);
    writeFileSync(path.join(repo, 'nul-by-hand.json'), `${graph('{"text": "a\\u0000b"}')}\n`);
    git(repo, 'add', '--all');
    git(repo, '-c', 'user.name=someone', '-c', 'user.email=someone@example.test', 'commit', '-qm', 'By hand');
    const read = await t.request<{ content: unknown; raw_content: string }>(
      'GET',
      '/api/base-workflows/deep-by-hand.json',
      {
        token: admin,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.content).toBeNull();
    expect(read.body.raw_content).toMatch(/^\{"a": \[\[/);
    expect((await t.request('GET', '/api/override-definitions/missing-keys', { token: admin })).status).toBe(200);
    expect((await create('after-by-hand', graph('{"text": "override_mood"}'))).status).toBe(201);
    for (const name of ['deep-by-hand.json', 'nul-by-hand.json']) rmSync(path.join(repo, name));
    git(repo, 'add', '--all');
    git(repo, '-c', 'user.name=someone', '-c', 'user.email=someone@example.test', 'commit', '-qm', 'By hand');
  });

  it('is for admins only', async () => {
    const user = await t.login(await t.createUser());
    expect((await t.request('GET', '/api/base-workflows', { token: user })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/base-workflows', { token: user, body: { name: 'x', content: '{}' } })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/base-workflows')).status).toBe(401);
  });
});
