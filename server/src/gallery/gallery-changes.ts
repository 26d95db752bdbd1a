import { Injectable } from '@nestjs/common';
import type { GalleryChange } from '@atelier/shared';
import { Announcer } from '../common/announcer.js';

/**
 * Announces that a user's folders or items changed, so that their other open tabs read them again.
 * The realtime module listens here, as it does to SessionRevocations: the gallery and the admin's
 * folder routes never touch sockets (and the users module, which the gateway imports, need not
 * import it back). `originSocket` is the live connection of the tab that made the change, which has
 * shown it already.
 */
@Injectable()
export class GalleryChanges extends Announcer<[ownerId: number, change: GalleryChange, originSocket?: string]> {}
