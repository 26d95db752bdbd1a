import {
  ProviderError,
  type GenerationOutcome,
  type GenerationProvider,
  type GenerationRequest,
} from '../generation/providers/generation-provider.js';
import type { ItemOutcomes } from './demo-jobs.js';

/**
 * The built-in renderer, except for the items a demo job names: those are refused or fail the way
 * a classifier or a generation server would answer, so rejections and failures take the
 * pipeline's own paths (ItemRunner, JobProgressRepository) like the ones a real run meets.
 */
export class ScriptedProvider implements GenerationProvider {
  readonly name = 'builtin' as const;

  constructor(
    private readonly renderer: GenerationProvider,
    private readonly outcomes: ItemOutcomes,
  ) {}

  async generate(request: GenerationRequest): Promise<GenerationOutcome> {
    const { rejected, failed, jobFailure } = this.outcomes;
    if (jobFailure) throw new ProviderError(jobFailure, { retryable: false, scope: 'job' });
    if (rejected?.indexes.includes(request.batchIndex)) return { status: 'rejected', reason: rejected.reason };
    if (failed?.indexes.includes(request.batchIndex)) throw new ProviderError(failed.message, { retryable: false });
    return this.renderer.generate(request);
  }
}
