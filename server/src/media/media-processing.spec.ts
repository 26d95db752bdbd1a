import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from './ffmpeg.js';
import { createThumbnail, probeImage, probeVideo } from './media-processing.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'media-processing-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = (name: string): string => path.join(dir, name);

async function makeImage(
  name: string,
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
): Promise<string> {
  await sharp({ create: { width, height, channels: 3, background: '#3b82f6' } })
    .toFormat(format)
    .toFile(file(name));
  return file(name);
}

/** A synthetic clip from ffmpeg's test source, in the codec and container the arguments name. */
async function makeVideo(name: string, size: string, durationS: number, codecArgs: string[]): Promise<string> {
  const source = `testsrc=size=${size}:rate=12:duration=${durationS}`;
  await runFfmpeg([
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...codecArgs,
    '-pix_fmt',
    'yuv420p',
    file(name),
  ]);
  return file(name);
}

async function thumbnailOf(source: string, contentType: string, name = `${path.basename(source)}.webp`) {
  const thumbPath = file(path.join('thumbs', name));
  const size = await createThumbnail(source, contentType, thumbPath);
  const thumb = await sharp(thumbPath).metadata();
  return { size, thumb: { format: thumb.format, width: thumb.width, height: thumb.height } };
}

describe('image thumbnails', () => {
  it('answers the source size and writes a WebP of at most 320 px, aspect kept', async () => {
    const landscape = await makeImage('landscape.png', 800, 400, 'png');
    expect(await thumbnailOf(landscape, 'image/png')).toEqual({
      size: { width: 800, height: 400 },
      thumb: { format: 'webp', width: 320, height: 160 },
    });
    const portrait = await makeImage('portrait.jpg', 300, 900, 'jpeg');
    expect(await thumbnailOf(portrait, 'image/jpeg')).toEqual({
      size: { width: 300, height: 900 },
      thumb: { format: 'webp', width: 107, height: 320 },
    });
  });

  it('never enlarges a small image and reads WebP sources', async () => {
    const small = await makeImage('small.webp', 100, 50, 'webp');
    expect(await thumbnailOf(small, 'image/webp')).toEqual({
      size: { width: 100, height: 50 },
      thumb: { format: 'webp', width: 100, height: 50 },
    });
  });

  it('applies EXIF orientation to both the size and the thumbnail', async () => {
    await sharp({ create: { width: 400, height: 200, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(file('rotated.jpg'));
    expect(await thumbnailOf(file('rotated.jpg'), 'image/jpeg')).toEqual({
      size: { width: 200, height: 400 },
      thumb: { format: 'webp', width: 160, height: 320 },
    });
  });

  it('uses the first frame of an animated GIF', async () => {
    await makeVideo('animated.gif', '640x320', 0.5, []);
    expect((await sharp(file('animated.gif'), { pages: -1 }).metadata()).pages).toBeGreaterThan(1);
    expect(await thumbnailOf(file('animated.gif'), 'image/gif')).toEqual({
      size: { width: 640, height: 320 },
      thumb: { format: 'webp', width: 320, height: 160 },
    });
  });
});

describe('video posters', () => {
  it('makes a WebP poster from a frame of a WebM and answers the video size', async () => {
    const webm = await makeVideo('clip.webm', '480x270', 2, [
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
    ]);
    expect(await thumbnailOf(webm, 'video/webm')).toEqual({
      size: { width: 480, height: 270 },
      thumb: { format: 'webp', width: 320, height: 180 },
    });
  });

  it('recognises a video by its extension when the type is generic, and reads H.264 MP4', async () => {
    const mp4 = await makeVideo('clip.mp4', '1280x720', 1, [
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-movflags',
      '+faststart',
    ]);
    expect(await thumbnailOf(mp4, 'application/octet-stream')).toEqual({
      size: { width: 1280, height: 720 },
      thumb: { format: 'webp', width: 320, height: 180 },
    });
    expect(await probeVideo(mp4)).toMatchObject({ codec: 'h264', width: 1280, height: 720, durationS: 1 });
  });

  it('falls back to the first frame of a clip shorter than the poster offset', async () => {
    const short = await makeVideo('short.webm', '200x100', 0.25, ['-c:v', 'libvpx', '-deadline', 'realtime']);
    expect(await thumbnailOf(short, 'video/webm')).toEqual({
      size: { width: 200, height: 100 },
      thumb: { format: 'webp', width: 200, height: 100 },
    });
  });
});

describe('corrupt input', () => {
  it('throws a clear error and writes no thumbnail for a corrupt image', async () => {
    await writeFile(file('corrupt.png'), Buffer.from('this is not a png at all'));
    await expect(createThumbnail(file('corrupt.png'), 'image/png', file('thumbs/corrupt.webp'))).rejects.toThrow(
      /^Cannot make a thumbnail of .*corrupt\.png: /,
    );
    await expect(stat(file('thumbs/corrupt.webp'))).rejects.toThrow(/ENOENT/);
  });

  it('throws a clear error for a truncated video', async () => {
    const webm = await makeVideo('whole.webm', '160x120', 1, ['-c:v', 'libvpx', '-deadline', 'realtime']);
    await writeFile(file('truncated.webm'), (await readFile(webm)).subarray(0, 400));
    await expect(createThumbnail(file('truncated.webm'), 'video/webm', file('thumbs/truncated.webp'))).rejects.toThrow(
      /^Cannot make a thumbnail of .*truncated\.webm: /,
    );
    await expect(probeVideo(file('truncated.webm'))).rejects.toThrow();
  });

  it('probeImage refuses bytes that are not an image', async () => {
    await expect(probeImage(Buffer.from('nope'))).rejects.toThrow();
  });
});
