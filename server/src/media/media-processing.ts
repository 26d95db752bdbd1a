import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { isVideoPath } from '@atelier/shared';
import { runFfmpeg } from './ffmpeg.js';

/** Longest side of a thumbnail or video poster, in pixels. */
export const THUMBNAIL_MAX_SIZE = 320;
/** Far enough into a clip to skip a black or faded-in first frame. */
const POSTER_OFFSET_S = 0.5;

export interface MediaSize {
  width: number;
  height: number;
}

export interface VideoProbe extends MediaSize {
  /** ffmpeg's demuxer names, e.g. `matroska,webm` or `mov,mp4,m4a,3gp,3g2,mj2`. */
  container: string;
  /** e.g. `vp9`, `h264`. */
  codec: string;
  durationS: number;
}

export function isVideo(filePath: string, contentType: string): boolean {
  return contentType.toLowerCase().startsWith('video/') || isVideoPath(filePath);
}

/**
 * Writes a WebP thumbnail (at most 320 px on the long side, aspect kept, never enlarged) of an
 * image or, for a video, of a frame of it (the poster), and answers the SOURCE's display size.
 * A corrupt or unreadable file throws an Error naming it; what to do then is the caller's call.
 */
export async function createThumbnail(sourcePath: string, contentType: string, thumbPath: string): Promise<MediaSize> {
  try {
    const still = isVideo(sourcePath, contentType) ? await extractPosterFrame(sourcePath) : sourcePath;
    const size = await probeImage(still);
    const thumbnail = await sharp(still)
      .autoOrient()
      .resize(THUMBNAIL_MAX_SIZE, THUMBNAIL_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await writeAtomically(thumbPath, thumbnail);
    return size;
  } catch (error) {
    throw new Error(`Cannot make a thumbnail of ${sourcePath}: ${errorMessage(error)}`, { cause: error });
  }
}

/** Display size (EXIF orientation applied) of an image file or buffer; the first frame of animations. */
export async function probeImage(input: string | Buffer): Promise<MediaSize> {
  const metadata = await sharp(input).metadata();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new Error('the image has no dimensions');
  return { width, height };
}

/**
 * One frame of a video as PNG bytes: at 0.5 s, or the first frame when the clip is shorter
 * (seeking past the end makes ffmpeg succeed with no output rather than fail).
 */
export async function extractPosterFrame(videoPath: string): Promise<Buffer> {
  const frameAt = async (offsetS: number): Promise<Buffer> => {
    const seek = offsetS > 0 ? ['-ss', String(offsetS)] : [];
    const args = [...seek, '-i', videoPath, '-map', '0:v:0', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png'];
    const { stdout } = await runFfmpeg(['-loglevel', 'error', ...args, 'pipe:1']);
    return stdout;
  };
  const poster = await frameAt(POSTER_OFFSET_S);
  if (poster.length > 0) return poster;
  const first = await frameAt(0);
  if (first.length === 0) throw new Error('the video has no decodable frame');
  return first;
}

/** Container, codec, size and duration of a video, read from what ffmpeg prints while decoding one frame. */
export async function probeVideo(videoPath: string): Promise<VideoProbe> {
  const { stderr } = await runFfmpeg(['-i', videoPath, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-']);
  const container = /Input #0, (.+?), from /.exec(stderr)?.[1];
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const stream = /Stream #0:\d+.*?: Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!container || !duration || !stream) throw new Error(`Cannot read the video details of ${videoPath}`);
  const [, hours, minutes, seconds] = duration;
  return {
    container,
    codec: stream[1]!,
    width: Number(stream[2]),
    height: Number(stream[3]),
    durationS: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds),
  };
}

/** Written under a temporary name and renamed, so a reader never sees half a thumbnail. */
async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
