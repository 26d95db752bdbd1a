import { isIP } from 'node:net';
import { z } from 'zod';
import { passwordSchema, usernameSchema } from '@atelier/shared';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const duration = z
  .string()
  .regex(/^\d+[smhd]?$/, { error: 'must be a number of seconds or a duration such as 15m, 12h, 7d' })
  // a zero session length starts fine, then refuses every token it hands out
  .refine((v) => /[1-9]/.test(v), { error: 'must be longer than zero' });

/**
 * An address to listen on: an IP, or a host name (whose last label is not all digits, unlike
 * 256.1.1.1). Underscores pass, as Docker's service names have them, and so does a trailing dot.
 */
function isListenHost(value: string): boolean {
  if (isIP(value) !== 0) return true;
  const label = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;
  const labels = (value.endsWith('.') ? value.slice(0, -1) : value).split('.');
  return value.length <= 253 && labels.every((l) => label.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

/**
 * Every environment variable the server reads. The README's configuration table lists the same keys.
 * Empty strings count as unset so that `FOO=` in a compose file means "use the default".
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0').refine(isListenHost, { error: 'must be an IP address or a host name' }),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(5433),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]+$/)
    .default('atelier'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  JWT_EXPIRES_IN: duration.default('12h'),
  SECRETS_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  CORS_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/, {
      error: 'must be a comma-separated list of origins such as https://atelier.example.com',
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  WORKER_METRICS_PORT: port.optional(),
  // the first super_admin must be one sign-in can find and accept (createUserRequestSchema's rules)
  ADMIN_USERNAME: usernameSchema.min(1).default('admin'),
  ADMIN_PASSWORD: passwordSchema.refine((v) => v.trim().length > 0, { error: 'must not be only spaces' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_USERNAME: positiveInt.default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: positiveInt.default(100),
  LOGIN_RATE_WINDOW_S: positiveInt.default(900),
  JSON_BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  JOB_SUBMIT_MAX_PER_USER: positiveInt.default(60),
  JOB_SUBMIT_WINDOW_S: positiveInt.default(60),
  // the number of proxies in front whose X-Forwarded-For entries are believed, counted from the
  // right: `true` is the one proxy of a usual set-up. Express's own `true` believes every entry,
  // and the leftmost, which the client writes itself, would become its address.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => /^(true|false|[1-9]\d?)$/.test(v), 'must be true, false or a number of proxies (1-99)')
    .transform((v) => (v === 'false' ? false : v === 'true' ? 1 : Number(v))),
  BASE_WORKFLOWS_DIR: z.string().min(1).optional(),
  BASE_WORKFLOWS_REMOTE: z.string().min(1).optional(),
  SAMPLE_CATALOGUE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  GENERATION_PROVIDER: z.enum(['auto', 'builtin', 'comfyui', 'eok']).default('auto'),
  COMFYUI_URL: z.url({ protocol: /^https?$/ }).optional(),
  COMFYUI_ITEM_TIMEOUT_S: positiveInt.default(3600),
  COMFYUI_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  COMFYUI_POLL_INTERVAL_MS: positiveInt.default(1500),
  COMFYUI_LOST_PROMPT_GRACE_MS: positiveInt.default(10_000),
  COMFYUI_UNREACHABLE_GRACE_MS: positiveInt.default(60_000),
  EOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  EOK_API_KEY: z.string().min(1).optional(),
  EOK_ITEM_TIMEOUT_S: positiveInt.default(1800),
  EOK_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  EOK_POLL_START_MS: positiveInt.default(1000),
  BUILTIN_ITEM_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  BUILTIN_BLOCKED_WORDS: z.string().default('gore,nsfw,nude,violence'),
  WORKER_CONCURRENCY: positiveInt.default(2),
  JOB_SLICE_ITEMS: positiveInt.default(10),
  ITEM_MAX_ATTEMPTS: positiveInt.default(3),
  ITEM_RETRY_BASE_MS: positiveInt.default(1000),
  OUTPUT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 ** 3),
  WORKER_LOCK_DURATION_MS: positiveInt.default(30_000),
  WORKER_STALLED_INTERVAL_MS: positiveInt.default(15_000),
  CLIENT_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
});

export type Env = z.infer<typeof envSchema>;
