import { z } from 'zod';

/**
 * What a user had typed when the server ended their session (the token expired, their password or
 * account changed). The login screen then replaces the app (SPEC section 1), so the typing would be
 * lost; it is kept in this tab and given back when the same user signs in again here.
 */
const DRAFTS_KEY = 'atelier:drafts';

const storedDraftsSchema = z.object({ userId: z.number(), drafts: z.record(z.string(), z.unknown()) });
type StoredDrafts = z.infer<typeof storedDraftsSchema>;

/** Each mounted form's current typing, or undefined when it holds nothing of the user's. */
const sources = new Map<string, () => unknown>();

export function registerDraftSource(key: string, snapshot: () => unknown): () => void {
  sources.set(key, snapshot);
  return () => {
    if (sources.get(key) === snapshot) sources.delete(key);
  };
}

function readDrafts(): StoredDrafts | null {
  try {
    const raw = sessionStorage.getItem(DRAFTS_KEY);
    const parsed = raw ? storedDraftsSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeDrafts(stored: StoredDrafts): void {
  try {
    if (Object.keys(stored.drafts).length === 0) sessionStorage.removeItem(DRAFTS_KEY);
    else sessionStorage.setItem(DRAFTS_KEY, JSON.stringify(stored));
  } catch {
    // storage full or refused: the typing is lost, as it was before drafts were kept
  }
}

/** Called as the session ends, while the forms are still on screen. */
export function keepDrafts(userId: number): void {
  const drafts: Record<string, unknown> = {};
  for (const [key, snapshot] of sources) {
    const value = snapshot();
    if (value !== undefined) drafts[key] = value;
  }
  // a page with nothing typed leaves an earlier snapshot (from before a reload) in place
  if (Object.keys(drafts).length > 0) writeDrafts({ userId, drafts });
}

/** The kept draft of `key` if it is this user's; read only, so a render may call it. */
export function peekDraft(key: string, userId: number | undefined): unknown {
  const stored = readDrafts();
  return stored && stored.userId === userId ? stored.drafts[key] : undefined;
}

/** A draft is given back once. */
export function dropDraft(key: string): void {
  const stored = readDrafts();
  if (!stored || !(key in stored.drafts)) return;
  const rest = { ...stored.drafts };
  delete rest[key];
  writeDrafts({ userId: stored.userId, drafts: rest });
}

/** On a sign-out, or a sign-in as someone else: nothing typed before is theirs to see. */
export function dropDraftsUnlessOf(userId: number | null): void {
  const stored = readDrafts();
  if (stored && stored.userId !== userId) writeDrafts({ userId: stored.userId, drafts: {} });
}

/** Said beside a form given back: it looks as it did, but what it was for never reached the server. */
export const DRAFT_RESTORED = {
  notSubmitted: 'Your session had ended, so nothing was submitted. What you had entered is back.',
  notSaved: 'Your session had ended, so nothing was saved. What you had entered is back.',
} as const;
