import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/postgres-errors.js';
import { FolderEntity } from './folder.entity.js';

export interface FolderFields {
  name: string;
  hotkey: string | null;
  color: string;
}

/** Which unique rule a write broke, read from the index PostgreSQL names. */
export type FolderConflict = 'name' | 'hotkey';

export class FolderConflictError extends Error {
  constructor(readonly conflict: FolderConflict) {
    super(`folder ${conflict} taken`);
  }
}

function conflictOf(error: unknown): FolderConflict | null {
  if (!isUniqueViolation(error)) return null;
  return isUniqueViolation(error, 'folders_user_hotkey_key') ? 'hotkey' : 'name';
}

@Injectable()
export class FoldersRepository {
  constructor(
    @InjectRepository(FolderEntity) private readonly repo: Repository<FolderEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  findOwned(userId: number, folderId: number): Promise<FolderEntity | null> {
    return this.repo.findOneBy({ id: folderId, userId });
  }

  /**
   * In the gallery's order (GalleryRepository.folderSummaries): by name regardless of case. By
   * `name` alone the C collation put 'Zebra' before 'apple' in the admin dialog but not the gallery.
   */
  listForUser(userId: number): Promise<FolderEntity[]> {
    return this.repo
      .createQueryBuilder('f')
      .where('f.user_id = :userId', { userId })
      .orderBy('lower(f.name)', 'ASC')
      .addOrderBy('f.id', 'ASC')
      .getMany();
  }

  /** Another folder of the user whose name matches regardless of case, or whose hotkey matches. */
  findClashing(userId: number, fields: FolderFields, exceptId: number | null): Promise<FolderEntity[]> {
    const query = this.repo
      .createQueryBuilder('f')
      .where('f.user_id = :userId', { userId })
      .andWhere('(lower(f.name) = lower(:name) OR f.hotkey = :hotkey)', { name: fields.name, hotkey: fields.hotkey });
    if (exceptId !== null) query.andWhere('f.id <> :exceptId', { exceptId });
    return query.getMany();
  }

  /** Throws FolderConflictError when a concurrent write took the name or hotkey first. */
  async insert(userId: number, fields: FolderFields): Promise<FolderEntity> {
    try {
      return await this.repo.save(this.repo.create({ userId, ...fields }));
    } catch (error) {
      const conflict = conflictOf(error);
      throw conflict ? new FolderConflictError(conflict) : error;
    }
  }

  /**
   * Null when the folder was deleted meanwhile: an UPDATE that finds no row, where `save()` of the
   * merged entity would have tried to insert it again (an error on its generated id, or a folder
   * reported renamed that no longer exists).
   */
  async update(folder: FolderEntity, fields: FolderFields): Promise<FolderEntity | null> {
    try {
      const result = await this.repo.update({ id: folder.id, userId: folder.userId }, fields);
      return result.affected ? await this.findOwned(folder.userId, folder.id) : null;
    } catch (error) {
      const conflict = conflictOf(error);
      throw conflict ? new FolderConflictError(conflict) : error;
    }
  }

  /**
   * Deletes the folder and answers how many gallery items it held; the foreign key un-folders
   * them (ON DELETE SET NULL). Null when the user has no such folder.
   */
  deleteCountingItems(userId: number, folderId: number): Promise<{ name: string; itemCount: number } | null> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ name: string }> = await manager.query(
        'SELECT name FROM folders WHERE id = $1 AND user_id = $2 FOR UPDATE',
        [folderId, userId],
      );
      if (!rows[0]) return null;
      const [counted]: Array<{ n: number }> = await manager.query(
        'SELECT count(*)::int AS n FROM gallery_items WHERE folder_id = $1',
        [folderId],
      );
      await manager.query('DELETE FROM folders WHERE id = $1', [folderId]);
      return { name: rows[0].name, itemCount: counted?.n ?? 0 };
    });
  }
}
