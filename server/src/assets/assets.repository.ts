import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AssetEntity } from './asset.entity.js';

export type NewAsset = Pick<
  AssetEntity,
  'type' | 'filename' | 'displayName' | 'mimeType' | 'sizeBytes' | 'sha256' | 'uploadedBy'
>;

@Injectable()
export class AssetsRepository {
  constructor(@InjectRepository(AssetEntity) private readonly repo: Repository<AssetEntity>) {}

  listNewestFirst(): Promise<AssetEntity[]> {
    return this.repo.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findById(id: number): Promise<AssetEntity | null> {
    return this.repo.findOneBy({ id });
  }

  /** The stored asset with this file name, inserting it first if there is none (also under a race). */
  async findOrInsert(asset: NewAsset): Promise<{ asset: AssetEntity; created: boolean }> {
    const result = await this.repo
      .createQueryBuilder()
      .insert()
      .into(AssetEntity)
      .values(asset)
      .orIgnore()
      .returning('id')
      .execute();
    const id = (result.raw as Array<{ id: number }>)[0]?.id;
    if (id !== undefined) return { asset: await this.repo.findOneByOrFail({ id }), created: true };
    return { asset: await this.repo.findOneByOrFail({ filename: asset.filename }), created: false };
  }

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }
}
