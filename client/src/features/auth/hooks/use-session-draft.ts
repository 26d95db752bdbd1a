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

/**
 * Offers what `snapshot` answers (undefined: nothing of the user's) as the draft of `key` should the
 * server end the session. Asked only then, so a form pays nothing for it while it is typed in.
 */
export function useDraftSource(key: string | null, snapshot: () => unknown): void {
  const latest = useRef(snapshot);
  useLayoutEffect(() => {
    latest.current = snapshot;
  });
  useEffect(() => (key === null ? undefined : registerDraftSource(key, () => latest.current())), [key]);
}
