import { Injectable } from '@nestjs/common';
import { Announcer } from '../common/announcer.js';

/**
 * Announces that an admin changed a user's role. Their tokens still count (every request reads the
 * role afresh), but their open screens show what the old role allowed until told; the realtime
 * module listens here, as it does to SessionRevocations, so the users feature never touches sockets.
 */
@Injectable()
export class RoleChanges extends Announcer<[userId: number]> {}
