import type { WorkflowEntity } from '../workflows/workflow.entity.js';
import { DemoSeedError } from './demo-seed-error.js';

/** The sample catalogue's workflows the demo uses: JSON ones by their file, slug ones by their slug. */
const SAMPLE_WORKFLOWS = {
  textToImage: { sourceFile: 'text-to-image.json' },
  textToVideo: { sourceFile: 'text-to-video.json' },
  upscale: { sourceFile: 'upscale.json' },
  fluxPortrait: { slug: 'flux-portrait' },
  sdxlLandscape: { slug: 'sdxl-landscape' },
} as const;

export type SampleWorkflowKey = keyof typeof SAMPLE_WORKFLOWS;
export type SampleWorkflows = Record<SampleWorkflowKey, WorkflowEntity>;

/**
 * Picks the sample workflows out of the visible ones; an admin may have removed or hidden some,
 * and then the demo cannot show what it is made of.
 */
export function findSampleWorkflows(visible: WorkflowEntity[]): SampleWorkflows {
  const found: Partial<SampleWorkflows> = {};
  const missing: string[] = [];
  for (const [key, match] of Object.entries(SAMPLE_WORKFLOWS) as Array<
    [SampleWorkflowKey, { sourceFile?: string; slug?: string }]
  >) {
    const workflow = visible.find((w) =>
      match.sourceFile ? w.sourceFile === match.sourceFile : w.workflowType === 'slug' && w.workflowSlug === match.slug,
    );
    if (workflow) found[key] = workflow;
    else missing.push(match.sourceFile ?? match.slug!);
  }
  if (missing.length)
    throw new DemoSeedError(
      `The demo data runs the sample workflows, and these are missing or hidden: ${missing.join(', ')}`,
    );
  return found as SampleWorkflows;
}
