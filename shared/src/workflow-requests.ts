import { z } from 'zod';
import {
  CLASSIFICATION_TYPES,
  DEFAULT_BUCKET_NAME,
  DEFAULT_CLASSIFICATION_TYPE,
  DEFAULT_EOK_PROVIDER,
  DEFAULT_GENERATION_TYPE,
  DEFAULT_SEED_MODE,
  DEFAULT_WORKFLOW_CATEGORY,
  EOK_PROVIDERS,
  GENERATION_TYPES,
  SEED_MODES,
  TAG_MAX_LENGTH,
} from './constants.js';
import {
  characterCount,
  choice,
  choiceMessage,
  expectedUpdatedAtSchema,
  idOf,
  idSchema,
  searchTextSchema,
  wholeQueryParam,
  withoutInvisibleFillers,
} from './common.js';
import { MESSAGES } from './messages.js';

/**
 * Trimmed and composed (NFC: 'café' typed with a combining accent is the same tag), hidden
 * characters such as zero-width spaces removed, blanks dropped, duplicates (case-insensitive)
 * dropped, first spelling kept.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    // taken out before composing: e, a zero-width space and a combining accent are then one é
    const tag = withoutInvisibleFillers(raw).normalize('NFC').trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export const TAG_TOO_LONG = `A tag is at most ${TAG_MAX_LENGTH} characters`;

/**
 * A list of tags counted and measured as normalizeTags keeps them, not as sent: blanks and repeats
 * are dropped (SPEC section 5) before counting, and 30 accented letters typed with combining
 * accents are 60 code points sent but 30 kept.
 */
export function keptTagsSchema(notAList: string, maxTags: number) {
  return z
    .array(z.string({ error: notAList }), { error: notAList })
    .transform(normalizeTags)
    .refine((tags) => tags.every((tag) => characterCount(tag) <= TAG_MAX_LENGTH), { error: TAG_TOO_LONG })
    .refine((tags) => tags.length <= maxTags, { error: `At most ${maxTags} tags` });
}

const tagsSchema = keptTagsSchema('Tags must be a list of texts', 50);

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be a text` })
    .trim()
    .max(max, { error: `${label} is at most ${max} characters` })
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

/**
 * Invisible fillers and bidi overrides taken out first: a name of only a zero-width space is no name.
 * Stored composed (NFC), as searches compare (searchTextSchema): 'Café' typed with a combining
 * accent is then found by a search for 'Café', and the other way round.
 */
export const workflowNameSchema = z
  .string({ error: MESSAGES.workflowNameRequired })
  .overwrite(withoutInvisibleFillers)
  .normalize('NFC')
  .trim()
  .min(1, { error: MESSAGES.workflowNameRequired })
  .max(200, { error: 'Workflow name is at most 200 characters' });

const SLUG_CHARACTERS = 'Workflow slug may hold letters, digits, spaces, dots, dashes and underscores';

/** The slug names a base workflow file without its .json, so it follows the file names' rules (base-workflow-names.ts). */
export const workflowSlugSchema = z
  .string({ error: MESSAGES.workflowSlugRequired })
  .trim()
  .min(1, { error: MESSAGES.workflowSlugRequired })
  .max(100, { error: 'Workflow slug is at most 100 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, { error: SLUG_CHARACTERS })
  .refine((slug) => !slug.includes('..'), { error: SLUG_CHARACTERS })
  .refine((slug) => !/\.json$/i.test(slug), { error: 'Workflow slug is the base workflow name without .json' });

/** Composed like names: the category buttons and filter match it however it was typed. */
const categorySchema = z
  .string({ error: 'Category is required' })
  .overwrite(withoutInvisibleFillers)
  .normalize('NFC')
  .trim()
  .min(1, { error: 'Category is required' })
  .max(100, { error: 'Category is at most 100 characters' });

/** External-server settings of a slug workflow as sent, each refused with what it takes. */
const eokSettingFields = {
  eok_runtime: optionalText(200, 'Runtime'),
  eok_bucket_name: optionalText(200, 'Bucket name').transform((v) => v ?? DEFAULT_BUCKET_NAME),
  eok_provider: choice('Provider', EOK_PROVIDERS),
  eok_generation_type: choice('Generation type', GENERATION_TYPES),
  eok_pre_classification_type: choice('Pre-classification type', CLASSIFICATION_TYPES),
  eok_post_classification_type: choice('Post-classification type', CLASSIFICATION_TYPES),
  seed_mode: choice('Seed mode', SEED_MODES),
  download_dir: optionalText(500, 'Download directory'),
};

/** External-server settings of a slug workflow, with the defaults of SPEC section 9. */
export const eokSettingsSchema = z.object({
  ...eokSettingFields,
  eok_provider: eokSettingFields.eok_provider.default(DEFAULT_EOK_PROVIDER),
  eok_generation_type: eokSettingFields.eok_generation_type.default(DEFAULT_GENERATION_TYPE),
  eok_pre_classification_type: eokSettingFields.eok_pre_classification_type.default(DEFAULT_CLASSIFICATION_TYPE),
  eok_post_classification_type: eokSettingFields.eok_post_classification_type.default(DEFAULT_CLASSIFICATION_TYPE),
  seed_mode: eokSettingFields.seed_mode.default(DEFAULT_SEED_MODE),
});

const IS_REQUIRED_RULE = 'is_required must be true or false';

export const overrideLinkInputSchema = z.object({
  override_definition_id: idOf('override_definition_id must be the id of an override definition'),
  is_required: z.boolean({ error: IS_REQUIRED_RULE }).default(false),
  default_value: z.unknown().optional(),
  ui_parameter_name: optionalText(100, 'Parameter name'),
  display_order: wholeQueryParam('display_order', 0, 10_000).optional(),
});
export type OverrideLinkInput = z.input<typeof overrideLinkInputSchema>;

/** Only the fields sent change: `.partial()` would keep is_required's default and reset it on every update. */
export const overrideLinkUpdateSchema = overrideLinkInputSchema
  .omit({ override_definition_id: true, is_required: true })
  .partial()
  .extend({ is_required: z.boolean({ error: IS_REQUIRED_RULE }).optional() });

export const MAX_WORKFLOW_OVERRIDES = 200;
const OVERRIDE_ENTRY_RULE = 'Each override must be an object with an override_definition_id';

/**
 * The whole override list of a slug workflow, saved as one diff (SPEC section 7). The list's own
 * message is for a missing or empty list: a list too long, or an entry that is no object, says so.
 */
export const overrideLinksSchema = z
  .array(z.object({ ...overrideLinkInputSchema.shape, id: idSchema.optional() }, { error: OVERRIDE_ENTRY_RULE }), {
    error: MESSAGES.atLeastOneOverride,
  })
  .min(1, { error: MESSAGES.atLeastOneOverride })
  .max(MAX_WORKFLOW_OVERRIDES, { error: `A slug workflow has at most ${MAX_WORKFLOW_OVERRIDES} overrides` });

/**
 * SPEC section 7's create names no overrides: a client may add the links afterwards, one call each.
 * Sent here, they are saved with the workflow in one transaction, and must then be at least one.
 */
export const createSlugWorkflowSchema = eokSettingsSchema.extend({
  name: workflowNameSchema,
  workflow_type: z.literal('slug', { error: 'Only slug workflows are created here' }).default('slug'),
  workflow_slug: workflowSlugSchema,
  category: categorySchema.default(DEFAULT_WORKFLOW_CATEGORY),
  tags: tagsSchema.default([]),
  overrides: overrideLinksSchema.optional(),
});
export type CreateSlugWorkflow = z.input<typeof createSlugWorkflowSchema>;

/**
 * The slug editor's save: the same fields as a create, applied with the override diff in one
 * transaction, so a refused override leaves the name and settings unchanged too.
 * `expected_updated_at` is the workflow's updated_at when the editor opened it: the whole list is
 * a diff, so a save from an older copy would silently delete the overrides another admin added
 * meanwhile. With it, such a save is refused instead (409). Optional: SPEC section 7 names no such field.
 */
export const saveSlugWorkflowSchema = createSlugWorkflowSchema.extend({
  overrides: overrideLinksSchema,
  expected_updated_at: expectedUpdatedAtSchema,
});
export type SaveSlugWorkflow = z.input<typeof saveSlugWorkflowSchema>;

export const renameWorkflowSchema = z.object({ name: workflowNameSchema });

/**
 * A change of the external-server settings: a setting left out keeps its value (a call that sends
 * only the slug must not put the provider or seed mode back to the defaults); sent as null, a
 * text setting is cleared and the bucket goes back to the default one.
 */
export const eokConfigUpdateSchema = z
  .object(eokSettingFields)
  .partial()
  .extend({
    workflow_type: z
      .literal('slug', { error: 'Only slug workflows have an external-server configuration' })
      .default('slug'),
    workflow_slug: workflowSlugSchema,
  });

export const organizationSchema = z.object({
  category: categorySchema,
  tags: tagsSchema,
});

const queryFlag = z
  .enum(['true', 'false'], { error: choiceMessage('favorites', ['true', 'false']) })
  .optional()
  .transform((v) => v === 'true');

export const workflowListQuerySchema = z.object({
  category: z
    .string({ error: 'category must be one category' })
    .normalize('NFC')
    .trim()
    .max(100, { error: 'Category is at most 100 characters' })
    .optional(),
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => normalizeTags(v === undefined ? [] : Array.isArray(v) ? v : [v])),
  search: searchTextSchema(),
  favorites: queryFlag,
});
export type WorkflowListQuery = z.output<typeof workflowListQuerySchema>;

export const createdIdSchema = z.object({ id: z.number().int() });
export const favoriteResponseSchema = z.object({ is_favorite: z.boolean() });
export const missingSlugsResponseSchema = z.object({ missing_base_workflows: z.array(z.string()) });
