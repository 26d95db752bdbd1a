import type { AppConfig } from '../config/config.js';
import type { ProviderName } from './providers/generation-provider.js';

/**
 * Which of the three providers of DESIGN section 5 runs a workflow: GENERATION_PROVIDER when set;
 * otherwise slug workflows go to the external server when EOK_URL is set, then to ComfyUI when
 * COMFYUI_URL is set, and JSON workflows to ComfyUI when set; the builtin renderer runs the rest.
 * The worker picks by it, and job submission asks it what the job will need.
 */
export function providerFor(generation: AppConfig['generation'], workflowType: 'slug' | 'comfyui'): ProviderName {
  const { provider, comfyui, eok } = generation;
  if (provider !== 'auto') return provider;
  if (workflowType === 'slug' && eok.url) return 'eok';
  if (comfyui.url) return 'comfyui';
  return 'builtin';
}
