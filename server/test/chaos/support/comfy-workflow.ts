import type { ConfigurableParam } from '@atelier/shared';
import type { ComfyUiDouble } from '../../doubles/comfyui-double.js';
import { smallTxt2imgGraph } from '../../doubles/comfyui-fixtures.js';
import type { TestApp } from '../../support/test-app.js';

/** Item i of a batch runs with seed FIRST_SEED + i (fixed seed mode), which tells the items apart. */
const FIRST_SEED = 1000;

const PARAMS: Record<string, ConfigurableParam> = {
  prompt: { type: 'text', display_name: 'Prompt', default_value: 'a storm', node: '2', input: 'text' },
  seed: {
    type: 'seed_control',
    display_name: 'Seed',
    default_mode: 'fixed',
    default_value: FIRST_SEED,
    node: '4',
    input: 'seed',
  },
};

/** A JSON workflow the worker runs on ComfyUI (here the double): one sampler, one saved image. */
export async function createComfyWorkflow(t: TestApp, steps = 2): Promise<number> {
  const { rows } = await t.db.pool.query<{ id: number }>(
    `INSERT INTO workflows (name, workflow_type, graph, configurable_params) VALUES ('Storm', 'comfyui', $1, $2) RETURNING id`,
    [JSON.stringify(smallTxt2imgGraph({ text: 'a prompt', steps, prefix: 'chaos' })), JSON.stringify(PARAMS)],
  );
  return rows[0]!.id;
}

/** Worker settings for the double: quick polling, short request timeouts. */
export function comfyWorkerEnv(url: string): Record<string, string> {
  return {
    COMFYUI_URL: url,
    COMFYUI_POLL_INTERVAL_MS: '100',
    COMFYUI_LOST_PROMPT_GRACE_MS: '2000',
    COMFYUI_REQUEST_TIMEOUT_MS: '5000',
  };
}

/** How many prompts ComfyUI was sent for each batch index of a job: its generation work. */
export function promptsPerItem(double: ComfyUiDouble, jobId: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { prompt } of double.prompts) {
    const save = Object.values(prompt).find((node) => node.class_type === 'SaveImage');
    if (save?.inputs.filename_prefix !== `atelier/${jobId}/chaos`) continue;
    const index = Number(prompt['4']!.inputs.seed) - FIRST_SEED;
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  return counts;
}
