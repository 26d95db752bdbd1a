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
