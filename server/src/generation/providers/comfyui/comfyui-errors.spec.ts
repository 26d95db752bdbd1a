import { describe, expect, it } from 'vitest';
import { GenerationCancelledError } from '../generation-provider.js';
import { executionError, historyFailure, nodeErrorsSummary, refusalError } from './comfyui-errors.js';
import { historyEntrySchema, nodeErrorsSchema, promptRefusedSchema } from './comfyui-wire.js';

describe('refusalError (400 from POST /prompt)', () => {
  it('names the missing model of a value_not_in_list error and ends the job', () => {
    const refusal = promptRefusedSchema.parse({
      error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '' },
      node_errors: {
        '4': {
          errors: [
            {
              type: 'value_not_in_list',
              message: 'Value not in list',
              details: "ckpt_name: 'x' not in []",
              extra_info: { input_name: 'ckpt_name' },
            },
          ],
          dependent_outputs: ['9'],
          class_type: 'CheckpointLoaderSimple',
        },
      },
    });
    expect(refusalError(refusal)).toMatchObject({
      message:
        'ComfyUI refused the workflow: Prompt outputs failed validation (CheckpointLoaderSimple: value_not_in_list ckpt_name)',
      scope: 'job',
      retryable: false,
    });
  });

  it('reads an invalid_prompt without node errors, and the plain-string error of pre-2025 servers', () => {
    const invalid = promptRefusedSchema.parse({
      error: {
        type: 'invalid_prompt',
        message: 'Cannot execute because node Foo does not exist.',
        details: 'Node ID #3',
      },
      node_errors: {},
    });
    expect(refusalError(invalid).message).toBe(
      'ComfyUI refused the workflow: Cannot execute because node Foo does not exist.: Node ID #3',
    );
    const old = promptRefusedSchema.parse({ error: 'no prompt', node_errors: [] });
    expect(refusalError(old).message).toBe('ComfyUI refused the workflow: no prompt');
  });
});

describe('executionError', () => {
  it('is "type: message", retryable only when the GPU ran out of memory', () => {
    expect(executionError({ exception_type: 'ValueError', exception_message: 'bad latent\n' })).toMatchObject({
      message: 'ValueError: bad latent',
      retryable: false,
    });
    const oom = executionError({
      exception_type: 'torch.OutOfMemoryError',
      exception_message: 'CUDA out of memory. Tried to allocate 2 GiB',
    });
    expect(oom.retryable).toBe(true);
    expect(executionError('garbage').message).toBe('ComfyUI reported an execution error');
  });
});

describe('historyFailure', () => {
  const entry = (status: unknown): ReturnType<typeof historyEntrySchema.parse> =>
    historyEntrySchema.parse({ outputs: {}, status });

  it('treats success, and entries of old servers without a status, as success', () => {
    expect(historyFailure(entry({ status_str: 'success', completed: true, messages: [] }))).toBeNull();
    expect(historyFailure(historyEntrySchema.parse({ outputs: {} }))).toBeNull();
  });

  it('reports the execution error, or an interruption we did not ask for as retryable', () => {
    const failed = entry({
      status_str: 'error',
      completed: false,
      messages: [
        ['execution_start', { prompt_id: 'p' }],
        ['execution_error', { exception_type: 'RuntimeError', exception_message: 'boom' }],
      ],
    });
    expect(historyFailure(failed)?.message).toBe('RuntimeError: boom');
    const interrupted = historyFailure(
      entry({ status_str: 'error', completed: false, messages: [['execution_interrupted', {}]] }),
    );
    expect(interrupted).not.toBeInstanceOf(GenerationCancelledError);
    expect(interrupted).toMatchObject({ message: 'ComfyUI interrupted the run', retryable: true });
  });
});

it('summarises the node errors of a partial run', () => {
  const nodeErrors = nodeErrorsSchema.parse({
    '12': { errors: [{ type: 'required_input_missing', message: 'Required input is missing', details: 'images' }] },
  });
  expect(nodeErrorsSummary(nodeErrors)).toBe('node 12: required_input_missing images');
});
