/**
 * ComfyUI API-format graphs for the sample catalogue. Plain values are defaults a JSON workflow's
 * configurable_params write over; `override_*` strings are what a slug workflow's server replaces.
 */
type Graph = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: { title: string } }>;

interface SamplerValues {
  prompt: unknown;
  negative: unknown;
  seed: unknown;
  steps: unknown;
  cfg: unknown;
  width: unknown;
  height: unknown;
  sampler: unknown;
  checkpoint: string;
  prefix: string;
}

export function textToImageGraph(v: SamplerValues): Graph {
  return {
    '3': {
      class_type: 'KSampler',
      inputs: {
        seed: v.seed,
        steps: v.steps,
        cfg: v.cfg,
        sampler_name: v.sampler,
        scheduler: 'normal',
        denoise: 1,
        model: ['4', 0],
        positive: ['6', 0],
        negative: ['7', 0],
        latent_image: ['5', 0],
      },
    },
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: v.checkpoint } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: v.width, height: v.height, batch_size: 1 } },
    '6': {
      class_type: 'CLIPTextEncode',
      inputs: { text: v.prompt, clip: ['4', 1] },
      _meta: { title: 'Positive prompt' },
    },
    '7': {
      class_type: 'CLIPTextEncode',
      inputs: { text: v.negative, clip: ['4', 1] },
      _meta: { title: 'Negative prompt' },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: v.prefix, images: ['8', 0] } },
  };
}

export function imageToImageGraph(v: SamplerValues & { image: unknown; denoise: unknown }): Graph {
  const graph = textToImageGraph(v);
  graph['3']!.inputs.denoise = v.denoise;
  graph['3']!.inputs.latent_image = ['11', 0];
  delete graph['5'];
  graph['10'] = { class_type: 'LoadImage', inputs: { image: v.image }, _meta: { title: 'Source image' } };
  graph['11'] = { class_type: 'VAEEncode', inputs: { pixels: ['10', 0], vae: ['4', 2] } };
  return graph;
}

export function upscaleGraph(image: unknown, model: unknown): Graph {
  return {
    '1': { class_type: 'LoadImage', inputs: { image }, _meta: { title: 'Image to upscale' } },
    '2': { class_type: 'UpscaleModelLoader', inputs: { model_name: model } },
    '3': { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['2', 0], image: ['1', 0] } },
    '4': { class_type: 'SaveImage', inputs: { filename_prefix: 'atelier/upscaled', images: ['3', 0] } },
  };
}

export function textToVideoGraph(v: {
  prompt: unknown;
  seed: unknown;
  frames: unknown;
  fps: unknown;
  steps: unknown;
}): Graph {
  return {
    '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'ltx-video-2b-v0.9.safetensors' } },
    '2': { class_type: 'CLIPTextEncode', inputs: { text: v.prompt, clip: ['1', 1] }, _meta: { title: 'Prompt' } },
    '3': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, low quality, static', clip: ['1', 1] } },
    '4': { class_type: 'EmptyLTXVLatentVideo', inputs: { width: 768, height: 512, length: v.frames, batch_size: 1 } },
    '5': {
      class_type: 'KSampler',
      inputs: {
        seed: v.seed,
        steps: v.steps,
        cfg: 3,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['1', 0],
        positive: ['2', 0],
        negative: ['3', 0],
        latent_image: ['4', 0],
      },
    },
    '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
    '7': {
      class_type: 'SaveWEBM',
      inputs: { images: ['6', 0], filename_prefix: 'atelier/video', codec: 'vp9', fps: v.fps, crf: 32 },
    },
  };
}
