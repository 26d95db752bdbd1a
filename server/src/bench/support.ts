/** Small helpers of the bench script: bounded waits, cleanup, statistics, formatting, progress. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` answers a value (not undefined or false), or fails naming what it waited for. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Undo steps, run newest first, each bounded in time; a failing step is reported and the rest
 * still run. Running twice is harmless (the steps are taken off the stack as they run).
 */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => Promise<unknown>; timeoutMs: number }> = [];

  add(what: string, run: () => Promise<unknown>, timeoutMs = 30_000): void {
    this.steps.push({ what, run, timeoutMs });
  }

  async run(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await withTimeout(`cleanup: ${step.what}`, step.run(), step.timeoutMs);
      } catch (error) {
        progress(`cleanup step failed (${step.what}): ${errorMessage(error)}`);
      }
    }
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A progress line on stderr, so stdout holds only the report. */
export function progress(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function mean(samples: readonly number[]): number {
  return samples.length === 0 ? Number.NaN : samples.reduce((sum, x) => sum + x, 0) / samples.length;
}

export function intFromEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

/** `1234567` -> `1,234,567`, whatever the machine's locale. */
export function grouped(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

export function megabytes(bytes: number): string {
  return `${fixed(bytes / (1024 * 1024), 1)} MB`;
}

export function ms(value: number): string {
  return `${fixed(value, 1)} ms`;
}

/** A Markdown table. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
