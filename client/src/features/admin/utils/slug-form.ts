import {
  DEFAULT_BUCKET_NAME,
  DEFAULT_CLASSIFICATION_TYPE,
  DEFAULT_EOK_PROVIDER,
  DEFAULT_GENERATION_TYPE,
  DEFAULT_SEED_MODE,
  DEFAULT_WORKFLOW_CATEGORY,
  MESSAGES,
  defaultUiParameterName,
  type EokConfig,
  type OverrideDefinition,
  type OverrideLinkInput,
  type ValidationRules,
  type Workflow,
} from '@atelier/shared';

/** One override of the list: an existing link (`linkId`) or one added in this edit. */
export interface OverrideItem {
  linkId: number | null;
  definitionId: number;
  override_key: string;
  display_name: string;
  data_type: OverrideDefinition['data_type'];
  category: string | null;
  description: string | null;
  is_required: boolean;
  default_value: string;
  ui_parameter_name: string;
  /** The definition's rules, so the default is picked or typed within them. */
  validation_rules: ValidationRules;
}

export type EokFields = { [K in keyof EokConfig]: string };

export interface SlugForm extends EokFields {
  name: string;
  category: string;
  tags: string[];
  workflow_slug: string;
  overrides: OverrideItem[];
  /** The saved workflow's updated_at when the form was filled from it (null for a new one). */
  opened_at: string | null;
}

/** SPEC section 9 defaults; a slug picked from a missing base workflow prefills slug and name. */
export function emptySlugForm(slug = ''): SlugForm {
  return {
    name: slug,
    category: DEFAULT_WORKFLOW_CATEGORY,
    tags: [],
    workflow_slug: slug,
    eok_runtime: '',
    eok_provider: DEFAULT_EOK_PROVIDER,
    eok_generation_type: DEFAULT_GENERATION_TYPE,
    eok_bucket_name: DEFAULT_BUCKET_NAME,
    eok_pre_classification_type: DEFAULT_CLASSIFICATION_TYPE,
    eok_post_classification_type: DEFAULT_CLASSIFICATION_TYPE,
    seed_mode: DEFAULT_SEED_MODE,
    download_dir: '',
    overrides: [],
    opened_at: null,
  };
}

const valueText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function formFromWorkflow(workflow: Workflow): SlugForm {
  return {
    name: workflow.name,
    category: workflow.category,
    tags: workflow.tags,
    workflow_slug: workflow.workflow_slug ?? '',
    eok_runtime: workflow.eok_runtime ?? '',
    eok_provider: workflow.eok_provider,
    eok_generation_type: workflow.eok_generation_type,
    eok_bucket_name: workflow.eok_bucket_name ?? '',
    eok_pre_classification_type: workflow.eok_pre_classification_type,
    eok_post_classification_type: workflow.eok_post_classification_type,
    seed_mode: workflow.seed_mode,
    download_dir: workflow.download_dir ?? '',
    opened_at: workflow.updated_at,
    overrides: [...(workflow.workflow_overrides ?? [])]
      .sort((a, b) => a.display_order - b.display_order)
      .map((link) => ({
        linkId: link.id,
        definitionId: link.override_definition_id,
        override_key: link.override_key,
        display_name: link.display_name,
        data_type: link.data_type,
        category: link.category,
        description: link.description,
        is_required: link.is_required,
        default_value: valueText(link.default_value),
        ui_parameter_name: link.ui_parameter_name,
        validation_rules: link.validation_rules,
      })),
  };
}

export function itemFromDefinition(definition: OverrideDefinition): OverrideItem {
  return {
    linkId: null,
    definitionId: definition.id,
    override_key: definition.override_key,
    display_name: definition.display_name,
    data_type: definition.data_type,
    category: definition.category,
    description: definition.description,
    is_required: false,
    default_value: '',
    ui_parameter_name: defaultUiParameterName(definition.override_key),
    validation_rules: definition.validation_rules,
  };
}

/** SPEC section 5, slug workflow save: the first rule broken, or null. */
export function slugFormProblem(form: SlugForm): string | null {
  if (!form.name.trim()) return MESSAGES.workflowNameRequired;
  if (!form.workflow_slug.trim()) return MESSAGES.workflowSlugRequired;
  if (form.overrides.length === 0) return MESSAGES.atLeastOneOverride;
  return null;
}

function defaultValue(item: OverrideItem): unknown {
  const text = item.default_value.trim();
  if (!text) return null;
  if (item.data_type === 'integer' || item.data_type === 'float')
    return Number.isNaN(Number(text)) ? text : Number(text);
  // anything but true or false goes to the server as typed, which refuses it with its message
  if (item.data_type === 'boolean' && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return item.default_value;
}

/** The list in its shown order; kept links carry their id so the server updates them in place. */
export function overrideLinks(form: SlugForm): Array<OverrideLinkInput & { id?: number }> {
  return form.overrides.map((item, index) => ({
    ...(item.linkId === null ? {} : { id: item.linkId }),
    override_definition_id: item.definitionId,
    is_required: item.is_required,
    default_value: defaultValue(item),
    ui_parameter_name: item.ui_parameter_name || defaultUiParameterName(item.override_key),
    display_order: index,
  }));
}

export function eokFields(form: SlugForm) {
  return {
    workflow_slug: form.workflow_slug.trim(),
    eok_runtime: form.eok_runtime,
    eok_bucket_name: form.eok_bucket_name,
    eok_provider: form.eok_provider as EokConfig['eok_provider'],
    eok_generation_type: form.eok_generation_type as EokConfig['eok_generation_type'],
    eok_pre_classification_type: form.eok_pre_classification_type as EokConfig['eok_pre_classification_type'],
    eok_post_classification_type: form.eok_post_classification_type as EokConfig['eok_post_classification_type'],
    seed_mode: form.seed_mode as EokConfig['seed_mode'],
    download_dir: form.download_dir,
  };
}

/** Moves the item at `index` one place up (-1) or down (+1). */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
