import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/config.js';

/**
 * Production requires JWT_SECRET (checked by the config). In development a random secret is kept
 * in `<dataDir>/jwt-secret` so sessions survive restarts and every local process shares it.
 */
export async function resolveJwtSecret(config: AppConfig): Promise<string> {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // another process wrote it first
    return (await readFile(file, 'utf8')).trim();
  }
}
