import { Injectable } from '@nestjs/common';
import { FOLDER_MESSAGES, type Folder, type FolderDeleteResponse, type FolderUpdate } from '@atelier/shared';
import { BadRequestError, NotFoundError } from '../common/app-errors.js';
import type { FolderEntity } from './folder.entity.js';
import { FolderConflictError, FoldersRepository, type FolderFields } from './folders.repository.js';

export type { FolderFields, FolderUpdate };

export function toFolder(folder: FolderEntity): Folder {
  return {
    id: folder.id,
    name: folder.name,
    hotkey: folder.hotkey,
    color: folder.color,
    created_at: folder.createdAt.toISOString(),
  };
}

/**
 * The folder rules of DESIGN section 3, for the admin per-user dialog and the gallery folder
 * manager alike. Fields arrive parsed by `folderInputSchema` (trimmed name, lower-case hotkey,
 * default colour). Every call names the owner; another user's folder is not found. A taken name
 * or hotkey is a 400 like any other invalid input: the client shows the message as it is.
 */
@Injectable()
export class FoldersService {
  constructor(private readonly folders: FoldersRepository) {}

  async list(userId: number): Promise<Folder[]> {
    return (await this.folders.listForUser(userId)).map(toFolder);
  }

  async create(userId: number, fields: FolderFields): Promise<Folder> {
    await this.assertNoClash(userId, fields, null);
    return toFolder(await this.withConflictMessages(fields, () => this.folders.insert(userId, fields)));
  }

  /** The hotkey and colour left out (`folderUpdateSchema`) stay as they are. */
  async update(userId: number, folderId: number, change: FolderUpdate): Promise<Folder> {
    const folder = await this.folders.findOwned(userId, folderId);
    if (!folder) throw new NotFoundError(FOLDER_MESSAGES.folderNotFound);
    const fields: FolderFields = {
      name: change.name,
      hotkey: change.hotkey === undefined ? folder.hotkey : change.hotkey,
      color: change.color ?? folder.color,
    };
    await this.assertNoClash(userId, fields, folderId);
    const updated = await this.withConflictMessages(fields, () => this.folders.update(folder, fields));
    // deleted while this request was on its way
    if (!updated) throw new NotFoundError(FOLDER_MESSAGES.folderNotFound);
    return toFolder(updated);
  }

  async remove(userId: number, folderId: number): Promise<FolderDeleteResponse> {
    const deleted = await this.folders.deleteCountingItems(userId, folderId);
    if (!deleted) throw new NotFoundError(FOLDER_MESSAGES.folderNotFound);
    return { message: `Folder "${deleted.name}" deleted`, images_unfoldered: deleted.itemCount };
  }

  private async assertNoClash(userId: number, fields: FolderFields, exceptId: number | null): Promise<void> {
    const clashes = await this.folders.findClashing(userId, fields, exceptId);
    if (clashes.some((f) => f.name.toLowerCase() === fields.name.toLowerCase()))
      throw new BadRequestError(FOLDER_MESSAGES.nameTaken);
    if (fields.hotkey && clashes.some((f) => f.hotkey === fields.hotkey))
      throw new BadRequestError(FOLDER_MESSAGES.hotkeyTaken(fields.hotkey));
  }

  /** The checks above race with concurrent writes; the unique indexes settle it. */
  private async withConflictMessages<T>(fields: FolderFields, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof FolderConflictError)) throw error;
      throw new BadRequestError(
        error.conflict === 'hotkey' && fields.hotkey
          ? FOLDER_MESSAGES.hotkeyTaken(fields.hotkey)
          : FOLDER_MESSAGES.nameTaken,
      );
    }
  }
}
