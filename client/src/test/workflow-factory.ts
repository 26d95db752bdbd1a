import type { Workflow } from '@atelier/shared';

/** A plausible slug workflow as the API lists it; tests override what they are about. */
export function makeWorkflow(overrides: Partial<Workflow> = {}): Workflow {
  return {
    id: 1,
    name: 'Portrait',
    category: 'Image Generation',
    tags: [],
    workflow_type: 'slug',
    workflow_slug: 'portrait',
    is_favorite: false,
    override_count: 1,
    updated_at: '2026-01-01T00:00:00.000Z',
    eok_runtime: null,
    eok_bucket_name: null,
    eok_provider: 'novita',
    eok_generation_type: 'image',
    eok_pre_classification_type: 'permissive',
    eok_post_classification_type: 'permissive',
    seed_mode: 'random',
    download_dir: null,
    ...overrides,
  };
}
