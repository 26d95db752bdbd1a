import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FoldersController } from '../folders/folders.controller.js';
import { FoldersModule } from '../folders/folders.module.js';
import { GalleryChangesModule } from './gallery-changes.module.js';
import { GalleryDownloads } from './gallery-downloads.js';
import { GalleryController } from './gallery.controller.js';
import { GalleryRepository } from './gallery.repository.js';
import { GalleryService } from './gallery.service.js';

@Module({
  imports: [AuthModule, FoldersModule, GalleryChangesModule],
  controllers: [GalleryController, FoldersController],
  providers: [GalleryRepository, GalleryService, GalleryDownloads],
})
export class GalleryModule {}
