import type { EntityManager } from 'typeorm';

export async function readSetting<T>(m: EntityManager, key: string): Promise<T | null> {
  const rows: Array<{ value: T }> = await m.query('SELECT value FROM system_settings WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

export async function writeSetting(m: EntityManager, key: string, value: unknown): Promise<void> {
  await m.query(
    `INSERT INTO system_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
