import type { GalleryChange, GalleryItem, Job, JobProgress, QueueStatus, ServerToClientEvents } from '@atelier/shared';
import { QUEUE_ROOM, userRoom } from '@atelier/shared';

/** What both Socket.IO's server (API) and the Redis emitter (worker) offer: emit to a room. */
export interface RoomEmitter {
  to(room: string): RoomBroadcast;
}

interface RoomBroadcast {
  emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): unknown;
  except(room: string): RoomBroadcast;
}

/**
 * The one place domain events become socket pushes (DESIGN section 6): the queue view to every
 * signed-in user, a job's own events and gallery changes to its owner's room.
 */
export class RealtimePublisher {
  constructor(private readonly emitter: RoomEmitter) {}

  queueUpdated(status: QueueStatus): void {
    this.emitter.to(QUEUE_ROOM).emit('queue:updated', status);
  }

  jobUpdated(job: Job, ownerId: number): void {
    this.emitter.to(userRoom(ownerId)).emit('job:updated', job);
  }

  jobProgress(progress: JobProgress, ownerId: number): void {
    this.emitter.to(userRoom(ownerId)).emit('job:progress', progress);
  }

  /** Only the user's own sockets: another user's session is none of theirs. */
  sessionChanged(userId: number): void {
    this.emitter.to(userRoom(userId)).emit('session:changed');
  }

  galleryItemCreated(item: GalleryItem, ownerId: number): void {
    this.emitter.to(userRoom(ownerId)).emit('gallery:item-created', item);
  }

  /** Every socket of the owner but the one that made the change (a socket id is a room of its own). */
  galleryChanged(change: GalleryChange, ownerId: number, originSocket?: string): void {
    const owner = this.emitter.to(userRoom(ownerId));
    (originSocket ? owner.except(originSocket) : owner).emit('gallery:changed', change);
  }
}
