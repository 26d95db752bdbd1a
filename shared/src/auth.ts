import { z } from 'zod';
import { MESSAGES } from './messages.js';

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export function isAdminRole(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'super_admin';
}

const requiredText = z
  .string({ error: MESSAGES.loginFieldsRequired })
  .refine((v) => v.trim().length > 0, { error: MESSAGES.loginFieldsRequired });

/** No account has a longer name or password, so the answer is the one a wrong password gets. */
export const loginRequestSchema = z.object({
  username: requiredText.pipe(z.string().max(200, { error: MESSAGES.invalidCredentials })),
  password: requiredText.pipe(z.string().max(1000, { error: MESSAGES.invalidCredentials })),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The user as the session knows it (SPEC section 3, User (session)). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
  version: z.string(),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /session: the user the presented token stands for. */
export const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
