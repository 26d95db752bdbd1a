import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { GalleryItemEntity } from './gallery-item.entity.js';

@Injectable()
export class GalleryItemsRepository {
  constructor(@InjectRepository(GalleryItemEntity) private readonly repo: Repository<GalleryItemEntity>) {}

  /** A job's outputs in batch order; served by the (job_id, batch_index, output_index) unique index. */
  findByJob(jobId: number, offset: number, limit: number): Promise<GalleryItemEntity[]> {
    return this.repo.find({
      where: { jobId },
      order: { batchIndex: 'ASC', outputIndex: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  countByJob(jobId: number): Promise<number> {
    return this.repo.countBy({ jobId });
  }
}
