import { Injectable } from '@nestjs/common';
import { CONFIGURATION_MESSAGES, type Configuration, type SessionUser } from '@atelier/shared';
import { NotFoundError } from '../common/app-errors.js';
import { WorkflowParameters } from '../jobs/workflow-parameters.js';
import { WorkflowAccessService } from '../workflows/workflow-access.service.js';
import type { ConfigurationEntity } from './configuration.entity.js';
import { ConfigurationsRepository } from './configurations.repository.js';

export function toConfiguration(c: ConfigurationEntity): Configuration {
  return {
    id: c.id,
    workflow_id: c.workflowId,
    config_name: c.configName,
    parameter_values: c.parameterValues,
    created_at: c.createdAt.toISOString(),
  };
}

export interface SaveConfigurationInput {
  workflow_id: number;
  config_name: string;
  parameter_values: Record<string, unknown>;
}

/**
 * Saved parameter sets: each user sees and changes only their own, and only for workflows they
 * may see (SPEC section 6); anything else is not found.
 */
@Injectable()
export class ConfigurationsService {
  constructor(
    private readonly configurations: ConfigurationsRepository,
    private readonly access: WorkflowAccessService,
    private readonly parameters: WorkflowParameters,
  ) {}

  async listForWorkflow(user: SessionUser, workflowId: number): Promise<Configuration[]> {
    await this.access.findVisible(user, workflowId);
    return (await this.configurations.listOwnForWorkflow(user.id, workflowId)).map(toConfiguration);
  }

  async save(
    user: SessionUser,
    input: SaveConfigurationInput,
  ): Promise<{ configuration: Configuration; created: boolean }> {
    const workflow = await this.access.findVisible(user, input.workflow_id);
    // refused as Generate would refuse them, or loading the configuration fills the form with values
    // Generate then stops on; kept as sent (the form's keys and shapes), and blanks stay blank
    await this.parameters.resolve(workflow, input.parameter_values, { partial: true });
    const saved = await this.configurations.upsertByName(
      user.id,
      input.workflow_id,
      input.config_name,
      input.parameter_values,
    );
    return { configuration: toConfiguration(saved.configuration), created: saved.created };
  }

  async remove(user: SessionUser, id: number): Promise<void> {
    if (!(await this.configurations.deleteOwned(user.id, id)))
      throw new NotFoundError(CONFIGURATION_MESSAGES.configurationNotFound);
  }
}
