import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../../media/ffmpeg.js';
import type { ImageScene } from './render-image.js';
import { renderImagePng } from './render-image.js';

export const VIDEO_CONTENT_TYPE = 'video/webm';
export const VIDEO_EXTENSION = 'webm';
export const VIDEO_DURATION_S = 2;
export const VIDEO_FPS = 12;

/**
 * A short clip of the seeded still: the camera pans across an image half again as wide as the
 * frame while the hue turns, so it is visibly a video and still shows the prompt. WebM/VP9 because
 * every Chromium build plays it (H.264 is missing from some open-source builds, e.g. test browsers).
 * Single-threaded libvpx with bitexact muxing gives the same bytes for the same seed, prompt and size.
 */
export async function renderVideo(scene: ImageScene, outputPath: string, signal: AbortSignal): Promise<void> {
  const panWidth = Math.round(scene.width / 4) * 2;
  const still = await renderImagePng({ ...scene, width: scene.width + panWidth });
  // ffmpeg only loops a still that is a real file; it stays beside the output and is removed after
  const stillPath = path.join(path.dirname(outputPath), `.${path.basename(outputPath)}.source.png`);
  await writeFile(stillPath, still);
  try {
    await runFfmpeg(
      [
        ...['-loglevel', 'error', '-y'],
        ...['-loop', '1', '-framerate', String(VIDEO_FPS), '-t', String(VIDEO_DURATION_S), '-i', stillPath],
        ...[
          '-vf',
          `crop=${scene.width}:${scene.height}:x='(iw-ow)*t/${VIDEO_DURATION_S}':y=0,hue=h=t*60,format=yuv420p`,
        ],
        ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-threads', '1'],
        ...['-b:v', '0', '-crf', '36', '-g', String(VIDEO_FPS * VIDEO_DURATION_S), '-an'],
        ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-f', 'webm', outputPath],
      ],
      { signal },
    );
  } finally {
    await rm(stillPath, { force: true });
  }
}
