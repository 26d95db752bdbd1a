import { rename } from 'node:fs/promises';
import path from 'node:path';
import { ProviderError, type ProducedFile } from '../generation-provider.js';
import type { EokClient } from './eok-client.js';
import { downloadError } from './eok-errors.js';
import { outputContentType, outputFileName, resolveOutputUrl, sameOrigin } from './eok-outputs.js';
import { withRetry, type RetryOptions } from '../retry.js';
import type { EokGeneration, EokOutput } from './eok-wire.js';

export interface DownloadContext {
  client: EokClient;
  key: string;
  workDir: string;
  signal: AbortSignal;
  retry: RetryOptions;
}

/** Every output of a succeeded generation, right away: output URLs are short-lived (contract, "Follow it"). */
export async function downloadOutputs(generation: EokGeneration, context: DownloadContext): Promise<ProducedFile[]> {
  const outputs = generation.outputs ?? [];
  if (!outputs.length)
    throw new ProviderError(`Generation ${generation.id} succeeded without outputs`, { retryable: true });
  const files: ProducedFile[] = [];
  for (const [index, output] of outputs.entries())
    files.push(await downloadOutput(generation.id, index, output, context));
  return files;
}

async function downloadOutput(
  id: string,
  index: number,
  output: EokOutput,
  context: DownloadContext,
): Promise<ProducedFile> {
  const { client, workDir } = context;
  const url = resolveOutputUrl(output.url, client.baseUrl);
  if (!url) throw new ProviderError(`Output ${index} of generation ${id} has no usable URL`, { retryable: false });
  const key = sameOrigin(url, client.baseUrl) ? context.key : undefined;
  // the final name needs the content type, which may only come with the answer
  const partial = path.join(workDir, `output-${index}.part`);
  try {
    const header = await withRetry(() => client.download(url, key, partial, context.signal), context.retry);
    const contentType = outputContentType(output.content_type, header, url);
    const file = path.join(workDir, outputFileName(index, contentType, url));
    await rename(partial, file);
    return { path: file, contentType };
  } catch (error) {
    throw downloadError(error, id, index);
  }
}
