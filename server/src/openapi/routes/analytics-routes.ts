import { analyticsQuerySchema, analyticsSchema } from '@atelier/shared';
import { ok, type RouteDoc } from '../route-doc.js';

export const analyticsRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/analytics/dashboard',
    tag: 'Analytics',
    summary: 'Usage over a period',
    description: "A personal view (the caller's jobs) for role user, the system view for admins.",
    access: 'user',
    query: analyticsQuerySchema,
    responses: [ok(analyticsSchema)],
  },
];
