import { Injectable } from '@nestjs/common';

type RoleChangeListener = (userId: number) => void;

/**
 * Announces that an admin changed a user's role. Their tokens still count (every request reads the
 * role afresh), but their open screens show what the old role allowed until told; the realtime
 * module listens here, as it does to SessionRevocations, so the users feature never touches sockets.
 */
@Injectable()
export class RoleChanges {
  private readonly listeners = new Set<RoleChangeListener>();

  onChanged(listener: RoleChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(userId: number): void {
    for (const listener of this.listeners) listener(userId);
  }
}
