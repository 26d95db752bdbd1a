import { z } from 'zod';
import { BATCH_SIZE_MAX, BATCH_SIZE_MIN, HISTORY_PAGE_MAX, JOB_NAME_MAX_LENGTH } from './constants.js';
import { JOB_STATUSES, jobSchema, rejectionReasonSchema } from './jobs.js';
import { MESSAGES } from './messages.js';
import {
  MAX_ID,
  choiceMessage,
  idFromDigits,
  paginationSchema,
  searchTextSchema,
  wholeFromDigits,
  wholeQueryParam,
  withoutInvisibleFillers,
} from './common.js';

export const submitJobSchema = z.object({
  // idSchema's one spelling, with the messages a missing or unknown workflow gets
  workflow_id: z.preprocess(
    idFromDigits,
    z
      .number({ error: MESSAGES.selectWorkflowFirst })
      .int({ error: MESSAGES.selectWorkflowFirst })
      .positive({ error: MESSAGES.selectWorkflowFirst })
      .max(MAX_ID, { error: MESSAGES.workflowNotFound }),
  ),
  // read by every user in the shared queue: zero-width fillers and bidi overrides are taken out;
  // composed (NFC), so 'café' typed with a combining accent is found by a search for 'café'
  job_name: z
    .string({ error: 'Job name must be text' })
    .overwrite(withoutInvisibleFillers)
    .normalize('NFC')
    .trim()
    .max(JOB_NAME_MAX_LENGTH, { error: `Job name is at most ${JOB_NAME_MAX_LENGTH} characters` })
    .nullish()
    .transform((v) => v ?? ''),
  parameters: z
    .record(z.string(), z.unknown(), { error: 'Parameters must be an object' })
    .nullish()
    .transform((v) => v ?? {}),
  batch_size: z
    .preprocess(
      wholeFromDigits,
      z
        .number({ error: MESSAGES.batchSizeRange })
        .int({ error: MESSAGES.batchSizeRange })
        .min(BATCH_SIZE_MIN, { error: MESSAGES.batchSizeRange })
        .max(BATCH_SIZE_MAX, { error: MESSAGES.batchSizeRange }),
    )
    .default(1),
});
export type SubmitJob = z.input<typeof submitJobSchema>;

/** Sent with a job submission (and a clone) so that sending the same attempt again finds the job it made. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
const IDEMPOTENCY_KEY_RULE = `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`;
const PRINTABLE_ASCII = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** The headers a submission reads, as Node names them (lower case); any others pass unread. */
export const submitJobHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: IDEMPOTENCY_KEY_RULE })
    .regex(PRINTABLE_ASCII, { error: IDEMPOTENCY_KEY_RULE })
    .optional()
    .meta({
      description:
        'A new random value (a UUID) per submit attempt, sent again when resending an attempt that got no answer: a key the caller already used answers the job it made, and no second job is queued',
    }),
});
export type SubmitJobHeaders = z.output<typeof submitJobHeadersSchema>;

const PAGE_RANGE = `Page must be a whole number from 1 to ${HISTORY_PAGE_MAX}`;

export const jobListQuerySchema = z.object({
  status: z
    .enum([...JOB_STATUSES, 'all', ''], { error: choiceMessage('status', [...JOB_STATUSES, 'all']) })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
  search: searchTextSchema(),
  page: wholeQueryParam('page', 1, HISTORY_PAGE_MAX, PAGE_RANGE).default(1),
  limit: wholeQueryParam('limit', 1, 100).default(10),
  /** Admins only: every user's jobs instead of their own. */
  user: z.literal('all', { error: "user must be all (or left out for the caller's own jobs)" }).optional(),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

export const jobListResponseSchema = z.object({ jobs: z.array(jobSchema), pagination: paginationSchema });
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const cloneJobSchema = z.object({
  job_name: z
    .string({ error: MESSAGES.enterJobName })
    // a name of only a zero-width space is no name: it shows as a blank row in the queue
    .overwrite(withoutInvisibleFillers)
    .normalize('NFC')
    .trim()
    .min(1, { error: MESSAGES.enterJobName })
    .max(JOB_NAME_MAX_LENGTH, { error: `Job name is at most ${JOB_NAME_MAX_LENGTH} characters` }),
});

export const jobResultItemSchema = z.object({
  id: z.number().int(),
  batch_index: z.number().int(),
  output_index: z.number().int(),
  media_type: z.enum(['image', 'video']),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  seed_used: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type JobResultItem = z.infer<typeof jobResultItemSchema>;

export const jobResultsQuerySchema = z.object({
  offset: wholeQueryParam('offset', 0, 100_000_000).default(0),
  limit: wholeQueryParam('limit', 1, 500).default(100),
});

export const jobResultsSchema = z.object({
  items: z.array(jobResultItemSchema),
  total: z.number().int(),
  rejections: z.array(rejectionReasonSchema),
});
export type JobResults = z.infer<typeof jobResultsSchema>;

/** How a seed_control parameter travels: a fixed seed, or random per item. */
export const seedValueSchema = z.object({
  mode: z.enum(['random', 'fixed']),
  seed: z.number().int().min(0).max(4_294_967_295),
});
export type SeedValue = z.infer<typeof seedValueSchema>;
