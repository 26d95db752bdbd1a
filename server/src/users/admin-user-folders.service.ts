import { Injectable } from '@nestjs/common';
import type { Folder, FolderDeleteResponse, SessionUser } from '@atelier/shared';
import { FoldersService, type FolderFields, type FolderUpdate } from '../folders/folders.service.js';
import { GalleryChanges } from '../gallery/gallery-changes.js';
import { UsersService } from './users.service.js';

/** The admin "Manage > Folders" tab: the folder rules of FoldersService, for a user an admin may manage. */
@Injectable()
export class AdminUserFoldersService {
  constructor(
    private readonly users: UsersService,
    private readonly folders: FoldersService,
    private readonly changes: GalleryChanges,
  ) {}

  async list(userId: number): Promise<Folder[]> {
    await this.users.findVisible(userId);
    return this.folders.list(userId);
  }

  async create(actor: SessionUser, userId: number, fields: FolderFields): Promise<Folder> {
    await this.users.findManageable(actor, userId);
    return this.announced(userId, await this.folders.create(userId, fields));
  }

  async update(actor: SessionUser, userId: number, folderId: number, change: FolderUpdate): Promise<Folder> {
    await this.users.findManageable(actor, userId);
    return this.announced(userId, await this.folders.update(userId, folderId, change));
  }

  async remove(actor: SessionUser, userId: number, folderId: number): Promise<FolderDeleteResponse> {
    await this.users.findManageable(actor, userId);
    return this.announced(userId, await this.folders.remove(userId, folderId));
  }

  /** The user's open gallery tabs show the admin's change at once (every one: the admin's tab is not theirs). */
  private announced<T>(userId: number, result: T): T {
    this.changes.announce(userId, { kind: 'folders' });
    return result;
  }
}
