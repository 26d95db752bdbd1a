import { createHmac } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { BuiltinProvider } from '../generation/providers/builtin/builtin-provider.js';
import { ComfyUiProvider } from '../generation/providers/comfyui/comfyui.provider.js';
import { EokProvider } from '../generation/providers/eok/eok.provider.js';
import { providerFor } from '../generation/provider-choice.js';
import type { GenerationProvider, ProviderName } from '../generation/providers/generation-provider.js';

/** Derived from the deployment's secret: the same in all its workers, and no other deployment's. */
function comfyUiOwner(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('atelier-comfyui-owner-v1').digest('base64url').slice(0, 16);
}

/** The three providers of DESIGN section 5, and which one runs a workflow (see providerFor). */
@Injectable()
export class ProviderRegistry implements OnApplicationShutdown {
  private readonly builtin: BuiltinProvider;
  private readonly comfyui: ComfyUiProvider;
  private readonly eok: EokProvider;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) logger: Logger,
  ) {
    const { generation } = runtime.config;
    this.builtin = new BuiltinProvider(generation.builtin);
    const { comfyui, eok } = generation;
    this.comfyui = new ComfyUiProvider(comfyui, {
      logger: logger.child({ provider: 'comfyui' }),
      pollIntervalMs: comfyui.pollIntervalMs,
      lostPromptGraceMs: comfyui.lostPromptGraceMs,
      unreachableToleranceMs: comfyui.unreachableToleranceMs,
      owner: comfyUiOwner(runtime.jwtSecret),
      outputMaxBytes: generation.outputMaxBytes,
    });
    this.eok = new EokProvider(eok, {
      logger: logger.child({ provider: 'eok' }),
      timings: { pollStartMs: eok.pollStartMs },
      outputMaxBytes: generation.outputMaxBytes,
    });
  }

  nameFor(workflowType: 'slug' | 'comfyui'): ProviderName {
    return providerFor(this.runtime.config.generation, workflowType);
  }

  get(name: ProviderName): GenerationProvider {
    return name === 'comfyui' ? this.comfyui : name === 'eok' ? this.eok : this.builtin;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.comfyui.close();
  }
}
