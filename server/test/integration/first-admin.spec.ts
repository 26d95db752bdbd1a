import { afterEach, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { PasswordHasher } from '../../src/auth/password-hasher.js';
import { loadConfig } from '../../src/config/config.js';
import { ensureFirstSuperAdmin } from '../../src/users/first-admin.js';
import { updateUserRequestSchema } from '@atelier/shared';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const hasher = new PasswordHasher();
const hash = (p: string) => hasher.hash(p);

describe('the first super_admin', () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('is created from ADMIN_USERNAME and ADMIN_PASSWORD on first start only', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const config = loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'correct-horse' });
    const { logger } = capturingLogger();
    await ensureFirstSuperAdmin(db.url, config, hash, logger);
    await ensureFirstSuperAdmin(
      db.url,
      loadConfig({ ADMIN_USERNAME: 'other', ADMIN_PASSWORD: 'another-pw' }),
      hash,
      logger,
    );
    const { rows } = await db.pool.query<{ username: string; role: string; password_hash: string }>(
      'SELECT * FROM users',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'root', role: 'super_admin' });
    expect(await hasher.verify(rows[0]!.password_hash, 'correct-horse')).toBe(true);
  });

  it('gets a random password printed once in the log when none is configured', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const { logger, lines } = capturingLogger();
    await ensureFirstSuperAdmin(db.url, loadConfig({}), hash, logger);
    const logged = JSON.parse(lines.find((l) => l.includes('first super_admin'))!) as {
      username: string;
      password: string;
    };
    expect(logged.username).toBe('admin');
    const { rows } = await db.pool.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE username = 'admin'`,
    );
    expect(await hasher.verify(rows[0]!.password_hash, logged.password)).toBe(true);
  });

  it('gets its random password shown even when LOG_LEVEL hides warnings, the only copy there is', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const lines: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(chunk.toString());
      return true;
    });
    try {
      await ensureFirstSuperAdmin(db.url, loadConfig({ LOG_LEVEL: 'error' }), hash, pino({ level: 'error' }));
    } finally {
      stderr.mockRestore();
    }
    const password = /with password "([^"]+)"/.exec(lines.join(''))?.[1];
    expect(password).toBeDefined();
    const { rows } = await db.pool.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE username = 'admin'`,
    );
    expect(await hasher.verify(rows[0]!.password_hash, password!)).toBe(true);
  });

  it('gets an email address the user dialog takes, so the account can be saved as it is', async () => {
    for (const [username, email] of [
      ['root', 'root@localhost'],
      ['Ops Team', 'admin@localhost'],
    ]) {
      db = await createTestDatabase(inject('databaseAdminUrl'));
      await ensureFirstSuperAdmin(db.url, loadConfig({ ADMIN_USERNAME: username }), hash, capturingLogger().logger);
      const { rows } = await db.pool.query<{ email: string }>('SELECT email FROM users');
      expect(rows.map((r) => r.email)).toEqual([email]);
      // what Edit sends back unchanged
      expect(updateUserRequestSchema.safeParse({ email, role: 'super_admin' }).success, email).toBe(true);
      await db.drop();
      db = undefined;
    }
  });

  it('is created exactly once when processes start together', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const { logger } = capturingLogger();
    const config = loadConfig({ ADMIN_PASSWORD: 'correct-horse' });
    await Promise.all([1, 2, 3, 4].map(() => ensureFirstSuperAdmin(db!.url, config, hash, logger)));
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBe(1);
  });
});
