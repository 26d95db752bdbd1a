import path from 'node:path';

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
};

/** `type/subtype` as RFC 9110 writes media types (token characters only). */
const MEDIA_TYPE = /^[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+$/;

/**
 * `image/png; charset=binary` -> `image/png`; empty -> undefined. A declared type is the server's
 * own JSON text: one that is no media type (a NUL in it, which PostgreSQL cannot store, would fail
 * the item's record on every retry) is ignored, so the download's header or the URL types the file.
 */
export function normaliseContentType(value: string | null | undefined): string | undefined {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type && MEDIA_TYPE.test(type) ? type : undefined;
}

/** Output URLs may be relative to the server; only http(s) is fetched. */
export function resolveOutputUrl(raw: string, baseUrl: string): URL | undefined {
  try {
    const url = new URL(raw, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bearer key goes only to the server's own origin: output URLs usually point at a bucket,
 * which must not see the key (and presigned URLs refuse a second kind of auth).
 */
export function sameOrigin(url: URL, baseUrl: string): boolean {
  return url.origin === new URL(baseUrl).origin;
}

function urlExtension(url: URL): string | undefined {
  const extension = path.posix.extname(url.pathname).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(extension) ? extension : undefined;
}

/** The output's declared type wins, then the download's header, then the URL's extension. */
export function outputContentType(declared: string | null | undefined, header: string | null, url: URL): string {
  const known = [declared, header].map(normaliseContentType).find((t) => t && t !== 'application/octet-stream');
  if (known) return known;
  const extension = urlExtension(url);
  const byExtension = Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0];
  return byExtension ?? 'application/octet-stream';
}

/** A name of our own (never the server's, so nothing can escape workDir), typed by extension. */
export function outputFileName(index: number, contentType: string, url: URL): string {
  return `output-${index}${EXTENSIONS[contentType] ?? urlExtension(url) ?? '.bin'}`;
}
