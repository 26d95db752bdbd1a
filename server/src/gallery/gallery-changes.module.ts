import { Module } from '@nestjs/common';
import { GalleryChanges } from './gallery-changes.js';

/** One GalleryChanges for the gallery, the admin's folder routes and the realtime module alike. */
@Module({
  providers: [GalleryChanges],
  exports: [GalleryChanges],
})
export class GalleryChangesModule {}
