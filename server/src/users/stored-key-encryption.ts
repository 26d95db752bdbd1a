import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { LOGGER } from '../common/runtime.js';
import { SecretCipher } from '../secrets/secret-cipher.js';

/**
 * Keys saved before they were encrypted at rest are encrypted when the API starts. Each row is
 * only rewritten if it still holds the plaintext read, so API processes starting together agree.
 */
@Injectable()
export class StoredKeyEncryption implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: SecretCipher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const rows: Array<{ id: number; eok_api_key: string }> = await this.db.query(
      `SELECT id, eok_api_key FROM users WHERE eok_api_key IS NOT NULL AND eok_api_key NOT LIKE 'enc:v1:%'`,
    );
    for (const row of rows) {
      await this.db.query('UPDATE users SET eok_api_key = $2 WHERE id = $1 AND eok_api_key = $3', [
        row.id,
        this.cipher.encrypt(row.eok_api_key),
        row.eok_api_key,
      ]);
    }
    if (rows.length) this.logger.info({ users: rows.length }, 'encrypted stored EOK API keys');
  }
}
