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
 * `<img>` and `<video>` cannot send a bearer header, so media URLs carry an expiry and an HMAC of
 * path and expiry (DESIGN section 3, Media URLs). The path keeps its extension so videos are
 * recognised by it.
 */
@Injectable()
export class MediaUrlSigner {
  private readonly key: Buffer;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.key = createHmac('sha256', runtime.jwtSecret).update('atelier-media-url-v1').digest();
  }

  /** `media/12/item.png` -> `/api/media/media/12/item.png?exp=…&sig=…` */
  sign(relativePath: string, nowMs = Date.now()): string {
    const exp = Math.ceil((nowMs / 1000 + MEDIA_URL_TTL_S) / EXPIRY_ROUNDING_S) * EXPIRY_ROUNDING_S;
    const encoded = relativePath.split('/').map(encodeURIComponent).join('/');
    return `/api/media/${encoded}?exp=${exp}&sig=${this.signature(relativePath, exp)}`;
  }

  verify(relativePath: string, exp: string | undefined, sig: string | undefined, nowMs = Date.now()): boolean {
    const expiry = Number(exp);
    if (!Number.isInteger(expiry) || expiry * 1000 < nowMs || typeof sig !== 'string') return false;
    const expected = Buffer.from(this.signature(relativePath, expiry));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(relativePath: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${relativePath}\n${exp}`).digest('base64url');
  }
}
