import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GalleryItemEntity } from './gallery-item.entity.js';
import { GalleryItemsRepository } from './gallery-items.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([GalleryItemEntity])],
  providers: [GalleryItemsRepository],
  exports: [GalleryItemsRepository],
})
export class GalleryCoreModule {}
