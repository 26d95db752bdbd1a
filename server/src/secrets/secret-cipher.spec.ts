import { describe, expect, it } from 'vitest';
import { SecretCipher, SecretDecryptError } from './secret-cipher.js';

const jwtSecret = 'j'.repeat(40);

describe('SecretCipher', () => {
  it('round-trips a secret, with a fresh IV each time and nothing of the plaintext in the stored form', () => {
    const cipher = SecretCipher.fromSecrets(undefined, jwtSecret);
    const a = cipher.encrypt('eok_live_secret_value');
    const b = cipher.encrypt('eok_live_secret_value');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(cipher.decrypt(a)).toBe('eok_live_secret_value');
    expect(cipher.decrypt(b)).toBe('eok_live_secret_value');
  });

  it('answers a value stored before encryption as it is', () => {
    expect(SecretCipher.fromSecrets(undefined, jwtSecret).decrypt('plain-old-key')).toBe('plain-old-key');
  });

  it('refuses a tampered value and a value of another key', () => {
    const cipher = SecretCipher.fromSecrets(undefined, jwtSecret);
    const stored = cipher.encrypt('eok_live_secret_value');
    const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
    expect(() => cipher.decrypt(tampered)).toThrow(SecretDecryptError);
    expect(() => cipher.decrypt('enc:v1:short')).toThrow(SecretDecryptError);
    expect(() => SecretCipher.fromSecrets(undefined, 'k'.repeat(40)).decrypt(stored)).toThrow(SecretDecryptError);
  });

  it('uses SECRETS_KEY when set, so the JWT secret can rotate', () => {
    const secretsKey = 's'.repeat(40);
    const stored = SecretCipher.fromSecrets(secretsKey, jwtSecret).encrypt('value');
    expect(SecretCipher.fromSecrets(secretsKey, 'another-jwt-secret-of-40-characters-xxxx').decrypt(stored)).toBe(
      'value',
    );
    expect(() => SecretCipher.fromSecrets(undefined, jwtSecret).decrypt(stored)).toThrow(SecretDecryptError);
  });
});
