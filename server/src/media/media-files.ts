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

/** Where each data directory really is, looked up once: every media request needs it. */
const realRoots = new Map<string, Promise<string>>();

function realRoot(dataDir: string): Promise<string> {
  let root = realRoots.get(dataDir);
  if (!root) {
    root = realpath(dataDir);
    realRoots.set(dataDir, root);
    // not there yet (or unreadable): asked again next time rather than remembered as missing
    root.catch(() => realRoots.delete(dataDir));
  }
  return root;
}

/**
 * The file to serve for a relative media path: resolveMediaPath's checks, then the same again for
 * where the file really is, so a symbolic link under the data directory cannot lead out of it.
 */
export async function servableMediaFile(dataDir: string, relativePath: string): Promise<string | null> {
  const file = resolveMediaPath(dataDir, relativePath);
  if (!file) return null;
  try {
    const [real, root] = await Promise.all([realpath(file), realRoot(dataDir)]);
    return real.startsWith(root + path.sep) ? real : null;
  } catch {
    return null;
  }
}
