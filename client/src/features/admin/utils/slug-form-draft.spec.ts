import { describe, expect, it } from 'vitest';
import { emptySlugForm, type OverrideItem } from './slug-form';
import { slugFormDraft } from './slug-form-draft';

const prompt: OverrideItem = {
  linkId: null,
  definitionId: 7,
  override_key: 'override_prompt',
  display_name: 'Prompt',
  data_type: 'string',
  category: 'Prompt',
  description: null,
  is_required: true,
  default_value: '',
  ui_parameter_name: 'prompt',
  validation_rules: { max_length: 2000 },
};

describe('a kept slug form', () => {
  const like = emptySlugForm();

  it('is taken whole when every field has its kind', () => {
    const draft = { ...like, name: 'Kept', tags: ['a'], overrides: [prompt], opened_at: '2026-11-28T09:00:00.000Z' };
    expect(slugFormDraft(JSON.parse(JSON.stringify(draft)), like)).toEqual(draft);
  });

  it.each([
    ['nothing', undefined],
    ['a field missing', { ...like, name: undefined }],
    ['a field of another kind', { ...like, download_dir: 4 }],
    ['a tag that is no text', { ...like, tags: [1] }],
    ['an override missing its key', { ...like, overrides: [{ ...prompt, override_key: undefined }] }],
    ['an override with rules that are no object', { ...like, overrides: [{ ...prompt, validation_rules: null }] }],
  ])('is refused with %s', (_case, raw) => {
    expect(slugFormDraft(raw, like)).toBeNull();
  });
});
