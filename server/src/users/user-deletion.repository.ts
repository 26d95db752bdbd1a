import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserCascadeCounts } from '@atelier/shared';
import { lockRoleState } from './user-role-lock.js';
import type { RoleState } from './user-role-policy.js';

export interface DeletedUser {
  username: string;
  counts: UserCascadeCounts;
  /** file_path and thumbnail_path of the removed gallery items, relative to `<DATA_DIR>/media`. */
  mediaPaths: string[];
}

/** `DELETE` through TypeORM answers `[rows, rowCount]`. */
async function deleteCount(manager: EntityManager, table: string, userId: number): Promise<number> {
  const [, count]: [unknown, number] = await manager.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  return count;
}

/** Everything a user owns, counted and removed together (DESIGN section 3, User deletion). */
@Injectable()
export class UserDeletionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async countOwned(userId: number): Promise<UserCascadeCounts> {
    const [row]: Array<UserCascadeCounts> = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM jobs WHERE user_id = $1) AS jobs,
              (SELECT count(*)::int FROM folders WHERE user_id = $1) AS folders,
              (SELECT count(*)::int FROM configurations WHERE user_id = $1) AS configs,
              (SELECT count(*)::int FROM workflow_favorites WHERE user_id = $1) AS favorites`,
      [userId],
    );
    return row ?? { jobs: 0, folders: 0, configs: 0, favorites: 0 };
  }

  /**
   * In one transaction: checks the role rules under lock (`check` throws to refuse), then removes
   * the user's gallery items, jobs, folders, configurations, favourites, permissions and the user.
   * Null when the user does not exist. The media files are left for the caller to remove once
   * this has committed, so a rollback never loses a file that is still referenced.
   */
  deleteWithEverything(
    userId: number,
    actorId: number,
    check: (state: RoleState) => void,
  ): Promise<DeletedUser | null> {
    return this.dataSource.transaction(async (manager) => {
      const state = await lockRoleState(manager, userId, actorId);
      if (!state) return null;
      check(state);
      const [{ username }]: [{ username: string }] = await manager.query('SELECT username FROM users WHERE id = $1', [
        userId,
      ]);
      // folders before items, the order a gallery move locks them in (the folder, then its items):
      // the other order deadlocked against a move the user made during their deletion
      await manager.query('SELECT id FROM folders WHERE user_id = $1 FOR UPDATE', [userId]);
      const [items]: [Array<{ file_path: string; thumbnail_path: string | null }>] = await manager.query(
        'DELETE FROM gallery_items WHERE user_id = $1 RETURNING file_path, thumbnail_path',
        [userId],
      );
      const counts: UserCascadeCounts = {
        jobs: await deleteCount(manager, 'jobs', userId),
        folders: await deleteCount(manager, 'folders', userId),
        configs: await deleteCount(manager, 'configurations', userId),
        favorites: await deleteCount(manager, 'workflow_favorites', userId),
      };
      await deleteCount(manager, 'workflow_permissions', userId);
      await manager.query('DELETE FROM users WHERE id = $1', [userId]);
      const mediaPaths = items.flatMap((i) => (i.thumbnail_path ? [i.file_path, i.thumbnail_path] : [i.file_path]));
      return { username, counts, mediaPaths };
    });
  }
}
