import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  folderInputSchema,
  folderUpdateSchema,
  userFolderParamsSchema,
  userIdParamsSchema,
  type Folder,
  type FolderDeleteResponse,
  type SessionUser,
} from '@atelier/shared';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import type { FolderFields, FolderUpdate } from '../folders/folders.service.js';
import { AdminUserFoldersService } from './admin-user-folders.service.js';

type FolderParams = { id: number; folderId: number };
const userPipe = new ZodValidationPipe(userIdParamsSchema);
const folderPipe = new ZodValidationPipe(userFolderParamsSchema);
const bodyPipe = new ZodValidationPipe(folderInputSchema);
const updatePipe = new ZodValidationPipe(folderUpdateSchema);

@Controller('admin/users/:id/folders')
@AdminOnly()
export class AdminUserFoldersController {
  constructor(private readonly folders: AdminUserFoldersService) {}

  @Get()
  list(@Param(userPipe) { id }: { id: number }): Promise<Folder[]> {
    return this.folders.list(id);
  }

  @Post()
  create(
    @CurrentUser() actor: SessionUser,
    @Param(userPipe) { id }: { id: number },
    @Body(bodyPipe) body: FolderFields,
  ): Promise<Folder> {
    return this.folders.create(actor, id, body);
  }

  @Put(':folderId')
  update(
    @CurrentUser() actor: SessionUser,
    @Param(folderPipe) { id, folderId }: FolderParams,
    @Body(updatePipe) body: FolderUpdate,
  ): Promise<Folder> {
    return this.folders.update(actor, id, folderId, body);
  }

  /** Its media stay, ungrouped: the answer says how many (SPEC section 7). */
  @Delete(':folderId')
  remove(
    @CurrentUser() actor: SessionUser,
    @Param(folderPipe) { id, folderId }: FolderParams,
  ): Promise<FolderDeleteResponse> {
    return this.folders.remove(actor, id, folderId);
  }
}
