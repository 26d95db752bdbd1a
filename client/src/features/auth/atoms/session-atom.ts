import { isAdminRole } from '@atelier/shared';
import { atom } from 'jotai';
import {
  SESSION_EXPIRED_EVENT,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  readStoredSession,
  writeStoredSession,
  type Session,
} from '../../../lib/session-storage';
import { dropDraftsUnlessOf, keepDrafts } from '../../../lib/session-drafts';

/** `undefined` until this store first reads local storage, so each store restores on its own. */
const sessionValueAtom = atom<Session | null | undefined>(undefined);

const userChangeListeners = new Set<() => void>();

/**
 * Called when the signed-in user changes outside this tab's sign-in and sign-out (another tab, an
 * expired session), before the new session shows: data cached for the last user must not.
 */
export function onSessionUserChange(listener: () => void): () => void {
  userChangeListeners.add(listener);
  return () => userChangeListeners.delete(listener);
}

// Follows sign-outs made outside React (a 401 in the API client) and in other tabs.
sessionValueAtom.onMount = (setValue) => {
  setValue(readStoredSession());
  const reload = () =>
    setValue((previous) => {
      const next = readStoredSession();
      // another tab ended the session: this tab's forms are about to go too
      if (!next && previous) keepDrafts(previous.user.id);
      if (next) dropDraftsUnlessOf(next.user.id);
      if (next?.user.id !== previous?.user.id) for (const listener of userChangeListeners) listener();
      return next;
    });
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) reload();
  };
  window.addEventListener(SESSION_EXPIRED_EVENT, reload);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_EXPIRED_EVENT, reload);
    window.removeEventListener('storage', onStorage);
  };
};

/** The signed-in session, restored from local storage; writing it persists (null signs out). */
export const sessionAtom = atom(
  (get): Session | null => {
    const value = get(sessionValueAtom);
    return value === undefined ? readStoredSession() : value;
  },
  (_get, set, next: Session | null) => {
    writeStoredSession(next);
    set(sessionValueAtom, next);
  },
);

export const currentUserAtom = atom((get) => get(sessionAtom)?.user ?? null);

export const isAdminAtom = atom((get) => isAdminRole(get(currentUserAtom)?.role));

export const isSuperAdminAtom = atom((get) => get(currentUserAtom)?.role === 'super_admin');
