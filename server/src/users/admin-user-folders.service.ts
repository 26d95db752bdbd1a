import { Injectable } from '@nestjs/common';
import type { Folder, FolderDeleteResponse, SessionUser } from '@atelier/shared';
import { FoldersService, type FolderFields, type FolderUpdate } from '../folders/folders.service.js';
import { UsersService } from './users.service.js';

/** The admin "Manage > Folders" tab: the folder rules of FoldersService, for a user an admin may manage. */
@Injectable()
export class AdminUserFoldersService {
  constructor(
    private readonly users: UsersService,
    private readonly folders: FoldersService,
  ) {}

  async list(userId: number): Promise<Folder[]> {
    await this.users.findVisible(userId);
    return this.folders.list(userId);
  }

  async create(actor: SessionUser, userId: number, fields: FolderFields): Promise<Folder> {
    await this.users.findManageable(actor, userId);
    return this.folders.create(userId, fields);
  }

  async update(actor: SessionUser, userId: number, folderId: number, change: FolderUpdate): Promise<Folder> {
    await this.users.findManageable(actor, userId);
    return this.folders.update(userId, folderId, change);
  }

  async remove(actor: SessionUser, userId: number, folderId: number): Promise<FolderDeleteResponse> {
    await this.users.findManageable(actor, userId);
    return this.folders.remove(userId, folderId);
  }
}
