import { createSecretKey, type KeyObject } from 'node:crypto';

export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'atelier';

/** The largest id PostgreSQL's `integer` holds: a larger `sub` names nobody (and must not reach a query). */
const MAX_USER_ID = 2_147_483_647;

export interface TokenPayload {
  sub: string;
  iat: number;
  exp: number;
  iss: string;
  /** The user's password_changed_at (ms) when the token was signed: see sessionClaims. */
  pwd: number;
}

/**
 * The claims a session token carries besides sub, iat, exp and iss. `pwd` pins the password the
 * token was issued under to the millisecond: `iat` has whole seconds, so comparing it with the
 * change time let a token signed in the same second as a password change outlive it.
 */
export function sessionClaims(passwordChangedAt: Date): Pick<TokenPayload, 'pwd'> {
  return { pwd: passwordChangedAt.getTime() };
}

/** Whose session a token is, under which password (see sessionClaims), and until when (seconds). */
export interface SessionSubject {
  userId: number;
  pwd: number;
  exp: number;
}

/**
 * The user id a verified token names, or null when its claims are not those the API signs.
 * jsonwebtoken accepts a token without `exp` (it only checks one that is there), so their presence
 * is checked here.
 */
export function sessionSubject(payload: unknown): SessionSubject | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, iat, exp, pwd } = payload as Partial<Record<keyof TokenPayload, unknown>>;
  if (typeof iat !== 'number' || typeof exp !== 'number' || typeof pwd !== 'number') return null;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
  const userId = Number(sub);
  return userId <= MAX_USER_ID ? { userId, pwd, exp } : null;
}

/**
 * The signing secret as a KeyObject. Given a string, jsonwebtoken first tries to parse it as a
 * public key (and fails) on every single verify, which cost more than the rest of a request.
 */
export function jwtKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
