import type { GalleryChange, GalleryItem } from './gallery.js';
import type { Job, JobProgress, QueueStatus } from './jobs.js';

/** Socket.IO rooms (DESIGN section 6). */
export const QUEUE_ROOM = 'queue';
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** Events the server pushes. A payload whose shape changes gets a new event name. */
export interface ServerToClientEvents {
  'queue:updated': (status: QueueStatus) => void;
  'job:updated': (job: Job) => void;
  'job:progress': (progress: JobProgress) => void;
  'gallery:item-created': (item: GalleryItem) => void;
  'gallery:changed': (change: GalleryChange) => void;
  /**
   * To the user's own room, when an admin changed their role or password or deleted them: the
   * client reads its session again at once (it carries nothing, since the session answer is what counts).
   */
  'session:changed': () => void;
}

/**
 * The handshake's refusal when the server could not check the session (its database is away), as
 * opposed to 'unauthorized': the client connects again later instead of giving up.
 */
export const SOCKET_UNAVAILABLE = 'unavailable';

/** The client sends nothing but its handshake. */
export type ClientToServerEvents = Record<string, never>;

export const SERVER_EVENTS = [
  'queue:updated',
  'job:updated',
  'job:progress',
  'gallery:item-created',
  'gallery:changed',
  'session:changed',
] as const satisfies readonly (keyof ServerToClientEvents)[];
