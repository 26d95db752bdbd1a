import { Injectable } from '@nestjs/common';
import type { GalleryChange } from '@atelier/shared';

type ChangeListener = (ownerId: number, change: GalleryChange, originSocket: string | undefined) => void;

/**
 * Announces that a user's folders or items changed, so that their other open tabs read them again.
 * The realtime module listens here, as it does to SessionRevocations: the gallery and the admin's
 * folder routes never touch sockets (and the users module, which the gateway imports, need not
 * import it back).
 */
@Injectable()
export class GalleryChanges {
  private readonly listeners = new Set<ChangeListener>();

  onChanged(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `originSocket`: the live connection of the tab that made the change, which has shown it already. */
  changed(ownerId: number, change: GalleryChange, originSocket?: string): void {
    for (const listener of this.listeners) listener(ownerId, change, originSocket);
  }
}
