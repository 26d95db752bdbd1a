import { describe, expect, it } from 'vitest';
import { sessionClaims, sessionSubject } from './token.js';

describe('sessionSubject', () => {
  const claims = { sub: '42', iat: 1_700_000_000, exp: 1_700_003_600, iss: 'atelier', pwd: 1_699_999_999_123 };

  it('reads the user id, password stamp and expiry of a token the API signed', () => {
    expect(sessionSubject(claims)).toEqual({ userId: 42, pwd: 1_699_999_999_123, exp: 1_700_003_600 });
    expect(sessionClaims(new Date(1_699_999_999_123))).toEqual({ pwd: 1_699_999_999_123 });
  });

  it('refuses a token without exp, iat or the password stamp', () => {
    for (const missing of ['exp', 'iat', 'pwd', 'sub'] as const) {
      const { [missing]: _, ...rest } = claims;
      expect(sessionSubject(rest), missing).toBeNull();
    }
    expect(sessionSubject({ ...claims, exp: '1700003600' })).toBeNull();
    expect(sessionSubject(null)).toBeNull();
    expect(sessionSubject('42')).toBeNull();
  });

  it('refuses a subject that is no PostgreSQL integer id', () => {
    for (const sub of ['0', '-1', '042', '1e3', '0x10', ' 42', '42 ', '4.2', '2147483648', '9'.repeat(30), '', 42]) {
      expect(sessionSubject({ ...claims, sub }), JSON.stringify(sub)).toBeNull();
    }
    expect(sessionSubject({ ...claims, sub: '2147483647' })?.userId).toBe(2_147_483_647);
  });
});
