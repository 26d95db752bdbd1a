import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME, type Runtime } from '../common/runtime.js';

/** How long a signed URL stays valid at least. */
export const MEDIA_URL_TTL_S = 24 * 3600;
/** Expiries are rounded up to this, so a URL stays the same for an hour and the browser cache hits. */
const EXPIRY_ROUNDING_S = 3600;

/** Top-level folders of DATA_DIR that signed URLs may point into. */
export const SIGNABLE_ROOTS = ['media', 'assets'] as const;

/**
 * What a signature covers. A job's outputs and thumbnails live under `media/<user>/<job>/`, and
 * one signature grants that directory: every file in it belongs to the same user and job, and a
 * gallery page of 100 items then costs a few HMACs instead of 200. Anything else (assets, paths
 * of another shape) is signed file by file.
 */
export function signingScope(relativePath: string): string {
  if (!relativePath.startsWith('media/')) return relativePath;
  const userEnd = relativePath.indexOf('/', 6);
  const jobEnd = userEnd < 0 ? -1 : relativePath.indexOf('/', userEnd + 1);
  return jobEnd < 0 ? relativePath : relativePath.slice(0, jobEnd + 1);
}

/** Stored paths are made of these already; anything else is percent-encoded segment by segment. */
const URL_SAFE_PATH = /^[A-Za-z0-9._~/-]*$/;

/**
 * `<img>` and `<video>` cannot send a bearer header, so media URLs carry an expiry and an HMAC of
 * path and expiry (DESIGN section 3, Media URLs). The path keeps its extension so videos are
 * recognised by it.
 */
@Injectable()
export class MediaUrlSigner {
  private readonly key: Buffer;
  private last: { message: string; sig: string } | null = null;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.key = createHmac('sha256', runtime.jwtSecret).update('atelier-media-url-v1').digest();
  }

  /** `media/12/item.png` -> `/api/media/media/12/item.png?exp=…&sig=…` */
  sign(relativePath: string, nowMs = Date.now()): string {
    const exp = Math.ceil((nowMs / 1000 + MEDIA_URL_TTL_S) / EXPIRY_ROUNDING_S) * EXPIRY_ROUNDING_S;
    const encoded = URL_SAFE_PATH.test(relativePath)
      ? relativePath
      : relativePath.split('/').map(encodeURIComponent).join('/');
    return `/api/media/${encoded}?exp=${exp}&sig=${this.signature(signingScope(relativePath), exp)}`;
  }

  verify(relativePath: string, exp: string | undefined, sig: string | undefined, nowMs = Date.now()): boolean {
    const expiry = Number(exp);
    if (!Number.isInteger(expiry) || expiry * 1000 < nowMs || typeof sig !== 'string') return false;
    const expected = Buffer.from(this.signature(signingScope(relativePath), expiry));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A page of results holds a few jobs' files: their signatures repeat, and an HMAC is not free. */
  private signature(scope: string, exp: number): string {
    const message = `${scope}\n${exp}`;
    if (this.last?.message === message) return this.last.sig;
    const sig = createHmac('sha256', this.key).update(message).digest('base64url');
    this.last = { message, sig };
    return sig;
  }
}
