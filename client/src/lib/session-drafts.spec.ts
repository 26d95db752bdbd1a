import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { sessionAtom } from '../features/auth/atoms/session-atom';
import { dropDraft, dropDraftsUnlessOf, peekDraft, registerDraftSource } from './session-drafts';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, expireStoredSession } from './session-storage';

const marie = { id: 3, username: 'marie', role: 'user' } as const;

function signedIn(user: { id: number; username: string; role: string } = marie) {
  localStorage.setItem(TOKEN_STORAGE_KEY, `tok-${user.id}`);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

describe('drafts kept when the server ends a session', () => {
  it("keeps each mounted form's typing for the same user, given back once", () => {
    signedIn();
    const stopPanel = registerDraftSource('panel', () => ({ job_name: 'Dusk', batch: '4' }));
    const stopEmpty = registerDraftSource('untouched', () => undefined);
    expireStoredSession('tok-3');
    stopPanel();
    stopEmpty();

    expect(peekDraft('panel', marie.id)).toEqual({ job_name: 'Dusk', batch: '4' });
    expect(peekDraft('untouched', marie.id)).toBeUndefined();
    expect(peekDraft('panel', 4)).toBeUndefined();
    dropDraft('panel');
    expect(peekDraft('panel', marie.id)).toBeUndefined();
  });

  it('keeps nothing when no one was signed in, and an unmounted form is no longer asked', () => {
    const stop = registerDraftSource('panel', () => ({ job_name: 'Gone' }));
    stop();
    signedIn();
    expireStoredSession('tok-3');
    expect(peekDraft('panel', marie.id)).toBeUndefined();

    registerDraftSource('panel', () => ({ job_name: 'Nobody' }))();
    expireStoredSession('tok-3');
    expect(peekDraft('panel', marie.id)).toBeUndefined();
  });

  it('drops them on a sign-out or a sign-in as someone else, not on the same user signing in', () => {
    signedIn();
    const stop = registerDraftSource('panel', () => 'typed');
    expireStoredSession('tok-3');
    stop();
    dropDraftsUnlessOf(marie.id);
    expect(peekDraft('panel', marie.id)).toBe('typed');
    dropDraftsUnlessOf(4);
    expect(peekDraft('panel', marie.id)).toBeUndefined();

    signedIn();
    registerDraftSource('other', () => 'typed')();
    const stopAgain = registerDraftSource('panel', () => 'typed');
    expireStoredSession('tok-3');
    stopAgain();
    dropDraftsUnlessOf(null);
    expect(peekDraft('panel', marie.id)).toBeUndefined();
  });

  it("keeps this tab's typing when another tab's sign-out or expiry ends the session here", () => {
    signedIn();
    const s = createStore();
    const unsubscribe = s.sub(sessionAtom, () => {});
    const stop = registerDraftSource('panel', () => 'typed here');
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    stop();
    expect(s.get(sessionAtom)).toBeNull();
    expect(peekDraft('panel', marie.id)).toBe('typed here');

    // and lets them go when that other tab signs in as someone else
    signedIn({ id: 4, username: 'paul', role: 'user' });
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    expect(peekDraft('panel', marie.id)).toBeUndefined();
    unsubscribe();
  });

  it('reads storage it cannot parse as no drafts', () => {
    sessionStorage.setItem('atelier:drafts', '{not json');
    expect(peekDraft('panel', marie.id)).toBeUndefined();
    sessionStorage.setItem('atelier:drafts', JSON.stringify({ userId: 'three', drafts: {} }));
    expect(peekDraft('panel', marie.id)).toBeUndefined();
  });
});
