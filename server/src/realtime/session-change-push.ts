import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RoleChanges } from '../users/role-changes.js';
import { SessionRevocations } from '../users/session-revocations.js';
import { RealtimeGateway } from './realtime.gateway.js';
import type { RealtimePublisher } from './realtime-publisher.js';
import { REALTIME_PUBLISHER } from './realtime-tokens.js';

/**
 * Tells a user's open tabs that an admin changed their account, so they read their session again
 * at once: a new role shows (or hides) the Admin area, and a deleted account or a new password
 * meets the ended-session flow. Without it, a role showed only when the session was next read (up
 * to a minute), and an ended session only at the tab's next request.
 */
@Injectable()
export class SessionChangePush implements OnModuleInit {
  constructor(
    private readonly revocations: SessionRevocations,
    private readonly roleChanges: RoleChanges,
    @Inject(REALTIME_PUBLISHER) private readonly publisher: RealtimePublisher,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    this.roleChanges.listen((userId) => this.publisher.sessionChanged(userId));
    this.revocations.listen((userId) => {
      // told before being dropped: a dropped socket hears nothing more. Both go out through the
      // same Redis connection, so other API processes see them in this order too.
      this.publisher.sessionChanged(userId);
      this.gateway.disconnectUser(userId);
    });
  }
}
