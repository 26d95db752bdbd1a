import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role, SessionUser } from '@atelier/shared';

export const IS_PUBLIC = 'atelier:isPublic';
export const ROLES = 'atelier:roles';

/** Marks a route that needs no bearer token. Everything else under /api does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts a route to the given roles, checked on the server by RolesGuard. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const AdminOnly = () => Roles('admin', 'super_admin');

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionUser => {
  const request = ctx.switchToHttp().getRequest<Request & { user: SessionUser }>();
  return request.user;
});
