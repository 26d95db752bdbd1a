import { atom } from 'jotai';

/**
 * This tab's live connection: `up`; `connecting` while the session's first connection is still
 * being made (nothing was live yet); `down` while a connection that was up is being made again
 * (by Socket.IO, or our retry of an unchecked session); `off` when nothing is trying (signed out,
 * or the server refused or dropped the session, which the API client's next 401 turns into a
 * sign-out).
 */
export type LiveConnection = 'up' | 'connecting' | 'down' | 'off';

export const liveConnectionAtom = atom<LiveConnection>('off');
