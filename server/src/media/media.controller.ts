import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators.js';
import { NotFoundError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { servableMediaFile } from './media-files.js';
import { MediaUrlSigner } from './media-url-signer.js';

/** Raster images and videos, which a browser shows without running anything in them. */
const SHOWN_INLINE = /\.(png|jpe?g|webp|gif|avif|bmp|webm|mp4|mov|mkv|avi|flv|wmv|m4v)$/i;

/**
 * Anything else a generation server sent (SVG, HTML, text) is stored under its own extension and
 * would otherwise open as a page of our origin: it is only downloaded, and opened by hand it runs
 * sandboxed, in an origin of its own.
 */
function downloadOnly(res: Response): Record<string, string> {
  const policy = res.getHeader('Content-Security-Policy');
  return {
    'Content-Disposition': 'attachment',
    'Content-Security-Policy': typeof policy === 'string' ? `${policy}; sandbox` : 'sandbox',
  };
}

/**
 * Serves stored media by signed URL. A bad or expired signature answers 404 (not 403), so URLs
 * reveal nothing about which files exist.
 */
@Controller('media')
export class MediaController {
  constructor(
    private readonly signer: MediaUrlSigner,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @Public()
  @Get('*path')
  async serve(
    @Param('path') segments: string[] | string,
    @Query('exp') exp: string | undefined,
    @Query('sig') sig: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const relativePath = Array.isArray(segments) ? segments.join('/') : segments;
    if (!this.signer.verify(relativePath, exp, sig)) throw new NotFoundError();
    const file = await servableMediaFile(this.runtime.config.dataDir, relativePath);
    if (!file) throw new NotFoundError();
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    res.sendFile(
      file,
      {
        headers: {
          'Cache-Control': `private, max-age=${maxAge}, immutable`,
          'X-Content-Type-Options': 'nosniff',
          ...(SHOWN_INLINE.test(file) ? {} : downloadOnly(res)),
        },
        etag: true,
        lastModified: true,
        dotfiles: 'deny',
      },
      (err) => {
        if (err && !res.headersSent) res.status(404).json({ error: 'Not found' });
      },
    );
  }
}
