import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ConfigurationEntity } from './configuration.entity.js';

export interface SavedConfiguration {
  configuration: ConfigurationEntity;
  created: boolean;
}

@Injectable()
export class ConfigurationsRepository {
  constructor(@InjectRepository(ConfigurationEntity) private readonly repo: Repository<ConfigurationEntity>) {}

  /** The user's own configurations of a workflow, newest first. */
  listOwnForWorkflow(userId: number, workflowId: number): Promise<ConfigurationEntity[]> {
    return this.repo.find({ where: { userId, workflowId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findOwned(userId: number, id: number): Promise<ConfigurationEntity | null> {
    return this.repo.findOneBy({ id, userId });
  }

  /** Saving a name the user already has for the workflow replaces its values (one statement, so no race). */
  async upsertByName(
    userId: number,
    workflowId: number,
    configName: string,
    parameterValues: Record<string, unknown>,
  ): Promise<SavedConfiguration> {
    const rows: Array<{ id: number; inserted: boolean }> = await this.repo.query(
      `INSERT INTO configurations (user_id, workflow_id, config_name, parameter_values)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT configurations_user_workflow_name_key
       DO UPDATE SET parameter_values = EXCLUDED.parameter_values, updated_at = now()
       RETURNING id, (xmax = 0) AS inserted`,
      [userId, workflowId, configName, JSON.stringify(parameterValues)],
    );
    const row = rows[0]!;
    const configuration = await this.repo.findOneByOrFail({ id: row.id });
    return { configuration, created: row.inserted };
  }

  async deleteOwned(userId: number, id: number): Promise<boolean> {
    const result = await this.repo.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }
}
