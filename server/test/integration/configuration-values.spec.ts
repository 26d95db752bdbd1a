import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '@atelier/shared';
import { createTinyWorkflow } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Answer = Configuration & { error?: string; fields?: Record<string, string> };

/** Saved values are checked as Generate checks them, so loading a configuration never fills in a refused value. */
describe('saved configuration values', () => {
  let t: TestApp;
  let token: string;
  let tiny: number;
  let slug: number;
  let imageToImage: number;

  const save = (workflow_id: number, parameter_values: Record<string, unknown>, config_name = 'Checked') =>
    t.request<Answer>('POST', '/api/configurations', { token, body: { workflow_id, config_name, parameter_values } });
  const stored = async () =>
    (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM configurations')).rows[0]!.n;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    token = await t.login(await t.createUser());
    tiny = await createTinyWorkflow(t);
    const id = async (where: string) =>
      (await t.db.pool.query<{ id: number }>(`SELECT id FROM workflows WHERE ${where}`)).rows[0]!.id;
    slug = await id(`workflow_slug = 'flux-portrait'`);
    imageToImage = await id(`name = 'Image to Image'`);
  });
  afterAll(() => t.close());

  it('refuses a value Generate refuses, with the message beside its field, and stores nothing', async () => {
    const cases: Array<[number, Record<string, unknown>, string, string]> = [
      [tiny, { width: 100 }, 'width', 'Width must be at most 64'],
      [tiny, { width: 20 }, 'width', 'Width must be in steps of 16'],
      [tiny, { seed: 5_000_000_000 }, 'seed', 'Seed must be at most 4294967295'],
      [
        tiny,
        { seed: { mode: 'fixed', seed: 5_000_000_000 } },
        'seed',
        'Seed must be a whole number from 0 to 4294967295',
      ],
      [imageToImage, { image: 3_000_000_000 }, 'image', 'Source image: unknown asset'],
      [slug, { prompt: 'x', steps: 9999 }, 'steps', 'Steps must be at most 150'],
      [slug, { width: 333 }, 'width', 'Width must be one of the listed options'],
      [slug, { prompt: 'x'.repeat(2001) }, 'prompt', 'Prompt must be at most 2000 characters'],
      [slug, { seed: 4_294_967_296 }, 'seed', 'Seed must be at most 4294967295'],
    ];
    for (const [workflow, values, field, message] of cases) {
      const res = await save(workflow, values);
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.body).toEqual({ error: message, fields: { [field]: message } });
    }
    expect(await stored()).toBe(0);
  });

  it('keeps an existing configuration as it was when a bad value is saved under its name', async () => {
    expect((await save(tiny, { width: 32 }, 'Small')).status).toBe(201);
    expect((await save(tiny, { width: 640 }, 'Small')).status).toBe(400);
    const { rows } = await t.db.pool.query(`SELECT parameter_values FROM configurations WHERE config_name = 'Small'`);
    expect(rows).toEqual([{ parameter_values: { width: 32 } }]);
  });

  it('saves a half-filled form: values left out or blank, a required one included, stay as sent', async () => {
    const partial = await save(slug, { prompt: '', steps: null, width: 768, seed: null }, 'Half');
    expect(partial.status).toBe(201);
    expect(partial.body.parameter_values).toEqual({ prompt: '', steps: null, width: 768, seed: null });
    const noImage = await save(imageToImage, { image: null }, 'No image yet');
    expect(noImage.status).toBe(201);
  });
});
