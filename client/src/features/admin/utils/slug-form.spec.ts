import { describe, expect, it } from 'vitest';
import type { OverrideDefinition } from '@atelier/shared';
import { emptySlugForm, itemFromDefinition, overrideLinks } from './slug-form';

const flag: OverrideDefinition = {
  id: 7,
  override_key: 'override_upscale',
  display_name: 'Upscale',
  description: null,
  data_type: 'boolean',
  validation_rules: {},
  category: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const sent = (text: string) =>
  overrideLinks({ ...emptySlugForm('x'), overrides: [{ ...itemFromDefinition(flag), default_value: text }] })[0]!
    .default_value;

describe('a boolean override default on save', () => {
  it('takes true and false in any case, and no text as no default', () => {
    expect(sent('true')).toBe(true);
    expect(sent(' True ')).toBe(true);
    expect(sent('FALSE')).toBe(false);
    expect(sent('  ')).toBeNull();
  });

  it('sends other text as typed for the server to refuse, instead of saving false', () => {
    expect(sent('yes')).toBe('yes');
    expect(sent('1')).toBe('1');
  });
});
