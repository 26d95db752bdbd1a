import { hashString } from '../generation/providers/builtin/seeded-random.js';
import type { SampleWorkflowKey } from './sample-workflows.js';

/** What happens to one item instead of a render, by batch index. */
export interface ItemOutcomes {
  /** Refused by a classifier: the job lists them as rejections. */
  rejected?: { indexes: number[]; reason: string };
  /** The provider fails them (not retried): the last message becomes the job's error_message. */
  failed?: { indexes: number[]; message: string };
  /** The provider refuses the whole job at its first item. */
  jobFailure?: string;
}

export interface DemoJob extends ItemOutcomes {
  owner: string;
  workflow: SampleWorkflowKey;
  name: string;
  /** As the parameter form sends them (slug workflows by ui_parameter_name). */
  parameters: Record<string, unknown>;
  batchSize: number;
  /** Submitted this many days before the run, at about this local hour. */
  daysAgo: number;
  hour: number;
  /** The owner cancels it once this many items are done. */
  cancelAfter?: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** Random mode draws a seed per item; the form still sends the one it last showed. */
const random = (prompt: string) => ({ mode: 'random', seed: hashString(prompt) }) as const;
const POST_CLASSIFIER = 'post-classification: the output was flagged by the content classifier';
const TIMED_OUT = 'The generation server did not answer in time';

const image = (prompt: string, width = 768, height = 512, seed: unknown = random(prompt)) => ({
  prompt,
  seed,
  steps: 28,
  cfg: 7,
  width,
  height,
  sampler: 'euler',
});
const portrait = (prompt: string) => ({ prompt, steps: 28, cfg: 3.5, width: 512, height: 768, seed: random(prompt) });
const landscape = (prompt: string) => ({
  prompt,
  sampler: 'dpmpp_2m',
  steps: 30,
  cfg: 7,
  width: 768,
  height: 512,
  seed: random(prompt),
});
const video = (prompt: string) => ({ prompt, seed: random(prompt), frames: 97, fps: 24, steps: 30 });

/**
 * About 320 images and 20 videos over 23 jobs in the last 30 days: every status a finished job
 * can have, both failure panels of the job details screen (content policy, generation failed) and
 * partial successes with rejections and with failures.
 */
export const DEMO_JOBS: DemoJob[] = [
  {
    owner: 'demo_alice',
    workflow: 'textToImage',
    name: 'Lighthouse studies',
    parameters: image('a lighthouse on a cliff at dusk, oil painting', 768, 512, { mode: 'fixed', seed: 1200 }),
    batchSize: 40,
    daysAgo: 27,
    hour: 10,
  },
  {
    owner: 'demo_alice',
    workflow: 'fluxPortrait',
    name: 'Portrait session',
    parameters: portrait('studio portrait of a violinist, soft window light'),
    batchSize: 30,
    daysAgo: 20,
    hour: 14,
  },
  {
    owner: 'demo_alice',
    workflow: 'sdxlLandscape',
    name: 'Alpine mornings',
    parameters: landscape('alpine valley at sunrise, mist, wide angle'),
    batchSize: 24,
    daysAgo: 13,
    hour: 9,
    rejected: { indexes: [5, 11, 17, 22], reason: POST_CLASSIFIER },
  },
  {
    owner: 'demo_alice',
    workflow: 'textToVideo',
    name: 'Ocean loops',
    parameters: video('waves rolling onto a beach at sunset'),
    batchSize: 8,
    daysAgo: 9,
    hour: 16,
  },
  {
    owner: 'demo_alice',
    workflow: 'textToImage',
    name: 'Night market',
    parameters: image('a night market in the rain, lanterns, reflections', 512, 768),
    batchSize: 20,
    daysAgo: 6,
    hour: 21,
    cancelAfter: 8,
  },
  {
    owner: 'demo_alice',
    workflow: 'sdxlLandscape',
    name: 'Battle scene',
    parameters: landscape('medieval battle on a frozen lake, graphic violence'),
    batchSize: 4,
    daysAgo: 4,
    hour: 11,
    rejected: { indexes: range(0, 4), reason: 'pre-classification: the prompt contains "violence"' },
  },
  {
    owner: 'demo_alice',
    workflow: 'textToImage',
    name: 'Quick sketches',
    parameters: image('pencil sketch of a cat asleep on a windowsill', 512, 512),
    batchSize: 12,
    daysAgo: 1,
    hour: 15,
  },
  {
    owner: 'demo_alice',
    workflow: 'textToImage',
    name: 'Neon city',
    parameters: image('neon city street at night, cyberpunk, wet asphalt'),
    batchSize: 10,
    daysAgo: 0,
    hour: 9,
  },
  {
    owner: 'demo_bob',
    workflow: 'textToImage',
    name: 'Product shots',
    parameters: image('ceramic coffee mug on a white background, product photo', 512, 512),
    batchSize: 30,
    daysAgo: 28,
    hour: 11,
  },
  {
    owner: 'demo_bob',
    workflow: 'fluxPortrait',
    name: 'Character sheet',
    parameters: portrait('fantasy ranger character, full body, concept art'),
    batchSize: 20,
    daysAgo: 21,
    hour: 13,
    failed: { indexes: [4, 9, 15], message: TIMED_OUT },
  },
  {
    owner: 'demo_bob',
    workflow: 'sdxlLandscape',
    name: 'Landscape set',
    parameters: landscape('desert canyon at golden hour, long shadows'),
    batchSize: 25,
    daysAgo: 15,
    hour: 10,
  },
  {
    owner: 'demo_bob',
    workflow: 'textToVideo',
    name: 'Timelapse tests',
    parameters: video('clouds rolling over a mountain ridge, timelapse'),
    batchSize: 5,
    daysAgo: 10,
    hour: 17,
  },
  {
    owner: 'demo_bob',
    workflow: 'textToImage',
    name: 'Storyboard frames',
    parameters: image('storyboard frame, a detective enters a dim office'),
    batchSize: 16,
    daysAgo: 6,
    hour: 9,
    cancelAfter: 5,
  },
  {
    owner: 'demo_bob',
    workflow: 'fluxPortrait',
    name: 'Overnight batch',
    parameters: portrait('portrait of an astronaut, helmet reflections'),
    batchSize: 6,
    daysAgo: 3,
    hour: 23,
    failed: { indexes: range(0, 6), message: 'The generation server ran out of GPU memory' },
  },
  {
    owner: 'demo_bob',
    workflow: 'textToImage',
    name: 'Moodboard',
    parameters: image('moodboard of autumn textures, leaves, wool, copper', 512, 512),
    batchSize: 14,
    daysAgo: 1,
    hour: 10,
  },
  {
    owner: 'demo_carol',
    workflow: 'sdxlLandscape',
    name: 'Catalogue covers',
    parameters: landscape('coastal cliffs in spring, wildflowers, soft light'),
    batchSize: 30,
    daysAgo: 29,
    hour: 9,
  },
  {
    owner: 'demo_carol',
    workflow: 'fluxPortrait',
    name: 'Team portraits',
    parameters: portrait('corporate headshot, neutral grey backdrop, soft key light'),
    batchSize: 24,
    daysAgo: 22,
    hour: 15,
  },
  {
    owner: 'demo_carol',
    workflow: 'textToImage',
    name: 'Brand explorations',
    parameters: image('abstract logo shapes, flat colours, blue and orange', 512, 512),
    batchSize: 25,
    daysAgo: 17,
    hour: 11,
    rejected: { indexes: [3, 8, 13, 19, 24], reason: POST_CLASSIFIER },
  },
  {
    owner: 'demo_carol',
    workflow: 'textToVideo',
    name: 'Launch teaser',
    parameters: video('product reveal, slow dolly shot, studio lights'),
    batchSize: 8,
    daysAgo: 9,
    hour: 14,
    failed: { indexes: [5], message: TIMED_OUT },
  },
  {
    owner: 'demo_carol',
    workflow: 'textToImage',
    name: 'Poster drafts',
    parameters: image('retro travel poster of a mountain railway', 512, 768),
    batchSize: 15,
    daysAgo: 7,
    hour: 16,
    cancelAfter: 6,
  },
  {
    owner: 'demo_carol',
    workflow: 'fluxPortrait',
    name: 'Partner preview',
    parameters: portrait('portrait of a chef in a busy kitchen'),
    batchSize: 3,
    daysAgo: 5,
    hour: 10,
    jobFailure: 'The external generation server refused the API key',
  },
  {
    owner: 'demo_carol',
    workflow: 'textToImage',
    name: 'Weekly picks',
    parameters: image('still life of lemons and a blue jug, morning light'),
    batchSize: 20,
    daysAgo: 2,
    hour: 12,
  },
  {
    owner: 'demo_carol',
    workflow: 'fluxPortrait',
    name: "Today's drafts",
    parameters: portrait('portrait of a potter at the wheel, clay dust, warm light'),
    batchSize: 12,
    daysAgo: 0,
    hour: 8,
  },
];
