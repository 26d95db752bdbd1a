import { Module } from '@nestjs/common';
import { FoldersController } from '../folders/folders.controller.js';
import { FoldersModule } from '../folders/folders.module.js';
import { GalleryChangesModule } from './gallery-changes.module.js';
import { GalleryController } from './gallery.controller.js';
import { GalleryRepository } from './gallery.repository.js';
import { GalleryService } from './gallery.service.js';

@Module({
  imports: [FoldersModule, GalleryChangesModule],
  controllers: [GalleryController, FoldersController],
  providers: [GalleryRepository, GalleryService],
})
export class GalleryModule {}
