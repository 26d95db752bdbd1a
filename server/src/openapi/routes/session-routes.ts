import {
  MESSAGES,
  healthResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  sessionResponseSchema,
} from '@atelier/shared';
import { z } from 'zod';
import { either, ok, type RouteDoc } from '../route-doc.js';

const mediaParams = z.object({
  path: z.string().meta({ description: 'The stored file, relative to the media folder; may contain slashes' }),
});
const mediaQuery = z.object({
  exp: z.string().meta({ description: 'Expiry, seconds since the epoch' }),
  sig: z.string().meta({ description: 'Signature of path and expiry' }),
});

/** Signing in, the session, and what runs without a token. */
export const sessionRoutes: RouteDoc[] = [
  {
    method: 'post',
    path: '/login',
    tag: 'Session',
    summary: 'Sign in',
    description: 'Returns a bearer token for the other calls.',
    access: 'public',
    body: loginRequestSchema,
    responses: [ok(loginResponseSchema, 'Signed in')],
    errors: {
      401: either(MESSAGES.invalidCredentials),
      429: `${either(MESSAGES.tooManyLoginAttempts)}, after too many failures for the username or attempts from the address`,
    },
  },
  {
    method: 'get',
    path: '/session',
    tag: 'Session',
    summary: 'The signed-in user',
    description: 'Confirms that a stored token still stands (401 once it expired or the password changed).',
    access: 'user',
    responses: [ok(sessionResponseSchema)],
  },
  {
    method: 'get',
    path: '/health',
    tag: 'System',
    summary: 'Health of the API, database and Redis',
    access: 'public',
    responses: [
      ok(healthResponseSchema, 'Database and Redis answer'),
      { status: 503, description: 'Database or Redis does not answer', schema: healthResponseSchema },
    ],
  },
  {
    method: 'get',
    path: '/media/{path}',
    tag: 'System',
    summary: 'A stored image or video, by signed URL',
    description: 'The URLs come in gallery items, job results and assets; `<img>` and `<video>` send no token.',
    access: 'public',
    params: mediaParams,
    query: mediaQuery,
    responses: [{ status: 200, description: 'The file', media: ['image/*', 'video/*'] }],
    errors: {
      400: null,
      404: `${either(MESSAGES.notFound)}, also for a bad or expired signature, so URLs reveal nothing about which files exist`,
    },
  },
];
