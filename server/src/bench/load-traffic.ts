import { performance } from 'node:perf_hooks';
import { NEXT_CURSOR_HEADER } from '@atelier/shared';
import { tinyJob } from './api-client.js';
import { percentile, sleep, withTimeout } from './support.js';

export interface RouteStats {
  route: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  /** The first few error answers, so a failing run says why. */
  examples: string[];
}

/** fetch says only "fetch failed"; the reason (ECONNRESET, a timeout...) is in its cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause =
    error.cause instanceof Error
      ? `: ${(error.cause as Error & { code?: string }).code ?? ''} ${error.cause.message}`
      : '';
  return `${error.message}${cause}`;
}

/** Every request of the load run, timed and checked, grouped by route pattern. */
export class TrafficLog {
  private readonly byRoute = new Map<string, { times: number[]; errors: number; examples: string[] }>();

  constructor(private readonly baseUrl: string) {}

  /** One request; answers the parsed body and the headers, or null when it failed (counted). */
  async call(
    route: string,
    method: string,
    path: string,
    token: string,
    body?: unknown,
    expected = 200,
  ): Promise<{ body: unknown; headers: Headers } | null> {
    const entry = this.byRoute.get(route) ?? { times: [], errors: 0, examples: [] };
    this.byRoute.set(route, entry);
    const started = performance.now();
    try {
      const res = await withTimeout(
        `${method} ${path}`,
        fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        30_000,
      );
      const text = await res.text();
      entry.times.push(performance.now() - started);
      if (res.status !== expected) {
        entry.errors++;
        if (entry.examples.length < 3) entry.examples.push(`${res.status} ${text.slice(0, 200)}`);
        return null;
      }
      return { body: JSON.parse(text) as unknown, headers: res.headers };
    } catch (error) {
      entry.times.push(performance.now() - started);
      entry.errors++;
      if (entry.examples.length < 3) entry.examples.push(describeFailure(error));
      return null;
    }
  }

  stats(): RouteStats[] {
    return [...this.byRoute].map(([route, e]) => ({
      route,
      requests: e.times.length,
      errors: e.errors,
      p50: percentile(e.times, 50),
      p99: percentile(e.times, 99),
      examples: e.examples,
    }));
  }
}

/** A signed-in user polling the queue and their jobs every `everyMs` until `until`, as the client's screens do. */
export async function poll(log: TrafficLog, token: string, everyMs: number, until: number): Promise<void> {
  // spread the pollers over the interval instead of all firing at once
  await sleep(Math.random() * everyMs);
  while (Date.now() < until) {
    const next = Date.now() + everyMs;
    await Promise.all([
      log.call('GET /api/queue', 'GET', '/api/queue', token),
      log.call('GET /api/jobs', 'GET', '/api/jobs?page=1&limit=10', token),
    ]);
    await sleep(Math.max(0, Math.min(next, until) - Date.now()));
  }
}

/** Scrolls a gallery page after page with the cursor, starting over at the end, until `until`. */
export async function page(log: TrafficLog, token: string, until: number): Promise<number> {
  let cursor: string | null = null;
  let pages = 0;
  while (Date.now() < until) {
    const path = cursor ? `/api/gallery?limit=100&cursor=${encodeURIComponent(cursor)}` : '/api/gallery?limit=100';
    const answer = await log.call('GET /api/gallery', 'GET', path, token);
    pages++;
    cursor = answer?.headers.get(NEXT_CURSOR_HEADER) ?? null;
  }
  return pages;
}

/** `count` submissions at once, spread over `tokens`; answers the ids of the jobs accepted. */
export async function burst(
  log: TrafficLog,
  tokens: string[],
  workflowId: number,
  count: number,
  batchSize: number,
): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      log.call(
        'POST /api/jobs',
        'POST',
        '/api/jobs',
        tokens[i % tokens.length]!,
        tinyJob(workflowId, `load ${i}`, batchSize, i),
        201,
      ),
    ),
  );
  return answers.flatMap((a) => {
    const id = (a?.body as { id?: unknown } | undefined)?.id;
    return typeof id === 'number' ? [id] : [];
  });
}
