import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { saveConfigurationRequestSchema } from './configurations.js';
import { analyticsQuerySchema } from './analytics.js';
import { folderInputSchema } from './folders.js';
import { bulkIdsSchema, galleryListQuerySchema, userTagsSchema } from './gallery-requests.js';
import { cloneJobSchema, jobListQuerySchema, jobResultsQuerySchema, submitJobSchema } from './job-requests.js';
import {
  eokConfigUpdateSchema,
  organizationSchema,
  overrideLinkInputSchema,
  overrideLinkUpdateSchema,
  saveSlugWorkflowSchema,
  workflowListQuerySchema,
} from './workflow-requests.js';
import { overrideDefinitionInputSchema } from './override-requests.js';
import { createUserRequestSchema, updateUserRequestSchema } from './users.js';

const slugWorkflow = { name: 'n', workflow_slug: 's', overrides: [{ override_definition_id: 1 }] };

function problem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('whole-number query parameters', () => {
  it('read plain digits, and refuse other spellings of a number and a parameter sent twice, by name', () => {
    expect(galleryListQuerySchema.parse({ limit: '5', offset: '200' })).toMatchObject({ limit: 5, offset: 200 });
    expect(jobListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 10 });
    for (const limit of ['0x5', '1e1', ' 5', '5.0', ['1', '2'], '', '101']) {
      expect(problem(jobListQuerySchema, { limit }), JSON.stringify(limit)).toBe(
        'limit must be a whole number from 1 to 100',
      );
    }
    expect(problem(jobListQuerySchema, { page: '1e2' })).toBe('Page must be a whole number from 1 to 1000000');
    expect(problem(jobResultsQuerySchema, { offset: '-1' })).toBe('offset must be a whole number from 0 to 100000000');
    expect(problem(galleryListQuerySchema, { tz: '-60' })).toBeNull();
    expect(problem(galleryListQuerySchema, { tz: '0x3c' })).toBe('tz must be a whole number from -840 to 840');
  });
});

describe('lengths are measured after trimming', () => {
  it('takes a job name of 200 characters sent with spaces around it', () => {
    const name = 'n'.repeat(200);
    expect(submitJobSchema.parse({ workflow_id: 1, job_name: `  ${name}   ` }).job_name).toBe(name);
    expect(problem(submitJobSchema, { workflow_id: 1, job_name: 'n'.repeat(201) })).toBe(
      'Job name is at most 200 characters',
    );
  });

  it('counts tags and their length as kept: blanks and repeats first dropped, each trimmed', () => {
    const tags = [...Array<string>(60).fill('  '), ` ${'t'.repeat(50)} `, 'Sky', 'sky'];
    expect(organizationSchema.parse({ category: 'General', tags }).tags).toEqual(['t'.repeat(50), 'Sky']);
    const many = Array.from({ length: 51 }, (_, i) => `tag ${i}`);
    expect(problem(organizationSchema, { category: 'General', tags: many })).toBe('At most 50 tags');
    expect(problem(organizationSchema, { category: 'General', tags: ['t'.repeat(51)] })).toBe(
      'A tag is at most 50 characters',
    );
    // as kept: composed, zero-width spaces taken out
    const typed = ['e\u0301'.repeat(30), `sun${'\u200b'.repeat(60)}`];
    expect(organizationSchema.parse({ category: 'General', tags: typed }).tags).toEqual(['\u00e9'.repeat(30), 'sun']);
    expect(problem(organizationSchema, { category: 'General', tags: ['\u0958'.repeat(30)] })).toBe(
      'A tag is at most 50 characters',
    );
  });

  it('takes a tag typed composed or with a combining accent as one tag, and drops one of hidden characters only', () => {
    const tags = ['café', 'cafe\u0301', 'e\u200b\u0301', '\u200b', 'sun\u200bset', 'Sunset'];
    expect(organizationSchema.parse({ category: 'General', tags }).tags).toEqual(['café', 'é', 'sunset']);
    expect(userTagsSchema.parse({ user_tags: tags }).user_tags).toEqual(['café', 'é', 'sunset']);
    // the flags of England and Scotland are spelt with tag characters: two tags, not one plain flag
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(userTagsSchema.parse({ user_tags: [england, scotland] }).user_tags).toEqual([england, scotland]);
  });

  it('trims an optional text before its limit', () => {
    const runtime = 'r'.repeat(200);
    expect(eokConfigUpdateSchema.parse({ workflow_slug: 'x', eok_runtime: ` ${runtime} ` }).eok_runtime).toBe(runtime);
  });
});

describe('slug workflow settings', () => {
  it('name the field and its limit when a text is too long', () => {
    const base = { workflow_slug: 'portrait' };
    expect(problem(eokConfigUpdateSchema, { ...base, eok_runtime: 'r'.repeat(201) })).toBe(
      'Runtime is at most 200 characters',
    );
    expect(problem(eokConfigUpdateSchema, { ...base, eok_bucket_name: 'b'.repeat(201) })).toBe(
      'Bucket name is at most 200 characters',
    );
    expect(problem(eokConfigUpdateSchema, { ...base, download_dir: 'd'.repeat(501) })).toBe(
      'Download directory is at most 500 characters',
    );
  });

  it('take a slug only as a base workflow could be named: at most 100 characters, no .json, no ..', () => {
    expect(problem(eokConfigUpdateSchema, { workflow_slug: 's'.repeat(100) })).toBeNull();
    expect(problem(eokConfigUpdateSchema, { workflow_slug: 's'.repeat(101) })).toBe(
      'Workflow slug is at most 100 characters',
    );
    expect(problem(eokConfigUpdateSchema, { workflow_slug: 'portrait.json' })).toBe(
      'Workflow slug is the base workflow name without .json',
    );
    expect(problem(eokConfigUpdateSchema, { workflow_slug: 'a..b' })).toBe(
      'Workflow slug may hold letters, digits, spaces, dots, dashes and underscores',
    );
  });
});

describe('messages of missing fields', () => {
  it('name the category and tags of an organization', () => {
    expect(problem(organizationSchema, {})).toBe('Category is required');
    expect(problem(organizationSchema, { category: 'General' })).toBe('Tags must be a list of texts');
  });

  it("take a saved configuration's workflow id only as its digits", () => {
    for (const workflow_id of ['0x4', ' 4 ', '4e0']) {
      expect(problem(saveConfigurationRequestSchema, { workflow_id, config_name: 'c', parameters: {} })).toBe(
        'Please select a workflow first',
      );
    }
    expect(
      saveConfigurationRequestSchema.parse({ workflow_id: '4', config_name: 'c', parameters: {} }).workflow_id,
    ).toBe(4);
  });
});

describe('names of only invisible characters', () => {
  // a zero-width space, a word joiner, a byte-order mark, a control or a bidi override alone shows nothing;
  // nor do the Hangul fillers, a variation selector or the blank Braille cell, though they are letters or symbols
  const invisible = ['\u200b', '\u2060\ufeff', ' \u0007 ', '\u202e\u202c', '\u3164', '\uffa0 \ufe0f', '\u2800\u2800'];

  it('are no name where a name is required', () => {
    for (const name of invisible) {
      const label = JSON.stringify(name);
      expect(problem(cloneJobSchema, { job_name: name }), label).toBe('Please enter a job name');
      expect(problem(saveConfigurationRequestSchema, { workflow_id: 4, config_name: name }), label).toBe(
        'Please enter a configuration name',
      );
      expect(problem(saveSlugWorkflowSchema, { ...slugWorkflow, name }), label).toBe('Workflow name is required');
      expect(problem(organizationSchema, { category: name, tags: [] }), label).toBe('Category is required');
      expect(problem(overrideDefinitionInputSchema, { override_key: 'override_x', display_name: name }), label).toBe(
        'Display name is required',
      );
      expect(submitJobSchema.parse({ workflow_id: 4, job_name: name }).job_name, label).toBe('');
      expect(userTagsSchema.parse({ user_tags: [name, 'kept'] }).user_tags, label).toEqual(['kept']);
    }
  });

  it('keep what shows, less the fillers: a bidi override cannot make a job read as another', () => {
    expect(submitJobSchema.parse({ workflow_id: 4, job_name: 'cat\u202egnp.exe' }).job_name).toBe('catgnp.exe');
    expect(cloneJobSchema.parse({ job_name: ' Neon\u200b city ' }).job_name).toBe('Neon city');
    // the marks of right-to-left text and the joiners of emoji stay
    expect(cloneJobSchema.parse({ job_name: '\u05e9\u05dc\u05d5\u05dd\u200f 2' }).job_name).toBe(
      '\u05e9\u05dc\u05d5\u05dd\u200f 2',
    );
    expect(saveConfigurationRequestSchema.parse({ workflow_id: 4, config_name: '👩‍👩‍👧' }).config_name).toBe('👩‍👩‍👧');
  });
});

describe('query values of the wrong kind or size', () => {
  it('are refused with what the parameter takes, not zod wording', () => {
    expect(problem(galleryListQuerySchema, { folder: 'f'.repeat(501) })).toBe('folder is at most 500 characters');
    expect(problem(galleryListQuerySchema, { folder: ['a', 'b'] })).toBe('folder must be one folder name');
    expect(problem(galleryListQuerySchema, { cursor: 'c'.repeat(201) })).toBe('Invalid cursor');
    expect(problem(galleryListQuerySchema, { cursor: ['a', 'b'] })).toBe('Invalid cursor');
    expect(problem(workflowListQuerySchema, { category: 'c'.repeat(101) })).toBe('Category is at most 100 characters');
    expect(problem(workflowListQuerySchema, { category: ['a', 'b'] })).toBe('category must be one category');
    expect(problem(workflowListQuerySchema, { favorites: 'yes' })).toBe('favorites must be true or false');
    expect(problem(workflowListQuerySchema, { search: ['a', 'b'] })).toBe('Search must be one text');
    expect(problem(galleryListQuerySchema, { job_name: ['a', 'b'] })).toBe('Job name must be one text');
    expect(problem(analyticsQuerySchema, { timezone: ['Europe/Berlin', 'UTC'] })).toBe(
      'timezone must be one time zone name',
    );
    expect(problem(galleryListQuerySchema, { dateFrom: ['2026-01-01', '2026-01-02'] })).toBe('Dates are YYYY-MM-DD');
    expect(problem(jobListQuerySchema, { user: 'me' })).toBe(
      "user must be all (or left out for the caller's own jobs)",
    );
    expect(problem(updateUserRequestSchema, { password: 12345678 })).toBe('Password must be text');
    for (const job_name of [5, true, [], {}]) {
      expect(problem(submitJobSchema, { workflow_id: 4, job_name })).toBe('Job name must be text');
    }
  });
});

describe('values of the wrong kind in the gallery, folder and analytics calls', () => {
  it('are refused with what the field takes, not a type name', () => {
    expect(problem(galleryListQuerySchema, { status: 'deleted' })).toBe('status must be active or archived');
    expect(problem(analyticsQuerySchema, { period: 'bogus' })).toBe('period must be 7days, 30days or 90days');
    for (const bad of [1.5, 0, '3', null]) {
      expect(problem(bulkIdsSchema, { ids: [4, bad] })).toBe('ids must be a list of gallery item ids');
    }
    expect(problem(userTagsSchema, { user_tags: ['a', 1] })).toBe('user_tags must be a list of tags');
    expect(problem(folderInputSchema, { name: 'x', hotkey: 5 })).toBe(
      'Hotkey must be a single digit 1-9 or letter a-z',
    );
    expect(problem(folderInputSchema, { name: 'x', color: 5 })).toBe('Colour must be a hex value such as #3B82F6');
  });

  it('and in the job list and the override links', () => {
    expect(problem(jobListQuerySchema, { status: 'bogus' })).toBe(
      'status must be queued, submitting, processing, completed, failed, cancelled, partial_success or all',
    );
    expect(jobListQuerySchema.parse({ status: 'all' }).status).toBeUndefined();
    expect(jobListQuerySchema.parse({ status: 'failed' }).status).toBe('failed');
    expect(problem(overrideLinkInputSchema, { override_definition_id: 1, is_required: 'yes' })).toBe(
      'is_required must be true or false',
    );
    expect(problem(overrideLinkUpdateSchema, { is_required: 1 })).toBe('is_required must be true or false');
    for (const display_order of ['x', -1, 10_001, 1.5]) {
      expect(problem(overrideLinkInputSchema, { override_definition_id: 1, display_order })).toBe(
        'display_order must be a whole number from 0 to 10000',
      );
    }
  });
});

describe('values of the wrong kind in the admin calls (slug workflows, override definitions, users)', () => {
  it('are refused with what the field takes, not a type name', () => {
    const slug = { name: 'n', workflow_slug: 's', overrides: [{ override_definition_id: 1 }] };
    expect(problem(saveSlugWorkflowSchema, { ...slug, eok_provider: 'aws' })).toBe(
      'Provider must be novita, vast or novita-serverless',
    );
    expect(problem(saveSlugWorkflowSchema, { ...slug, eok_generation_type: 'audio' })).toBe(
      'Generation type must be image or video',
    );
    expect(problem(saveSlugWorkflowSchema, { ...slug, eok_pre_classification_type: 'lax' })).toBe(
      'Pre-classification type must be permissive or strict',
    );
    expect(problem(saveSlugWorkflowSchema, { ...slug, eok_post_classification_type: 1 })).toBe(
      'Post-classification type must be permissive or strict',
    );
    expect(problem(saveSlugWorkflowSchema, { ...slug, seed_mode: 'x' })).toBe('Seed mode must be random or fixed');
    // the list's 'At least one override must be configured' is for an empty list, not a long one or a bad entry
    const many = Array.from({ length: 201 }, (_, i) => ({ override_definition_id: i + 1 }));
    expect(problem(saveSlugWorkflowSchema, { ...slug, overrides: many })).toBe(
      'A slug workflow has at most 200 overrides',
    );
    for (const entry of [null, 1, 'a', []]) {
      expect(problem(saveSlugWorkflowSchema, { ...slug, overrides: [entry] }), JSON.stringify(entry)).toBe(
        'Each override must be an object with an override_definition_id',
      );
    }
    for (const override_definition_id of [undefined, 'x', -1, 1.5]) {
      expect(problem(saveSlugWorkflowSchema, { ...slug, overrides: [{ override_definition_id }] })).toBe(
        'override_definition_id must be the id of an override definition',
      );
      expect(problem(overrideLinkInputSchema, { override_definition_id })).toBe(
        'override_definition_id must be the id of an override definition',
      );
    }

    const definition = { override_key: 'override_x', display_name: 'X' };
    expect(problem(overrideDefinitionInputSchema, { ...definition, data_type: 'text' })).toBe(
      'Data type must be string, integer, float, boolean or select',
    );
    expect(problem(overrideDefinitionInputSchema, { ...definition, validation_rules: 'x' })).toBe(
      'Validation rules must be a JSON object such as { "min": 1, "max": 10 }',
    );
    expect(problem(overrideDefinitionInputSchema, { ...definition, validation_rules: { min: 'a' } })).toBe(
      'min must be a number',
    );
    expect(
      problem(overrideDefinitionInputSchema, {
        ...definition,
        data_type: 'select',
        validation_rules: { options: 'a' },
      }),
    ).toBe('options must be a list of texts or numbers');
    expect(
      problem(overrideDefinitionInputSchema, {
        ...definition,
        data_type: 'select',
        validation_rules: { options: [{}] },
      }),
    ).toBe('options must be a list of texts or numbers');
    // a number out of range is not told it is no number
    for (const step of [0, -0.5]) {
      expect(
        problem(overrideDefinitionInputSchema, { ...definition, data_type: 'float', validation_rules: { step } }),
      ).toBe('step must be greater than 0');
    }
    for (const max_length of [0, -1, 1.5]) {
      expect(problem(overrideDefinitionInputSchema, { ...definition, validation_rules: { max_length } })).toBe(
        'max_length must be a whole number greater than 0',
      );
    }

    const user = { username: 'u', email: 'u@example.test', password: 'password1', role: 'user' };
    expect(problem(createUserRequestSchema, { ...user, eok_api_key: 5 })).toBe('API key must be text');
    expect(problem(updateUserRequestSchema, { eok_api_key: 5 })).toBe('API key must be text');
  });
});
