import type { EntityManager } from 'typeorm';
import type { Role } from '@atelier/shared';
import type { RoleState } from './user-role-policy.js';

/**
 * Inside a transaction: locks every super_admin row, then the target and the actor, and reads the
 * role state. Every role-changing or deleting transaction takes the super_admin locks first, so two
 * super admins demoting each other at once run one after the other and the second sees the first's
 * result: the last super_admin can never be lost to a race. Null when the target does not exist.
 * Also the target's updated_at, read under the same lock, for an edit's version check.
 */
export async function lockRoleState(
  manager: EntityManager,
  targetId: number,
  actorId: number,
): Promise<(RoleState & { targetUpdatedAt: Date }) | null> {
  const superAdmins: Array<{ id: number }> = await manager.query(
    `SELECT id FROM users WHERE role = 'super_admin' ORDER BY id FOR UPDATE`,
  );
  const rows: Array<{ id: number; role: Role; updated_at: Date }> = await manager.query(
    'SELECT id, role, updated_at FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [[targetId, actorId]],
  );
  const target = rows.find((r) => r.id === targetId);
  if (!target) return null;
  return {
    actorId,
    actorRole: rows.find((r) => r.id === actorId)?.role ?? null,
    target: { id: target.id, role: target.role },
    targetUpdatedAt: target.updated_at,
    superAdminCount: superAdmins.length,
  };
}
