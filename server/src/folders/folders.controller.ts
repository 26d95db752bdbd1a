import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  folderFilterQuerySchema,
  folderInputSchema,
  folderUpdateSchema,
  type Folder,
  type FolderDeleteResponse,
  type GalleryFilterQuery,
  type GalleryFolder,
  type LiveSocketHeaders,
  type SessionUser,
} from '@atelier/shared';
import { CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { GalleryChanges } from '../gallery/gallery-changes.js';
import { GalleryService } from '../gallery/gallery.service.js';
import { LiveOrigin } from '../gallery/live-origin.decorator.js';
import { FoldersService, type FolderFields, type FolderUpdate } from './folders.service.js';

/** The caller's own gallery folders (the folder manager and the folder tiles). */
@Controller('folders')
export class FoldersController {
  constructor(
    private readonly folders: FoldersService,
    private readonly gallery: GalleryService,
    private readonly changes: GalleryChanges,
  ) {}

  @Get()
  list(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(folderFilterQuerySchema)) query: GalleryFilterQuery,
  ): Promise<GalleryFolder[]> {
    return this.gallery.folders(user, query);
  }

  @Post()
  async create(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(folderInputSchema)) body: FolderFields,
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<Folder> {
    const folder = await this.folders.create(user.id, body);
    this.foldersChanged(user, origin);
    return folder;
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(folderUpdateSchema)) body: FolderUpdate,
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<Folder> {
    const folder = await this.folders.update(user.id, id, body);
    this.foldersChanged(user, origin);
    return folder;
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @LiveOrigin() origin: LiveSocketHeaders,
  ): Promise<FolderDeleteResponse> {
    const deleted = await this.folders.remove(user.id, id);
    this.foldersChanged(user, origin);
    return deleted;
  }

  /** The user's other tabs read their folders (and items' folder names) again; this one has shown it. */
  private foldersChanged(user: SessionUser, origin: LiveSocketHeaders): void {
    this.changes.announce(user.id, { kind: 'folders' }, origin['x-socket-id']);
  }
}
