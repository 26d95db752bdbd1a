import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { GalleryChanges } from '../gallery/gallery-changes.js';
import { REALTIME_PUBLISHER } from './realtime-tokens.js';
import type { RealtimePublisher } from './realtime-publisher.js';

/**
 * A change to a user's folders or items, made in one tab or by an admin, reaches the user's other
 * tabs (a phone and a laptop): without it they showed the old folders, counts, hotkeys and items
 * until reloaded.
 */
@Injectable()
export class GalleryChangePush implements OnModuleInit {
  constructor(
    private readonly changes: GalleryChanges,
    @Inject(REALTIME_PUBLISHER) private readonly publisher: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.changes.listen((ownerId, change, originSocket) =>
      this.publisher.galleryChanged(change, ownerId, originSocket),
    );
  }
}
