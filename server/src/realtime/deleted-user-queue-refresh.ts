import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SessionRevocations } from '../users/session-revocations.js';
import { QueueBroadcaster } from './queue-broadcaster.js';

/**
 * Deleting a user deletes their jobs, so the shared queue every browser shows has changed; without
 * a push, the other users saw the deleted jobs (and their wait) until their next 5 s poll.
 */
@Injectable()
export class DeletedUserQueueRefresh implements OnModuleInit {
  constructor(
    private readonly revocations: SessionRevocations,
    private readonly broadcaster: QueueBroadcaster,
  ) {}

  onModuleInit(): void {
    this.revocations.listen((_userId, reason) => {
      if (reason === 'deleted') this.broadcaster.changed();
    });
  }
}
