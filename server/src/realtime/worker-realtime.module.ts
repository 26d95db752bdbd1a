import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { JobsCoreModule } from '../jobs/jobs-core.module.js';
import { withHandledCommands } from './handled-redis-commands.js';
import { QueueBroadcaster } from './queue-broadcaster.js';
import { RealtimePublisher, type RoomEmitter } from './realtime-publisher.js';
import { REALTIME_PUBLISHER } from './realtime-tokens.js';
import { socketIoKey } from './socket-keys.js';

const EMITTER_REDIS = Symbol('EMITTER_REDIS');

/** Worker side: no sockets of its own; events go through Redis to every API process. */
@Module({
  imports: [JobsCoreModule],
  providers: [
    {
      provide: EMITTER_REDIS,
      inject: [RUNTIME],
      useFactory: (runtime: Runtime) => {
        const client = new Redis(runtime.redisUrl, { connectionName: 'atelier-worker-emitter' });
        client.on('error', () => undefined);
        // the emitter never handles its publish promises: unhandled, one would end the worker
        return withHandledCommands(client, ['publish']);
      },
    },
    {
      provide: REALTIME_PUBLISHER,
      inject: [EMITTER_REDIS, RUNTIME],
      useFactory: (client: Redis, runtime: Runtime) =>
        new RealtimePublisher(new Emitter(client, { key: socketIoKey(runtime.config) }) as unknown as RoomEmitter),
    },
    QueueBroadcaster,
  ],
  exports: [REALTIME_PUBLISHER, QueueBroadcaster],
})
export class WorkerRealtimeModule implements OnApplicationShutdown {
  constructor(@Inject(EMITTER_REDIS) private readonly client: Redis) {}

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
