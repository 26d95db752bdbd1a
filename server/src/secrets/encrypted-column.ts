import type { ValueTransformer } from 'typeorm';
import type { SecretCipher } from './secret-cipher.js';

/**
 * TypeORM builds column transformers when the entity classes load, before any configuration
 * exists, so the cipher they use is installed here by the process at start-up (SecretsModule).
 */
let installed: SecretCipher | null = null;

export function installSecretCipher(cipher: SecretCipher): SecretCipher {
  installed = cipher;
  return cipher;
}

function cipher(): SecretCipher {
  if (!installed) throw new Error('no SecretCipher installed: import SecretsModule');
  return installed;
}

/** A nullable text column stored encrypted: entities hold the plaintext, the table the ciphertext. */
export const encryptedText: ValueTransformer = {
  to: (value: string | null | undefined) => (typeof value === 'string' ? cipher().encrypt(value) : value),
  // a value that no longer decrypts stays as stored (and still reads as encrypted), so loading the
  // user (to sign in, say) keeps working; what would use the key refuses it (see job-runner)
  from: (value: string | null) => {
    if (value === null) return null;
    try {
      return cipher().decrypt(value);
    } catch {
      return value;
    }
  },
};
