import { createReadStream, type ReadStream } from 'node:fs';
import { once } from 'node:events';
import type { Response } from 'express';
import archiver from 'archiver';
import type { Logger } from 'pino';

export interface ZipEntry {
  /** The real path of the file to send. */
  file: string;
  name: string;
  date: Date;
}

/** Characters no file system or unzip tool takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const NAME_MAX = 80;

/**
 * `<job name>-<item id>.<ext>`: readable, and unique by the id. Letters of any script stay; what
 * a file system would refuse becomes `_`, and a name that would hide the file (leading dots) or be
 * trimmed by Windows (trailing dots and blanks) loses those.
 */
export function zipEntryName(jobName: string, id: number, extension: string): string {
  const base = [...jobName.normalize('NFC').replace(UNSAFE, '_')]
    .slice(0, NAME_MAX)
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const ext = /^\.[A-Za-z0-9]{1,8}$/.test(extension) ? extension.toLowerCase() : '';
  return `${base || 'item'}-${id}${ext}`;
}

export function zipFileName(count: number): string {
  return `atelier-${count}-${count === 1 ? 'item' : 'items'}.zip`;
}

/**
 * Streams the entries into the response as a zip, stored as they are (images and videos are
 * compressed already). One file is open at a time, and a client that goes away closes it: the
 * next file is never opened.
 */
export async function sendZip(res: Response, fileName: string, entries: ZipEntry[], logger: Logger): Promise<void> {
  res.status(200).set({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  // Link checkers and download managers ask with HEAD: Node would throw a zip's body away, so none
  // is built and no file opened; the answer is the GET's status and headers.
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  const zip = archiver('zip', { store: true });
  const stopped = new AbortController();
  let current: ReadStream | null = null;
  const stop = () => {
    if (stopped.signal.aborted) return;
    stopped.abort();
    current?.destroy();
    zip.abort();
    zip.destroy();
  };
  res.on('close', () => {
    if (!res.writableFinished) stop();
  });
  zip.on('error', (err) => {
    logger.warn({ err }, 'gallery download failed mid-stream');
    stop();
    res.destroy(err);
  });
  zip.pipe(res);
  try {
    for (const entry of entries) {
      current = createReadStream(entry.file);
      const added = once(zip, 'entry', { signal: stopped.signal });
      zip.append(current, { name: entry.name, date: entry.date });
      await added;
    }
    current = null;
    await zip.finalize();
  } catch (err) {
    if (!stopped.signal.aborted) throw err;
  }
}
