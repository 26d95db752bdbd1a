import path from 'node:path';
import { envSchema, type Env } from './config.schema.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  database: { url: string | undefined; embeddedPort: number };
  redis: { url: string; keyPrefix: string };
  auth: {
    jwtSecret: string | undefined;
    /** Key material for secrets stored in the database; falls back to the JWT secret. */
    secretsKey: string | undefined;
    jwtExpiresInS: number;
    adminUsername: string;
    adminPassword: string | undefined;
    loginMaxFailuresPerUsername: number;
    loginMaxAttemptsPerIp: number;
    loginRateWindowS: number;
  };
  baseWorkflows: { dir: string; remote: string | undefined; sampleCatalogue: boolean };
  limits: {
    /** Largest JSON request body; a base workflow or slug workflow save is the largest legitimate one. */
    jsonBodyMaxBytes: number;
    /** Jobs one user may submit (or clone) within the window, counted in Redis across API processes. */
    jobSubmitMaxPerUser: number;
    jobSubmitWindowS: number;
  };
  generation: {
    provider: Env['GENERATION_PROVIDER'];
    comfyui: {
      url: string | undefined;
      itemTimeoutS: number;
      requestTimeoutMs: number;
      pollIntervalMs: number;
      lostPromptGraceMs: number;
      unreachableToleranceMs: number;
    };
    eok: {
      url: string | undefined;
      apiKey: string | undefined;
      itemTimeoutS: number;
      requestTimeoutMs: number;
      pollStartMs: number;
    };
    builtin: { itemDelayMs: number; blockedWords: string[] };
    itemMaxAttempts: number;
    itemRetryBaseMs: number;
    /** The largest output file a generation server may send; a larger one fails its item. */
    outputMaxBytes: number;
  };
  worker: { concurrency: number; sliceItems: number; lockDurationMs: number; stalledIntervalMs: number };
  mediaDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** Proxies in front of the API whose X-Forwarded-For entries are believed; false: none. */
  trustProxy: false | number;
  /** Origins allowed to call the API from a browser page of theirs; empty = same origin only. */
  corsOrigins: string[];
  clientDistDir: string | undefined;
  shutdownGraceMs: number;
  /** Bearer token of the Prometheus scraper; unset = no /metrics. The worker serves its own on `workerPort`. */
  metrics: { token: string | undefined; workerPort: number | undefined };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90` (seconds), `15m`, `12h`, `7d`; the schema has already checked the form. */
export function durationToSeconds(value: string): number {
  const unit = value.at(-1) ?? 's';
  const factor = UNIT_SECONDS[unit];
  return factor ? Number(value.slice(0, -1)) * factor : Number(value);
}

function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** Parses the environment once; a bad value stops start-up with every bad key listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const values = withoutEmptyValues(source);
  const parsed = envSchema.safeParse(values);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (values.NODE_ENV === 'production' && !values.JWT_SECRET) {
    problems.push('JWT_SECRET: must be set when NODE_ENV=production');
  }
  // a provider pinned without its address would start fine, then fail every job it is given
  if (values.GENERATION_PROVIDER === 'comfyui' && !values.COMFYUI_URL) {
    problems.push('GENERATION_PROVIDER: comfyui needs COMFYUI_URL');
  }
  if (values.GENERATION_PROVIDER === 'eok' && !values.EOK_URL) {
    problems.push('GENERATION_PROVIDER: eok needs EOK_URL');
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    database: { url: env.DATABASE_URL, embeddedPort: env.EMBEDDED_PG_PORT },
    redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX },
    auth: {
      jwtSecret: env.JWT_SECRET,
      secretsKey: env.SECRETS_KEY,
      jwtExpiresInS: durationToSeconds(env.JWT_EXPIRES_IN),
      adminUsername: env.ADMIN_USERNAME,
      adminPassword: env.ADMIN_PASSWORD,
      loginMaxFailuresPerUsername: env.LOGIN_MAX_FAILURES_PER_USERNAME,
      loginMaxAttemptsPerIp: env.LOGIN_MAX_ATTEMPTS_PER_IP,
      loginRateWindowS: env.LOGIN_RATE_WINDOW_S,
    },
    baseWorkflows: {
      dir: path.resolve(env.BASE_WORKFLOWS_DIR ?? path.join(env.DATA_DIR, 'base-workflows')),
      remote: env.BASE_WORKFLOWS_REMOTE,
      sampleCatalogue: env.SAMPLE_CATALOGUE,
    },
    limits: {
      jsonBodyMaxBytes: env.JSON_BODY_MAX_BYTES,
      jobSubmitMaxPerUser: env.JOB_SUBMIT_MAX_PER_USER,
      jobSubmitWindowS: env.JOB_SUBMIT_WINDOW_S,
    },
    generation: {
      provider: env.GENERATION_PROVIDER,
      comfyui: {
        url: env.COMFYUI_URL,
        itemTimeoutS: env.COMFYUI_ITEM_TIMEOUT_S,
        requestTimeoutMs: env.COMFYUI_REQUEST_TIMEOUT_MS,
        pollIntervalMs: env.COMFYUI_POLL_INTERVAL_MS,
        lostPromptGraceMs: env.COMFYUI_LOST_PROMPT_GRACE_MS,
        unreachableToleranceMs: env.COMFYUI_UNREACHABLE_GRACE_MS,
      },
      eok: {
        url: env.EOK_URL,
        apiKey: env.EOK_API_KEY,
        itemTimeoutS: env.EOK_ITEM_TIMEOUT_S,
        requestTimeoutMs: env.EOK_REQUEST_TIMEOUT_MS,
        pollStartMs: env.EOK_POLL_START_MS,
      },
      builtin: {
        itemDelayMs: env.BUILTIN_ITEM_DELAY_MS,
        blockedWords: env.BUILTIN_BLOCKED_WORDS.split(',')
          .map((w) => w.trim().toLowerCase())
          .filter(Boolean),
      },
      itemMaxAttempts: env.ITEM_MAX_ATTEMPTS,
      itemRetryBaseMs: env.ITEM_RETRY_BASE_MS,
      outputMaxBytes: env.OUTPUT_MAX_BYTES,
    },
    worker: {
      concurrency: env.WORKER_CONCURRENCY,
      sliceItems: env.JOB_SLICE_ITEMS,
      lockDurationMs: env.WORKER_LOCK_DURATION_MS,
      stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
    },
    mediaDir: path.resolve(env.DATA_DIR, 'media'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    metrics: { token: env.METRICS_TOKEN, workerPort: env.WORKER_METRICS_PORT },
    clientDistDir: env.CLIENT_DIST_DIR ? path.resolve(env.CLIENT_DIST_DIR) : undefined,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}

/** Injection token for the parsed configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
