import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
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
  type SessionUser,
} from '@atelier/shared';
import type { z } from 'zod';
import { CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { GalleryService } from './gallery.service.js';

type CountQuery = z.output<typeof galleryFilterQuerySchema> & { folder?: string };

@Controller('gallery')
export class GalleryController {
  constructor(private readonly gallery: GalleryService) {}

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
  ): Promise<{ updated: number }> {
    return { updated: await this.gallery.setArchived(user, body.ids, true) };
  }

  @Post('bulk-unarchive')
  @HttpCode(200)
  async bulkUnarchive(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(bulkIdsSchema)) body: { ids: number[] },
  ): Promise<{ updated: number }> {
    return { updated: await this.gallery.setArchived(user, body.ids, false) };
  }

  @Post('bulk-folder')
  @HttpCode(200)
  async bulkMove(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(bulkMoveSchema)) body: { ids: number[]; folder_path: string },
  ): Promise<{ updated: number }> {
    return { updated: await this.gallery.moveToFolder(user, body.ids, body.folder_path) };
  }

  @Post(':id/archive')
  @HttpCode(200)
  async archive(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<GalleryItem> {
    await this.gallery.setArchived(user, [id], true);
    return this.gallery.item(user, id);
  }

  @Post(':id/unarchive')
  @HttpCode(200)
  async unarchive(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<GalleryItem> {
    await this.gallery.setArchived(user, [id], false);
    return this.gallery.item(user, id);
  }

  @Put(':id/folder')
  async move(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(moveToFolderSchema)) body: { folder_path: string },
  ): Promise<GalleryItem> {
    await this.gallery.moveToFolder(user, [id], body.folder_path);
    return this.gallery.item(user, id);
  }

  @Put(':id/tags')
  setTags(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(userTagsSchema)) body: { user_tags: string[] },
  ): Promise<GalleryItem> {
    return this.gallery.setTags(user, id, body.user_tags);
  }
}
