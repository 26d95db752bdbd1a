import type { AppConfig } from '../../../config/config.js';

/** The connection settings; the configured poll start reaches the provider as a timing override. */
export type EokConfig = Omit<AppConfig['generation']['eok'], 'pollStartMs'>;

export interface EokTimings {
  /** Polling starts at this interval and doubles up to pollMaxMs (contract: 1 s to 5 s). */
  pollStartMs: number;
  pollMaxMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts per HTTP call on 429/5xx/network errors, the first included. */
  maxAttempts: number;
  /** Bounds one item from submit to downloaded files (EOK_ITEM_TIMEOUT_S). */
  itemTimeoutMs: number;
  requestTimeoutMs: number;
}

/** The contract's schedule and the configured bounds; tests pass shorter ones. */
export function eokTimings(config: EokConfig, overrides: Partial<EokTimings> = {}): EokTimings {
  return {
    pollStartMs: 1000,
    pollMaxMs: 5000,
    retryBaseMs: 1000,
    retryMaxMs: 30_000,
    maxAttempts: 5,
    itemTimeoutMs: config.itemTimeoutS * 1000,
    requestTimeoutMs: config.requestTimeoutMs,
    ...overrides,
  };
}
