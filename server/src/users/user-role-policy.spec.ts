import { describe, expect, it } from 'vitest';
import type { Role } from '@atelier/shared';
import { AppError } from '../common/app-errors.js';
import { assertMayChangeRole, assertMayDelete, assertMayGrantRole, type RoleState } from './user-role-policy.js';

const state = (actorRole: Role | null, targetRole: Role, superAdminCount = 2, self = false): RoleState => ({
  actorId: 1,
  actorRole,
  target: { id: self ? 1 : 2, role: targetRole },
  superAdminCount,
});

/** The status and text a rule refuses with, or 'ok'. */
function outcome(rule: () => void): string {
  try {
    rule();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.message}`;
    throw error;
  }
}

describe('user role rules (DESIGN section 3)', () => {
  it('lets only a super_admin grant super_admin', () => {
    expect(outcome(() => assertMayGrantRole('admin', 'admin'))).toBe('ok');
    expect(outcome(() => assertMayGrantRole('admin', 'super_admin'))).toMatch(/^403 Only a super admin/);
    expect(outcome(() => assertMayGrantRole('super_admin', 'super_admin'))).toBe('ok');
    expect(outcome(() => assertMayGrantRole('user', 'user'))).toMatch(/^403/);
    expect(outcome(() => assertMayGrantRole(null, 'user'))).toMatch(/^403/);
  });

  it('never demotes the last super_admin, nor lets anyone change their own role', () => {
    expect(outcome(() => assertMayChangeRole(state('super_admin', 'super_admin', 1), 'admin'))).toBe(
      '400 The last super admin cannot be demoted',
    );
    expect(outcome(() => assertMayChangeRole(state('super_admin', 'super_admin', 2), 'admin'))).toBe('ok');
    expect(outcome(() => assertMayChangeRole(state('super_admin', 'super_admin', 2, true), 'admin'))).toBe(
      '400 You cannot change your own role',
    );
    expect(outcome(() => assertMayChangeRole(state('super_admin', 'super_admin', 1, true), 'super_admin'))).toBe('ok');
    expect(outcome(() => assertMayChangeRole(state('admin', 'super_admin'), undefined))).toMatch(/^403/);
    expect(outcome(() => assertMayChangeRole(state('admin', 'user'), 'admin'))).toBe('ok');
  });

  it('never deletes the last super_admin, nor lets anyone delete themselves', () => {
    expect(outcome(() => assertMayDelete(state('super_admin', 'super_admin', 1)))).toBe(
      '400 The last super admin cannot be deleted',
    );
    expect(outcome(() => assertMayDelete(state('super_admin', 'super_admin', 2)))).toBe('ok');
    expect(outcome(() => assertMayDelete(state('admin', 'admin', 1, true)))).toBe(
      '400 You cannot delete your own account',
    );
    expect(outcome(() => assertMayDelete(state('admin', 'super_admin', 3)))).toMatch(/^403/);
    expect(outcome(() => assertMayDelete(state('admin', 'user')))).toBe('ok');
  });
});
