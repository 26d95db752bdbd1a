import { Injectable } from '@nestjs/common';
import { Announcer } from '../common/announcer.js';

/** Why the tokens stopped counting: a deleted account also took its jobs out of the shared queue. */
export type RevocationReason = 'deleted' | 'password';

/**
 * Announces that a user's tokens stopped counting (account deleted, password changed). HTTP needs
 * no telling, since every request reads the user afresh; live sockets do, and the realtime gateway
 * listens here so the users feature never touches sockets itself.
 */
@Injectable()
export class SessionRevocations extends Announcer<[userId: number, reason: RevocationReason]> {}
