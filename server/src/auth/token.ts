export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'atelier';

export interface TokenPayload {
  sub: string;
  iat: number;
  exp: number;
  iss: string;
}
