import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { GalleryChangesModule } from '../gallery/gallery-changes.module.js';
import { JobsCoreModule } from '../jobs/jobs-core.module.js';
import { UsersModule } from '../users/users.module.js';
import { DeletedUserQueueRefresh } from './deleted-user-queue-refresh.js';
import { GalleryChangePush } from './gallery-change-push.js';
import { QueueBroadcaster } from './queue-broadcaster.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SessionChangePush } from './session-change-push.js';
import { RealtimePublisher } from './realtime-publisher.js';
import { REALTIME_PUBLISHER } from './realtime-tokens.js';

/** API side: the gateway, and publishing through its server (the Redis adapter fans out). */
@Module({
  imports: [AuthModule, JobsCoreModule, UsersModule, GalleryChangesModule],
  providers: [
    RealtimeGateway,
    {
      provide: REALTIME_PUBLISHER,
      inject: [RealtimeGateway],
      useFactory: (gateway: RealtimeGateway) => new RealtimePublisher({ to: (room) => gateway.server.to(room) }),
    },
    QueueBroadcaster,
    DeletedUserQueueRefresh,
    GalleryChangePush,
    SessionChangePush,
  ],
  exports: [REALTIME_PUBLISHER, QueueBroadcaster, RealtimeGateway],
})
export class ApiRealtimeModule {}
