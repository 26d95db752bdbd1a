import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Role } from '@atelier/shared';
import { UserEntity } from './user.entity.js';

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

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.repo.findOneBy({ id });
  }

  /** Usernames are unique regardless of case (a unique index on lower(username)). */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.repo
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  count(): Promise<number> {
    return this.repo.count();
  }

  async insert(user: NewUser): Promise<UserEntity> {
    return this.repo.save(this.repo.create({ ...user, eokApiKey: user.eokApiKey ?? null }));
  }

  async listWithCounts(): Promise<UserWithCounts[]> {
    const rows = await this.repo
      .createQueryBuilder('u')
      .select('u')
      .addSelect('(SELECT count(*) FROM jobs j WHERE j.user_id = u.id)', 'job_count')
      .addSelect('(SELECT count(*) FROM folders f WHERE f.user_id = u.id)', 'folder_count')
      .orderBy('u.created_at', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .getRawAndEntities();
    return rows.entities.map((user, i) => ({
      user,
      jobCount: Number(rows.raw[i]?.job_count ?? 0),
      folderCount: Number(rows.raw[i]?.folder_count ?? 0),
    }));
  }
}
