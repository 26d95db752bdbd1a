import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  folderFilterQuerySchema,
  folderInputSchema,
  folderUpdateSchema,
  type Folder,
  type FolderDeleteResponse,
  type GalleryFilterQuery,
  type GalleryFolder,
  type SessionUser,
} from '@atelier/shared';
import { CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { GalleryService } from '../gallery/gallery.service.js';
import { FoldersService, type FolderFields, type FolderUpdate } from './folders.service.js';

/** The caller's own gallery folders (the folder manager and the folder tiles). */
@Controller('folders')
export class FoldersController {
  constructor(
    private readonly folders: FoldersService,
    private readonly gallery: GalleryService,
  ) {}

  @Get()
  list(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(folderFilterQuerySchema)) query: GalleryFilterQuery,
  ): Promise<GalleryFolder[]> {
    return this.gallery.folders(user, query);
  }

  @Post()
  create(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(folderInputSchema)) body: FolderFields,
  ): Promise<Folder> {
    return this.folders.create(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(folderUpdateSchema)) body: FolderUpdate,
  ): Promise<Folder> {
    return this.folders.update(user.id, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<FolderDeleteResponse> {
    return this.folders.remove(user.id, id);
  }
}
