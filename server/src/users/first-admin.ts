import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { isEmailAddress } from '@atelier/shared';
import type { AppConfig } from '../config/config.js';

/** Any fixed number works; it only has to be the same in every process. */
const FIRST_ADMIN_LOCK_KEY = 727_002;

/**
 * `<username>@localhost`, or admin@localhost when the username cannot be the local part of an
 * address (ADMIN_USERNAME may hold a space): the account must pass the user dialog's email check,
 * or nobody could edit it without first making up an address for it.
 */
function firstAdminEmail(username: string): string {
  const own = `${username}@localhost`;
  return isEmailAddress(own) ? own : 'admin@localhost';
}

/**
 * DESIGN section 2: on first start with no users, create a super_admin from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or `admin` with a random password printed once. Safe when processes race.
 */
export async function ensureFirstSuperAdmin(
  databaseUrl: string,
  config: AppConfig,
  hashPassword: (password: string) => Promise<string>,
  logger: Logger,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
    if (Number(rows[0]?.n) > 0) {
      await client.query('COMMIT');
      return;
    }
    const username = config.auth.adminUsername;
    const generated = !config.auth.adminPassword;
    const password = config.auth.adminPassword ?? randomBytes(12).toString('base64url');
    await client.query(`INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, 'super_admin')`, [
      username,
      firstAdminEmail(username),
      await hashPassword(password),
    ]);
    await client.query('COMMIT');
    if (generated) {
      const message = `created the first super_admin "${username}" with password "${password}" (shown once; change it after signing in)`;
      // the only copy of the password: a LOG_LEVEL that drops warnings (error, fatal, silent) would
      // lock everyone out of the new install, so it goes to stderr then
      if (logger.isLevelEnabled('warn')) logger.warn({ username, password }, message);
      else process.stderr.write(`${message}\n`);
    } else {
      logger.info({ username }, `created the first super_admin "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
