import { USER_MESSAGES, isAdminRole, type Role } from '@atelier/shared';
import { BadRequestError, ForbiddenError } from '../common/app-errors.js';

/** Who acts on whom, read under lock so concurrent requests cannot both pass (see user-role-lock). */
export interface RoleState {
  actorId: number;
  /** The actor's role as it stands now, not when the request began. */
  actorRole: Role | null;
  target: { id: number; role: Role };
  superAdminCount: number;
}

/** DESIGN section 3: only a super_admin creates a super_admin or grants that role. */
export function assertMayGrantRole(actorRole: Role | null, role: Role): void {
  if (!isAdminRole(actorRole)) throw new ForbiddenError();
  if (role === 'super_admin' && actorRole !== 'super_admin') throw new ForbiddenError(USER_MESSAGES.superAdminOnly);
}

/** Only a super_admin edits a super_admin's account, folders or permissions. */
export function assertMayManage(actorRole: Role | null, targetRole: Role): void {
  if (!isAdminRole(actorRole)) throw new ForbiddenError();
  if (targetRole === 'super_admin' && actorRole !== 'super_admin')
    throw new ForbiddenError(USER_MESSAGES.superAdminOnly);
}

/** Nobody changes their own role, and the last super_admin keeps that role. */
export function assertMayChangeRole(state: RoleState, newRole: Role | undefined): void {
  assertMayManage(state.actorRole, state.target.role);
  if (newRole === undefined || newRole === state.target.role) return;
  assertMayGrantRole(state.actorRole, newRole);
  if (state.actorId === state.target.id) throw new BadRequestError(USER_MESSAGES.cannotChangeOwnRole);
  if (state.target.role === 'super_admin' && state.superAdminCount <= 1)
    throw new BadRequestError(USER_MESSAGES.lastSuperAdminDemote);
}

/** Nobody deletes themselves, and the last super_admin stays. */
export function assertMayDelete(state: RoleState): void {
  if (state.actorId === state.target.id) throw new BadRequestError(USER_MESSAGES.cannotDeleteSelf);
  assertMayManage(state.actorRole, state.target.role);
  if (state.target.role === 'super_admin' && state.superAdminCount <= 1)
    throw new BadRequestError(USER_MESSAGES.lastSuperAdminDelete);
}
