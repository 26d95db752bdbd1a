import type { OverrideDefinitionInput } from '@atelier/shared';
import { imageToImageGraph, textToImageGraph, textToVideoGraph, upscaleGraph } from './sample-graphs.js';

const SAMPLERS = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'ddim'];
const SIZES = [512, 768, 1024, 1280, 1536];

const prompt = { type: 'text', display_name: 'Prompt', editable: true } as const;
const negative = {
  type: 'text',
  display_name: 'Negative prompt',
  editable: true,
  default_value: 'blurry, low quality, watermark',
} as const;
/** A sampling-steps parameter: the same range in every sample. */
const steps = (defaultValue: number, node: string) =>
  ({
    type: 'number',
    display_name: 'Steps',
    editable: true,
    min: 1,
    max: 100,
    step: 1,
    default_value: defaultValue,
    node,
    input: 'steps',
  }) as const;
const seed = {
  type: 'seed_control',
  display_name: 'Seed',
  editable: true,
  default_mode: 'random',
  default_value: 0,
} as const;

/** The wrapped JSON workflows and the bare graphs that slug workflows run, by file name. */
export const SAMPLE_FILES: Record<string, unknown> = {
  'text-to-image.json': {
    name: 'Text to Image',
    category: 'Image Generation',
    tags: ['text-to-image', 'stable-diffusion'],
    workflow: textToImageGraph({
      prompt: 'a lighthouse on a cliff at dusk, oil painting',
      negative: 'blurry, low quality',
      seed: 0,
      steps: 25,
      cfg: 7,
      width: 1024,
      height: 1024,
      sampler: 'euler',
      checkpoint: 'sd_xl_base_1.0.safetensors',
      prefix: 'atelier/t2i',
    }),
    configurable_params: {
      prompt: { ...prompt, default_value: 'a lighthouse on a cliff at dusk, oil painting', node: '6', input: 'text' },
      negative_prompt: { ...negative, node: '7', input: 'text' },
      seed: { ...seed, node: '3', input: 'seed' },
      steps: steps(25, '3'),
      cfg: {
        type: 'number',
        display_name: 'CFG scale',
        editable: true,
        min: 1,
        max: 20,
        step: 0.5,
        default_value: 7,
        node: '3',
        input: 'cfg',
      },
      width: {
        type: 'select',
        display_name: 'Width',
        editable: true,
        options: SIZES,
        default_value: 1024,
        node: '5',
        input: 'width',
      },
      height: {
        type: 'select',
        display_name: 'Height',
        editable: true,
        options: SIZES,
        default_value: 1024,
        node: '5',
        input: 'height',
      },
      sampler: {
        type: 'select',
        display_name: 'Sampler',
        editable: true,
        options: SAMPLERS,
        default_value: 'euler',
        node: '3',
        input: 'sampler_name',
      },
    },
  },
  'image-to-image.json': {
    name: 'Image to Image',
    category: 'Image Generation',
    tags: ['enhancement', 'stable-diffusion'],
    workflow: imageToImageGraph({
      prompt: 'the same scene as a watercolour',
      negative: 'blurry',
      seed: 0,
      steps: 30,
      cfg: 6,
      width: 1024,
      height: 1024,
      sampler: 'dpmpp_2m',
      checkpoint: 'sd_xl_base_1.0.safetensors',
      prefix: 'atelier/i2i',
      image: 'example.png',
      denoise: 0.6,
    }),
    configurable_params: {
      image: {
        type: 'asset',
        asset_type: 'image',
        display_name: 'Source image',
        editable: true,
        node: '10',
        input: 'image',
      },
      prompt: { ...prompt, default_value: 'the same scene as a watercolour', node: '6', input: 'text' },
      negative_prompt: { ...negative, node: '7', input: 'text' },
      denoise: {
        type: 'number',
        display_name: 'Strength',
        description: 'How far to move away from the source image',
        editable: true,
        min: 0.05,
        max: 1,
        step: 0.05,
        default_value: 0.6,
        node: '3',
        input: 'denoise',
      },
      seed: { ...seed, node: '3', input: 'seed' },
      steps: steps(30, '3'),
    },
  },
  'upscale.json': {
    name: 'Upscale 4x',
    category: 'Image Generation',
    tags: ['upscaling', 'enhancement'],
    workflow: upscaleGraph('example.png', 'RealESRGAN_x4plus.pth'),
    configurable_params: {
      image: { type: 'asset', asset_type: 'image', display_name: 'Image', editable: true, node: '1', input: 'image' },
      model: {
        type: 'select',
        display_name: 'Upscaler',
        editable: true,
        options: ['RealESRGAN_x4plus.pth', '4x-UltraSharp.pth'],
        default_value: 'RealESRGAN_x4plus.pth',
        node: '2',
        input: 'model_name',
      },
    },
  },
  'text-to-video.json': {
    name: 'Text to Video',
    category: 'Video Generation',
    tags: ['animation', 'text-to-image'],
    workflow: textToVideoGraph({
      prompt: 'waves rolling onto a beach at sunset',
      seed: 0,
      frames: 97,
      fps: 24,
      steps: 30,
    }),
    configurable_params: {
      prompt: { ...prompt, default_value: 'waves rolling onto a beach at sunset', node: '2', input: 'text' },
      seed: { ...seed, node: '5', input: 'seed' },
      frames: {
        type: 'number',
        display_name: 'Frames',
        editable: true,
        min: 9,
        max: 257,
        step: 8,
        default_value: 97,
        node: '4',
        input: 'length',
      },
      fps: {
        type: 'select',
        display_name: 'Frames per second',
        editable: true,
        options: [24, 30],
        default_value: 24,
        node: '7',
        input: 'fps',
      },
      steps: steps(30, '5'),
    },
  },
  'flux-portrait.json': textToImageGraph({
    prompt: 'override_prompt',
    negative: 'override_negative_prompt',
    seed: 'override_seed',
    steps: 'override_steps',
    cfg: 'override_cfg',
    width: 'override_width',
    height: 'override_height',
    sampler: 'euler',
    checkpoint: 'flux1-dev-fp8.safetensors',
    prefix: 'atelier/portrait',
  }),
  'sdxl-landscape.json': textToImageGraph({
    prompt: 'override_prompt',
    negative: 'override_negative_prompt',
    seed: 'override_seed',
    steps: 'override_steps',
    cfg: 'override_cfg',
    width: 'override_width',
    height: 'override_height',
    sampler: 'override_sampler',
    checkpoint: 'sd_xl_base_1.0.safetensors',
    prefix: 'atelier/landscape',
  }),
  'video-loop.json': textToVideoGraph({
    prompt: 'override_prompt',
    seed: 'override_seed',
    frames: 'override_frames',
    fps: 'override_fps',
    steps: 'override_steps',
  }),
};

export const SAMPLE_OVERRIDE_DEFINITIONS: OverrideDefinitionInput[] = [
  {
    override_key: 'override_prompt',
    display_name: 'Prompt',
    description: 'What to generate',
    data_type: 'string',
    validation_rules: { max_length: 2000 },
    category: 'Prompt',
  },
  {
    override_key: 'override_negative_prompt',
    display_name: 'Negative Prompt',
    description: 'What to avoid',
    data_type: 'string',
    validation_rules: { max_length: 2000 },
    category: 'Prompt',
  },
  {
    override_key: 'override_seed',
    display_name: 'Seed',
    description: 'Filled from the seed mode when not set',
    data_type: 'integer',
    validation_rules: { min: 0, max: 4294967295 },
    category: 'Sampling',
  },
  {
    override_key: 'override_steps',
    display_name: 'Steps',
    description: 'Sampling steps',
    data_type: 'integer',
    validation_rules: { min: 1, max: 150 },
    category: 'Sampling',
  },
  {
    override_key: 'override_cfg',
    display_name: 'CFG Scale',
    description: 'How closely to follow the prompt',
    data_type: 'float',
    validation_rules: { min: 1, max: 20, step: 0.5 },
    category: 'Sampling',
  },
  {
    override_key: 'override_sampler',
    display_name: 'Sampler',
    data_type: 'select',
    validation_rules: { options: SAMPLERS },
    category: 'Sampling',
  },
  {
    override_key: 'override_width',
    display_name: 'Width',
    data_type: 'select',
    validation_rules: { options: SIZES },
    category: 'Size',
  },
  {
    override_key: 'override_height',
    display_name: 'Height',
    data_type: 'select',
    validation_rules: { options: SIZES },
    category: 'Size',
  },
  {
    override_key: 'override_frames',
    display_name: 'Frames',
    description: 'Video length in frames',
    data_type: 'integer',
    validation_rules: { min: 9, max: 257, step: 8 },
    category: 'Video',
  },
  {
    override_key: 'override_fps',
    display_name: 'FPS',
    data_type: 'select',
    validation_rules: { options: [24, 30] },
    category: 'Video',
  },
];

export interface SampleSlugWorkflow {
  name: string;
  slug: string;
  category: string;
  tags: string[];
  generationType: 'image' | 'video';
  overrides: Array<{ key: string; required?: boolean; defaultValue?: unknown }>;
}

export const SAMPLE_SLUG_WORKFLOWS: SampleSlugWorkflow[] = [
  {
    name: 'Flux Portrait',
    slug: 'flux-portrait',
    category: 'Image Generation',
    tags: ['portrait', 'ai-art'],
    generationType: 'image',
    overrides: [
      {
        key: 'override_prompt',
        required: true,
        defaultValue: 'studio portrait of an elderly fisherman, soft window light',
      },
      { key: 'override_negative_prompt' },
      { key: 'override_steps', defaultValue: 28 },
      { key: 'override_cfg', defaultValue: 3.5 },
      { key: 'override_width', defaultValue: 768 },
      { key: 'override_height', defaultValue: 1024 },
    ],
  },
  {
    name: 'SDXL Landscape',
    slug: 'sdxl-landscape',
    category: 'Image Generation',
    tags: ['landscape', 'stable-diffusion'],
    generationType: 'image',
    overrides: [
      { key: 'override_prompt', required: true, defaultValue: 'alpine valley at sunrise, mist, wide angle' },
      { key: 'override_negative_prompt' },
      { key: 'override_sampler', defaultValue: 'dpmpp_2m' },
      { key: 'override_steps', defaultValue: 30 },
      { key: 'override_cfg', defaultValue: 7 },
      { key: 'override_width', defaultValue: 1280 },
      { key: 'override_height', defaultValue: 768 },
    ],
  },
];
