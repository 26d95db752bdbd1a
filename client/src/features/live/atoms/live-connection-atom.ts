import { atom } from 'jotai';

/**
 * This tab's live connection: `up`; `down` while Socket.IO (or our retry of an unchecked session)
 * is still trying to connect; `off` when nothing is trying (signed out, or the server refused or
 * dropped the session, which the API client's next 401 turns into a sign-out).
 */
export type LiveConnection = 'up' | 'down' | 'off';

export const liveConnectionAtom = atom<LiveConnection>('off');
