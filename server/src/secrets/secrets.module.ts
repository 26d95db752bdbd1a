import { Global, Module } from '@nestjs/common';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { installSecretCipher } from './encrypted-column.js';
import { SecretCipher } from './secret-cipher.js';

/** The process's SecretCipher, also installed for the encrypted entity columns. */
@Global()
@Module({
  providers: [
    {
      provide: SecretCipher,
      inject: [RUNTIME],
      useFactory: (runtime: Runtime) =>
        installSecretCipher(SecretCipher.fromSecrets(runtime.config.auth.secretsKey, runtime.jwtSecret)),
    },
  ],
  exports: [SecretCipher],
})
export class SecretsModule {}
