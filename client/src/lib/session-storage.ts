import { sessionUserSchema, type SessionUser } from '@atelier/shared';
import { keepDrafts } from './session-drafts';

/** A signed-in session as kept in local storage (SPEC section 4, Session). */
export interface Session {
  token: string;
  user: SessionUser;
}

export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';
/** Fired on window when code outside React (the API client) ends the session. */
export const SESSION_EXPIRED_EVENT = 'atelier:session-expired';

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY) || null;
}

/** Both halves must be present and well-formed, otherwise there is no session. */
export function readStoredSession(): Session | null {
  const token = readStoredToken();
  const user = parseUser(localStorage.getItem(USER_STORAGE_KEY));
  return token && user ? { token, user } : null;
}

/** Per tab: the tab whose request was refused says why it is back at the login screen. */
const SESSION_ENDED_KEY = 'atelier:session-ended';

export function sessionEndedByServer(): boolean {
  return sessionStorage.getItem(SESSION_ENDED_KEY) !== null;
}

export function writeStoredSession(session: Session | null): void {
  sessionStorage.removeItem(SESSION_ENDED_KEY);
  if (session) {
    localStorage.setItem(TOKEN_STORAGE_KEY, session.token);
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
  } else {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
  }
}

/**
 * The token whose session is being handed over to a successor (the user's own new password), in
 * local storage so that every tab of the browser waits for it; it lapses should the tab doing it
 * close part-way.
 */
const REPLACING_KEY = 'atelier:replacing-session';
const REPLACING_MS = 60_000;

function beingReplaced(token: string): boolean {
  try {
    const mark = JSON.parse(localStorage.getItem(REPLACING_KEY) ?? 'null') as {
      token?: unknown;
      until?: unknown;
    } | null;
    return mark?.token === token && typeof mark.until === 'number' && Date.now() < mark.until;
  } catch {
    return false;
  }
}

/**
 * Runs `work`, which ends the session of `token` and begins its successor (writing it before it
 * resolves). Meanwhile, requests any tab made under `token` before the change are refused, and the
 * server pushes the change to every tab: none of that ends the session being handed over.
 */
export async function replacingSession<T>(token: string, work: () => Promise<T>): Promise<T> {
  const mark = JSON.stringify({ token, until: Date.now() + REPLACING_MS });
  localStorage.setItem(REPLACING_KEY, mark);
  try {
    return await work();
  } finally {
    if (localStorage.getItem(REPLACING_KEY) === mark) localStorage.removeItem(REPLACING_KEY);
  }
}

/**
 * Ends the session a request was refused under. A newer one, begun here or in another tab while
 * that request was on its way, is left alone: the refusal was of the old token, not of it.
 */
export function expireStoredSession(refusedToken: string): void {
  if (readStoredToken() !== refusedToken || beingReplaced(refusedToken)) return;
  const ended = readStoredSession();
  // before the login screen replaces the forms
  if (ended) keepDrafts(ended.user.id);
  writeStoredSession(null);
  if (ended) sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}
