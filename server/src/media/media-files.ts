import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { SIGNABLE_ROOTS } from './media-url-signer.js';

/**
 * Resolves a relative media path under the data directory, or null when it could escape it
 * (absolute, `..`, NUL, backslashes) or points outside the signable roots.
 */
export function resolveMediaPath(dataDir: string, relativePath: string): string | null {
  if (!relativePath || relativePath.includes('\0') || relativePath.includes('\\') || path.isAbsolute(relativePath))
    return null;
  const segments = relativePath.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  if (!(SIGNABLE_ROOTS as readonly string[]).includes(segments[0]!)) return null;
  const root = path.resolve(dataDir);
  const resolved = path.resolve(root, ...segments);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/** Where each signable root really is, looked up once: every media request needs it. */
const realRoots = new Map<string, Promise<string>>();

function realRoot(dir: string): Promise<string> {
  let root = realRoots.get(dir);
  if (!root) {
    root = realpath(dir);
    realRoots.set(dir, root);
    // not there yet (or unreadable): asked again next time rather than remembered as missing
    root.catch(() => realRoots.delete(dir));
  }
  return root;
}

/**
 * The file to serve for a relative media path: resolveMediaPath's checks, then the same again for
 * where the file really is, against where its signable root (media, assets) really is: a symbolic
 * link under it cannot lead to the data directory's secrets (jwt-secret, the database files), and
 * a root that is itself a link to another volume still serves.
 */
export async function servableMediaFile(dataDir: string, relativePath: string): Promise<string | null> {
  const file = resolveMediaPath(dataDir, relativePath);
  if (!file) return null;
  const signableRoot = path.join(dataDir, relativePath.split('/', 1)[0]!);
  try {
    const [real, root] = await Promise.all([realpath(file), realRoot(signableRoot)]);
    return real.startsWith(root + path.sep) ? real : null;
  } catch {
    return null;
  }
}
