import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { dropDraft, peekDraft, registerDraftSource } from '../../../lib/session-drafts';
import { currentUserAtom } from '../atoms/session-atom';

/**
 * What was kept under `key` when the server last ended this user's session (undefined when
 * nothing was), given once: the caller checks that it still fits and starts from it.
 */
export function useKeptDraft(key: string | null): unknown {
  const userId = useAtomValue(currentUserAtom)?.id;
  const kept = useMemo(() => (key === null ? undefined : peekDraft(key, userId)), [key, userId]);
  useEffect(() => {
    if (key !== null) dropDraft(key);
  }, [key]);
  return kept;
}

/** Offers `current` (undefined: nothing of the user's) as the draft of `key` should the server end the session. */
export function useDraftSource(key: string | null, current: unknown): void {
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  useEffect(() => (key === null ? undefined : registerDraftSource(key, () => latest.current)), [key]);
}
