import { describe, expect, it } from 'vitest';
import type { GenerationRequest } from '../generation-provider.js';
import { buildSubmitBody, idempotencyKey, isTerminal } from './eok-wire.js';

const request = {
  jobId: 9,
  batchIndex: 0,
  seed: 4_294_967_295,
  values: { override_prompt: 'a fox' },
  workflow: {
    generationType: 'video',
    eok: {
      runtime: null,
      provider: 'vast',
      bucketName: null,
      downloadDir: null,
      preClassification: 'strict',
      postClassification: 'permissive',
    },
  },
} as unknown as GenerationRequest;

describe('eok wire format', () => {
  it('builds the submit body with unset settings as null', () => {
    expect(buildSubmitBody(request, 'wan-video')).toEqual({
      slug: 'wan-video',
      runtime: null,
      provider: 'vast',
      generation_type: 'video',
      bucket_name: null,
      download_dir: null,
      pre_classification_type: 'strict',
      post_classification_type: 'permissive',
      seed: 4_294_967_295,
      overrides: { override_prompt: 'a fox' },
      batch_index: 0,
    });
  });

  it('keys a submit by job and batch index', () => {
    expect(idempotencyKey({ jobId: 9, batchIndex: 12 })).toBe('9:12');
  });

  it('knows the terminal statuses and reads unknown ones as still working', () => {
    expect(['succeeded', 'rejected', 'failed', 'cancelled'].every(isTerminal)).toBe(true);
    expect(isTerminal('running')).toBe(false);
    expect(isTerminal('warming_up')).toBe(false);
  });
});
