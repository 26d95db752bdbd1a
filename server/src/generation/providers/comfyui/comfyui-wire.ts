import { z } from 'zod';

/*
 * ComfyUI's answers (comfyui-protocol.md sections 2-6). Every object schema is loose and every
 * field we can live without falls back instead of failing, because servers add fields and custom
 * nodes put odd things in outputs between versions.
 */

const nodeErrorSchema = z.looseObject({
  type: z.string().catch(''),
  message: z.string().catch(''),
  details: z.unknown().optional(),
  extra_info: z.looseObject({ input_name: z.string().optional() }).optional().catch(undefined),
});

/** `node_errors[id]`; pre-2025 servers send `[]` instead of an object, hence the catch. */
export const nodeErrorsSchema = z
  .record(
    z.string(),
    z.looseObject({ errors: z.array(nodeErrorSchema).catch([]), class_type: z.string().optional().catch(undefined) }),
  )
  .catch({});
export type NodeErrors = z.infer<typeof nodeErrorsSchema>;

export const promptAcceptedSchema = z.looseObject({
  prompt_id: z.string(),
  number: z.number().optional().catch(undefined),
  node_errors: nodeErrorsSchema.optional(),
});

/** 400 answer; old servers send `error` as a plain string. */
export const promptRefusedSchema = z.looseObject({
  error: z
    .union([
      z.string(),
      z.looseObject({ type: z.string().catch(''), message: z.string().catch(''), details: z.unknown().optional() }),
    ])
    .optional()
    .catch(undefined),
  node_errors: nodeErrorsSchema.optional(),
});
export type PromptRefusal = z.infer<typeof promptRefusedSchema>;

/** Queue item = `[number, prompt_id, prompt, extra_data, outputs_to_execute]`. */
const queueItemSchema = z.array(z.unknown());
export const queueSchema = z.looseObject({
  queue_running: z.array(queueItemSchema).catch([]),
  queue_pending: z.array(queueItemSchema).catch([]),
});

export const historyEntrySchema = z.looseObject({
  /** node id -> UI output (`images`, `gifs`, `animated`, `text`, ...). */
  outputs: z.record(z.string(), z.record(z.string(), z.unknown()).catch({})).catch({}),
  status: z
    .looseObject({
      status_str: z.string().optional().catch(undefined),
      completed: z.boolean().optional().catch(undefined),
      messages: z.array(z.array(z.unknown())).catch([]),
    })
    .optional()
    .catch(undefined),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Any output item with a file name is a file (images, gifs, videos under images, audio, ...). */
export const outputItemSchema = z.looseObject({
  filename: z.string().min(1),
  subfolder: z.string().catch(''),
  type: z.string().catch('output'),
  format: z.string().optional().catch(undefined),
});
export type OutputItem = z.infer<typeof outputItemSchema>;

export const uploadedSchema = z.looseObject({ name: z.string().min(1), subfolder: z.string().catch('') });

export const socketMessageSchema = z.looseObject({
  type: z.string(),
  data: z.record(z.string(), z.unknown()).catch({}),
});
export type ComfyUiEvent = z.infer<typeof socketMessageSchema>;

export const executionErrorSchema = z.looseObject({
  exception_type: z.string().catch(''),
  exception_message: z.string().catch(''),
  node_id: z.unknown().optional(),
  node_type: z.string().optional().catch(undefined),
});

export const progressSchema = z.looseObject({ value: z.number(), max: z.number() });
