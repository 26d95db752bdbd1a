import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../common/runtime.js';
import { MediaStore } from './media-store.js';

let root: string;
let store: MediaStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atelier-media-store-'));
  store = new MediaStore({ config: { mediaDir: path.join(root, 'media') } } as unknown as Runtime);
});

afterEach(() => rm(root, { recursive: true, force: true }));

/** A provider's output in its work dir; the bytes are no real media, so no thumbnail is made. */
async function produced(name: string, contentType: string) {
  const file = path.join(root, name);
  await writeFile(file, `bytes of ${name}`);
  return { path: file, contentType };
}

describe('MediaStore', () => {
  it('names a file by its content type, moves it into media storage and counts a video by that name', async () => {
    const [avi, png] = await store.store(7, 42, 3, [
      await produced('out', 'video/x-msvideo'),
      await produced('frame', 'image/png; charset=binary'),
    ]);
    expect(avi).toMatchObject({ filePath: '7/42/3_0.avi', mediaType: 'video', thumbnailPath: null });
    expect(png).toMatchObject({ filePath: '7/42/3_1.png', mediaType: 'image', outputIndex: 1 });
    expect(await readFile(path.join(root, 'media', '7', '42', '3_0.avi'), 'utf8')).toBe('bytes of out');
    expect(existsSync(path.join(root, 'out'))).toBe(false);
  });

  it("knows a video by the SPEC's extensions only, as the client draws it, whatever its content type", async () => {
    const [ogv, m4v] = await store.store(7, 42, 0, [
      await produced('clip.ogv', 'video/ogg'),
      await produced('clip.m4v', 'application/octet-stream'),
    ]);
    expect(ogv).toMatchObject({ filePath: '7/42/0_0.ogv', mediaType: 'image' });
    expect(m4v).toMatchObject({ filePath: '7/42/0_1.m4v', mediaType: 'video' });
  });
});
