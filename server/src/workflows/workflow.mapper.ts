import type { EokConfig, Workflow, WorkflowOverride } from '@atelier/shared';
import type { OverrideLinkRow } from './workflow-overrides.repository.js';
import type { WorkflowEntity } from './workflow.entity.js';

export function toOverrideDto({ link, definition }: OverrideLinkRow): WorkflowOverride {
  return {
    id: link.id,
    workflow_id: link.workflowId,
    override_definition_id: definition.id,
    override_key: definition.overrideKey,
    display_name: definition.displayName,
    description: definition.description,
    data_type: definition.dataType,
    category: definition.category,
    is_required: link.isRequired,
    default_value: link.defaultValue ?? null,
    ui_parameter_name: link.uiParameterName,
    display_order: link.displayOrder,
    validation_rules: definition.validationRules,
    created_at: definition.createdAt.toISOString(),
  };
}

export function toWorkflowDto(
  w: WorkflowEntity,
  extra: { isFavorite: boolean; overrideCount: number; overrides?: OverrideLinkRow[] },
): Workflow {
  const dto: Workflow = {
    id: w.id,
    name: w.name,
    category: w.category,
    tags: w.tags,
    workflow_type: w.workflowType,
    workflow_slug: w.workflowSlug,
    is_favorite: extra.isFavorite,
    override_count: extra.overrideCount,
    updated_at: w.updatedAt.toISOString(),
    eok_runtime: w.eokRuntime,
    eok_bucket_name: w.eokBucketName,
    eok_provider: w.eokProvider as EokConfig['eok_provider'],
    eok_generation_type: w.eokGenerationType as EokConfig['eok_generation_type'],
    eok_pre_classification_type: w.eokPreClassificationType as EokConfig['eok_pre_classification_type'],
    eok_post_classification_type: w.eokPostClassificationType as EokConfig['eok_post_classification_type'],
    seed_mode: w.seedMode,
    download_dir: w.downloadDir,
  };
  if (w.workflowType !== 'slug') dto.configurable_params = w.configurableParams ?? {};
  if (extra.overrides) dto.workflow_overrides = extra.overrides.map(toOverrideDto);
  return dto;
}
