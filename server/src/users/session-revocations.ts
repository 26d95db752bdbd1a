import { Injectable } from '@nestjs/common';

/** Why the tokens stopped counting: a deleted account also took its jobs out of the shared queue. */
export type RevocationReason = 'deleted' | 'password';

type RevocationListener = (userId: number, reason: RevocationReason) => void;

/**
 * Announces that a user's tokens stopped counting (account deleted, password changed). HTTP needs
 * no telling, since every request reads the user afresh; live sockets do, and the realtime gateway
 * listens here so the users feature never touches sockets itself.
 */
@Injectable()
export class SessionRevocations {
  private readonly listeners = new Set<RevocationListener>();

  onRevoked(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  revoked(userId: number, reason: RevocationReason): void {
    for (const listener of this.listeners) listener(userId, reason);
  }
}
