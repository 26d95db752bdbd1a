import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createStore, useAtomValue } from 'jotai';
import { describe, expect, it } from 'vitest';
import { sessionAtom } from '../features/auth/atoms/session-atom';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../lib/session-storage';
import { AppProviders } from './providers';

function SignedInAs() {
  return <p>{useAtomValue(sessionAtom)?.user.username ?? 'nobody'}</p>;
}

function signInElsewhere(token: string, user: { id: number; username: string; role: 'user' }) {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
}

describe('app providers', () => {
  it("drop the last user's cached answers when another tab signs in as someone else", () => {
    signInElsewhere('tok-a', { id: 1, username: 'alice', role: 'user' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['jobs', 'history'], { jobs: ["alice's secret job"] });
    render(
      <AppProviders queryClient={queryClient} store={createStore()}>
        <SignedInAs />
      </AppProviders>,
    );
    expect(screen.getByText('alice')).toBeInTheDocument();

    act(() => signInElsewhere('tok-b', { id: 2, username: 'bob', role: 'user' }));
    expect(screen.getByText('bob')).toBeInTheDocument();
    expect(queryClient.getQueryData(['jobs', 'history'])).toBeUndefined();
  });
});
