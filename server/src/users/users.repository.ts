import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import type { Role } from '@atelier/shared';
import { UserEntity } from './user.entity.js';
import { lockRoleState } from './user-role-lock.js';
import type { RoleState } from './user-role-policy.js';

export interface UserWithCounts {
  user: UserEntity;
  jobCount: number;
  folderCount: number;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  eokApiKey?: string | null;
}

/** Fields an admin edit may change; undefined keeps the stored value. */
export interface AccountChanges {
  email?: string;
  role?: Role;
  eokApiKey?: string | null;
  passwordHash?: string;
}

export interface SessionRecord {
  id: number;
  username: string;
  role: Role;
  passwordChangedAt: Date;
}

@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * What every authenticated request needs, in one plain statement: this runs before each API
   * call, where building an entity query cost more than the round trip.
   */
  async findSession(id: number): Promise<SessionRecord | null> {
    const rows: Array<{ id: number; username: string; role: Role; password_changed_at: Date }> =
      await this.dataSource.query('SELECT id, username, role, password_changed_at FROM users WHERE id = $1', [id]);
    const row = rows[0];
    return row
      ? { id: row.id, username: row.username, role: row.role, passwordChangedAt: new Date(row.password_changed_at) }
      : null;
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.repo.findOneBy({ id });
  }

  /** Usernames are unique regardless of case (a unique index on lower(username)). */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.repo.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  count(): Promise<number> {
    return this.repo.count();
  }

  async insert(user: NewUser): Promise<UserEntity> {
    return this.repo.save(this.repo.create({ ...user, eokApiKey: user.eokApiKey ?? null }));
  }

  /** Null when the username (in any case) is taken, also by a concurrent insert. */
  async insertIfUsernameFree(user: NewUser): Promise<UserEntity | null> {
    const result = await this.repo
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({ ...user, eokApiKey: user.eokApiKey ?? null })
      .orIgnore()
      .returning('id')
      .execute();
    const id = (result.raw as Array<{ id: number }>)[0]?.id;
    return id === undefined ? null : this.findById(id);
  }

  async listWithCounts(): Promise<UserWithCounts[]> {
    return this.withCounts(this.repo.createQueryBuilder('u').orderBy('u.created_at', 'ASC').addOrderBy('u.id', 'ASC'));
  }

  async findWithCounts(id: number): Promise<UserWithCounts | null> {
    const [row] = await this.withCounts(this.repo.createQueryBuilder('u').where('u.id = :id', { id }));
    return row ?? null;
  }

  /**
   * Applies an admin edit under the role locks: `check` sees the locked role state and throws to
   * refuse. A new password hash also moves password_changed_at, so older tokens stop working.
   * False when the user does not exist.
   */
  updateAccount(
    id: number,
    actorId: number,
    changes: AccountChanges,
    check: (state: RoleState, updatedAt: Date) => void,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const state = await lockRoleState(manager, id, actorId);
      if (!state) return false;
      check(state, state.targetUpdatedAt);
      const { passwordHash, ...rest } = changes;
      const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      await manager
        .createQueryBuilder()
        .update(UserEntity)
        .set({
          ...set,
          updatedAt: () => 'now()',
          ...(passwordHash ? { passwordHash, passwordChangedAt: () => 'now()' } : {}),
        })
        .where('id = :id', { id })
        .execute();
      return true;
    });
  }

  private async withCounts(query: SelectQueryBuilder<UserEntity>): Promise<UserWithCounts[]> {
    const rows = await query
      .addSelect('(SELECT count(*) FROM jobs j WHERE j.user_id = u.id)', 'job_count')
      .addSelect('(SELECT count(*) FROM folders f WHERE f.user_id = u.id)', 'folder_count')
      .getRawAndEntities();
    return rows.entities.map((user, i) => ({
      user,
      jobCount: Number(rows.raw[i]?.job_count ?? 0),
      folderCount: Number(rows.raw[i]?.folder_count ?? 0),
    }));
  }
}
