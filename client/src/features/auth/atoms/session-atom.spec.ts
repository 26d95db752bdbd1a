import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, expireStoredSession } from '../../../lib/session-storage';
import { currentUserAtom, isAdminAtom, onSessionUserChange, sessionAtom } from './session-atom';

const marie = { id: 3, username: 'marie', role: 'admin' } as const;

function store(token: string | null, user: string | null) {
  if (token !== null) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  if (user !== null) localStorage.setItem(USER_STORAGE_KEY, user);
  return createStore();
}

describe('session atom', () => {
  it('restores the token and user kept in local storage', () => {
    const s = store('tok-1', JSON.stringify(marie));
    expect(s.get(sessionAtom)).toEqual({ token: 'tok-1', user: marie });
    expect(s.get(currentUserAtom)).toEqual(marie);
    expect(s.get(isAdminAtom)).toBe(true);
  });

  it.each([
    ['nothing stored', null, null],
    ['a token without a user', 'tok-1', null],
    ['a user without a token', null, JSON.stringify(marie)],
    ['a user that is not JSON', 'tok-1', '{not json'],
    ['a user with an unknown role', 'tok-1', JSON.stringify({ ...marie, role: 'owner' })],
  ])('starts signed out with %s', (_case, token, user) => {
    const s = store(token, user);
    expect(s.get(sessionAtom)).toBeNull();
    expect(s.get(isAdminAtom)).toBe(false);
  });

  it('persists a new session and clears both keys on sign-out', () => {
    const s = createStore();
    s.set(sessionAtom, { token: 'tok-2', user: marie });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(marie);
    expect(createStore().get(sessionAtom)).toEqual({ token: 'tok-2', user: marie });

    s.set(sessionAtom, null);
    expect(s.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('follows a session ended outside React (a 401 seen by the API client)', () => {
    const s = store('tok-3', JSON.stringify({ ...marie, role: 'user' }));
    const unsubscribe = s.sub(sessionAtom, () => {});
    expect(s.get(sessionAtom)?.token).toBe('tok-3');

    expireStoredSession('tok-3');
    expect(s.get(sessionAtom)).toBeNull();
    unsubscribe();
  });

  it('tells when another tab or an expiry changes the user, not when the same user signs in again', () => {
    const s = store('tok-5', JSON.stringify(marie));
    const unsubscribe = s.sub(sessionAtom, () => {});
    const changed = vi.fn();
    const stopListening = onSessionUserChange(changed);
    const otherTab = (token: string, user: object) => {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
      localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    };

    otherTab('tok-6', marie);
    expect(changed).not.toHaveBeenCalled();
    otherTab('tok-7', { id: 4, username: 'paul', role: 'user' });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(s.get(currentUserAtom)?.username).toBe('paul');
    expireStoredSession('tok-7');
    expect(changed).toHaveBeenCalledTimes(2);
    stopListening();
    unsubscribe();
  });

  it('follows another tab signing in', () => {
    const s = createStore();
    const unsubscribe = s.sub(sessionAtom, () => {});
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-4');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(marie));
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    expect(s.get(sessionAtom)).toEqual({ token: 'tok-4', user: marie });
    unsubscribe();
  });
});
