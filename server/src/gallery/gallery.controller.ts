import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  NEXT_CURSOR_HEADER,
  bulkIdsSchema,
  bulkMoveSchema,
  galleryFilterQuerySchema,
  galleryListQuerySchema,
  moveToFolderSchema,
  userTagsSchema,
  type GalleryItem,
  type GalleryListQuery,
  type LiveSocketHeaders,
  type SessionUser,
} from '@atelier/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { CurrentUser, Public } from '../auth/auth.decorators.js';
import { CurrentSession } from '../auth/request-session.js';
import type { SessionSubject } from '../auth/token.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { LOGGER } from '../common/runtime.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { GalleryDownloads } from './gallery-downloads.js';
import { sendZip, zipFileName } from './gallery-zip.js';
import { GalleryChanges } from './gallery-changes.js';
import { GalleryService } from './gallery.service.js';
import { LiveOrigin } from './live-origin.decorator.js';

type CountQuery = z.output<typeof galleryFilterQuerySchema> & { folder?: string };

@Controller('gallery')
export class GalleryController {
  constructor(
    private readonly gallery: GalleryService,
    private readonly changes: GalleryChanges,
    private readonly downloads: GalleryDownloads,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  async list(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(galleryListQuerySchema)) query: GalleryListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GalleryItem[]> {
    const { items, nextCursor } = await this.gallery.list(user, query);
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    return items;
  }

  @Get('count')
  async count(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(galleryFilterQuerySchema)) query: CountQuery,
  ): Promise<{ count: number }> {
    return { count: await this.gallery.count(user, query) };
  }

  @Post('bulk-archive')
  @HttpCode(200)
  async bulkArchive(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(bulkIdsSchema)) body: { ids: number[] },
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<{ updated: number }> {
    const updated = await this.gallery.setArchived(user, body.ids, true);
    this.itemsChanged(user, origin);
    return { updated };
  }

  @Post('bulk-unarchive')
  @HttpCode(200)
  async bulkUnarchive(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(bulkIdsSchema)) body: { ids: number[] },
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<{ updated: number }> {
    const updated = await this.gallery.setArchived(user, body.ids, false);
    this.itemsChanged(user, origin);
    return { updated };
  }

  @Post('bulk-folder')
  @HttpCode(200)
  async bulkMove(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(bulkMoveSchema)) body: { ids: number[]; folder_path: string },
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<{ updated: number }> {
    const updated = await this.gallery.moveToFolder(user, body.ids, body.folder_path);
    this.itemsChanged(user, origin);
    return { updated };
  }

  @Post('bulk-download')
  @HttpCode(200)
  async bulkDownload(
    @CurrentSession() session: SessionSubject,
    @Body(new ZodValidationPipe(bulkIdsSchema)) body: { ids: number[] },
  ): Promise<{ url: string }> {
    const token = await this.downloads.grant(session, body.ids);
    return { url: `/api/gallery/downloads/${token}` };
  }

  /** Public: a browser's download carries no bearer token; the unguessable token is the grant. */
  @Public()
  @Get('downloads/:token')
  async download(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const entries = await this.downloads.entries(token);
    await sendZip(res, zipFileName(entries.length), entries, this.logger);
  }

  @Post(':id/archive')
  @HttpCode(200)
  async archive(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<GalleryItem> {
    await this.gallery.setArchived(user, [id], true);
    this.itemsChanged(user, origin);
    return this.gallery.item(user, id);
  }

  @Post(':id/unarchive')
  @HttpCode(200)
  async unarchive(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<GalleryItem> {
    await this.gallery.setArchived(user, [id], false);
    this.itemsChanged(user, origin);
    return this.gallery.item(user, id);
  }

  @Put(':id/folder')
  async move(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(moveToFolderSchema)) body: { folder_path: string },
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<GalleryItem> {
    await this.gallery.moveToFolder(user, [id], body.folder_path);
    this.itemsChanged(user, origin);
    return this.gallery.item(user, id);
  }

  @Put(':id/tags')
  async setTags(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(userTagsSchema)) body: { user_tags: string[] },
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<GalleryItem> {
    const item = await this.gallery.setTags(user, id, body.user_tags);
    this.itemsChanged(user, origin);
    return item;
  }

  /** The user's other tabs read their views again; the one that made the change has shown it. */
  private itemsChanged(user: SessionUser, origin: LiveSocketHeaders): void {
    this.changes.announce(user.id, { kind: 'items' }, origin['x-socket-id']);
  }
}
