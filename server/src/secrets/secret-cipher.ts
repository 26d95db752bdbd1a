import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretDecryptError extends Error {
  constructor() {
    super(
      'A stored secret cannot be decrypted: SECRETS_KEY (or, without it, JWT_SECRET) has changed since it was saved',
    );
  }
}

/**
 * AES-256-GCM for secrets stored in the database (users' EOK API keys). A stored value is
 * `enc:v1:` + base64url(iv | tag | ciphertext); a value without the prefix is a plaintext one from
 * before encryption, answered as it is until it is re-encrypted.
 */
export class SecretCipher {
  private constructor(private readonly key: Buffer) {}

  /**
   * SECRETS_KEY when set; otherwise a key derived from the JWT secret, so an instance running on
   * embedded defaults still encrypts (rotating that secret then needs SECRETS_KEY set to the old one).
   */
  static fromSecrets(secretsKey: string | undefined, jwtSecret: string): SecretCipher {
    const material = secretsKey ?? jwtSecret;
    const salt = createHash('sha256').update('atelier-secrets').digest();
    return new SecretCipher(Buffer.from(hkdfSync('sha256', material, salt, 'atelier-secrets-v1', 32)));
  }

  static isEncrypted(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  decrypt(stored: string): string {
    if (!SecretCipher.isEncrypted(stored)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptError();
    }
  }
}
