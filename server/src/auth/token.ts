import { createSecretKey, type KeyObject } from 'node:crypto';

export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'atelier';

export interface TokenPayload {
  sub: string;
  iat: number;
  exp: number;
  iss: string;
}

/**
 * The signing secret as a KeyObject. Given a string, jsonwebtoken first tries to parse it as a
 * public key (and fails) on every single verify, which cost more than the rest of a request.
 */
export function jwtKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
