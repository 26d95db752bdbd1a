import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  NEXT_CURSOR_HEADER,
  folderFilterQuerySchema,
  galleryFilterQuerySchema,
  galleryListQuerySchema,
  type SessionUser,
} from '@atelier/shared';
import type { DataSource, Repository } from 'typeorm';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { GalleryRepository } from '../gallery/gallery.repository.js';
import { GalleryService } from '../gallery/gallery.service.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import type { BenchEnvironment } from './environment.js';
import { percentile, progress, withTimeout } from './support.js';

export interface Stats {
  p50: number;
  p99: number;
}

export interface GalleryCaseResult {
  name: string;
  path: string;
  api: Stats;
  /** Null for a floor with no SQL under it. */
  raw: Stats | null;
  /** The API's own Server-Timing: `app` (in the API process) and `auth` (token and session); null on a bare floor. */
  inApi: { app: Stats; auth: Stats | null } | null;
  /** What the API answered, to show the case measured something real. */
  answered: string;
  /** False for the floor: a no-op call shown for scale, held to no target. */
  judged: boolean;
}

export interface Query {
  sql: string;
  params: unknown[];
}

export interface Case {
  name: string;
  path: string;
  /**
   * The SQL the API runs for this request, captured from our code itself: the raw run sends them
   * at once, as the API does. Empty for a bare HTTP floor.
   */
  queries: Query[];
  judged: boolean;
  /** Another server than the API's, for a floor. */
  baseUrl?: string;
  /** Another caller than the measured user. */
  token?: string;
}

/**
 * Runs our code with a DataSource that only records its SQL (answering `rows` to every query), so
 * the baseline is exactly the API's statements.
 */
export async function captureQueries(
  work: (recorder: DataSource) => Promise<unknown>,
  rows: unknown[] = [],
): Promise<Query[]> {
  const seen: Query[] = [];
  const recorder = {
    query: (sql: string, params: unknown[]) => {
      seen.push({ sql, params: [...params] });
      return Promise.resolve(rows);
    },
  } as unknown as DataSource;
  await work(recorder);
  if (seen.length === 0) throw new Error('the code under measure ran no query');
  return seen;
}

async function captureOne(work: (recorder: DataSource) => Promise<unknown>): Promise<Query[]> {
  const seen = await captureQueries(work);
  if (seen.length !== 1) throw new Error(`expected one query, the service ran ${seen.length}`);
  return seen;
}

function captureSql(work: (service: GalleryService) => Promise<unknown>): Promise<Query[]> {
  // no row comes back, so nothing is signed
  return captureOne((recorder) => work(new GalleryService(new GalleryRepository(recorder), {} as MediaUrlSigner)));
}

/** A query string of the params, in their order. */
export function search(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

/** node:http on one keep-alive socket: fetch (undici) costs the client more per request than the query it waits for. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  body: unknown;
  text: string;
  cursor: string | null;
  /** Server-Timing metrics (name -> ms). */
  timing: Record<string, number>;
}

/** `auth;dur=0.71, app;dur=3.52` -> { auth: 0.71, app: 3.52 } */
export function parseServerTiming(header: string | string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const match = /^\s*([\w-]+)(?:;[^,]*?)?;dur=([\d.]+)/.exec(part);
    if (match) out[match[1]!] = Number(match[2]);
  }
  return out;
}

function getJson(baseUrl: string, path: string, token: string): Promise<Answer> {
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) {
          reject(new Error(`GET ${path} answered ${res.statusCode}: ${text.slice(0, 500)}`));
          return;
        }
        const cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
        resolve({
          body: JSON.parse(text) as unknown,
          text,
          cursor: typeof cursor === 'string' ? cursor : null,
          timing: parseServerTiming(res.headers['server-timing']),
        });
      });
    });
    req.on('error', reject);
  });
  return withTimeout(`GET ${path}`, answer, 30_000);
}

function describe(body: unknown): string {
  if (Array.isArray(body)) {
    const first = body[0] as { id?: number } | undefined;
    return `${body.length} rows${first?.id !== undefined ? `, first id ${first.id}` : ''}`;
  }
  if (body && typeof body === 'object' && 'count' in body) return `count ${(body as { count: number }).count}`;
  if (body && typeof body === 'object' && 'user' in body) return 'the session user';
  if (body && typeof body === 'object' && 'view_type' in body) {
    const { view_type, system_stats } = body as { view_type: string; system_stats: { total_jobs: number } };
    return `${view_type} view, ${system_stats.total_jobs.toLocaleString('en')} jobs`;
  }
  return JSON.stringify(body).slice(0, 80);
}

/** What the bare node:http floor answers on a path: the SQL steps it runs first, then the bytes. */
export interface BareAnswer {
  body: string;
  /** Each step's statements at once, the steps one after another; none for HTTP alone. */
  steps: Query[][];
}

export interface FloorSpec {
  name: string;
  /** The API path whose answer the floor sends back. */
  path: string;
  steps: Query[][];
}

/**
 * Floors held to no target: the bytes the API answered for each path, served by a bare node:http
 * process (see bare-http-process.ts) to the same client, after the SQL steps given, so the table
 * shows what HTTP and JSON.parse alone cost for an answer of that size, and what the same round
 * trips to PostgreSQL add with no framework around them. A floor with SQL is timed beside the raw
 * run of its last step, the query the API case is held to.
 */
export async function bareHttpCases(
  apiBaseUrl: string,
  token: string,
  floors: FloorSpec[],
  start: (answers: Record<string, BareAnswer>) => Promise<{ baseUrl: string }>,
): Promise<Case[]> {
  const answers: Record<string, BareAnswer> = {};
  for (const [i, { path, steps }] of floors.entries())
    answers[`/floor/${i}`] = { body: (await getJson(apiBaseUrl, path, token)).text, steps };
  const bare = await start(answers);
  return floors.map(({ name, steps }, i) => ({
    name,
    path: `/floor/${i}`,
    baseUrl: bare.baseUrl,
    queries: steps.at(-1) ?? [],
    judged: false,
  }));
}

/** Issue 5's cases by what they measure; the table lists them in this order. */
export interface GalleryCases {
  firstPage: Case;
  atOffset: Case;
  atCursor: Case;
  filteredPage: Case;
  count: Case;
  filteredCount: Case;
  folders: Case;
  filteredFolders: Case;
  session: Case;
}

/** The cases of issue 5 for the heavy user; the cursor is the one the API hands out at offset `depth`. */
export async function galleryCases(
  baseUrl: string,
  user: { id: number; token: string },
  filtered: Record<string, string | number>,
  depth: number,
): Promise<GalleryCases> {
  const session = { id: user.id, username: 'bench', role: 'user' } as SessionUser;
  const list = async (name: string, params: Record<string, string | number>): Promise<Case> => ({
    name,
    path: `/api/gallery?${search(params)}`,
    queries: await captureSql((s) => s.list(session, galleryListQuerySchema.parse(params))),
    judged: true,
  });
  const before = await getJson(baseUrl, `/api/gallery?${search({ limit: 100, offset: depth - 100 })}`, user.token);
  if (!before.cursor) throw new Error(`no ${NEXT_CURSOR_HEADER} header on the page before offset ${depth}`);
  const countCase = async (name: string, params: Record<string, string | number>): Promise<Case> => ({
    name,
    path: `/api/gallery/count?${search(params)}`,
    queries: await captureSql((s) => s.count(session, galleryFilterQuerySchema.parse(params))),
    judged: true,
  });
  // the folder tiles take the gallery's filters but its folder and search
  const dateRange = { dateFrom: filtered.dateFrom!, dateTo: filtered.dateTo!, tz: filtered.tz ?? 0 };
  const foldersCase = async (name: string, params: Record<string, string | number>): Promise<Case> => ({
    name,
    path: `/api/folders?${search(params)}`,
    queries: await captureSql((s) => s.folders(session, folderFilterQuerySchema.parse(params))),
    judged: true,
  });
  return {
    firstPage: await list('First page (100)', { limit: 100 }),
    atOffset: await list(`Page at offset ${depth.toLocaleString('en')}`, { limit: 100, offset: depth }),
    atCursor: await list('Cursor page at the same depth', { limit: 100, cursor: before.cursor }),
    filteredPage: await list('Filtered page (folder + date range + search)', { limit: 100, ...filtered }),
    count: await countCase('GET /api/gallery/count', {}),
    filteredCount: await countCase('GET /api/gallery/count, filtered', filtered),
    folders: await foldersCase('GET /api/folders', {}),
    filteredFolders: await foldersCase('GET /api/folders, filtered (the same date range)', dateRange),
    session: {
      name: 'Floor: GET /api/session (token check and the user row, nothing else)',
      path: '/api/session',
      queries: await captureOne((recorder) =>
        new UsersRepository({} as Repository<UserEntity>, recorder).findSession(user.id),
      ),
      judged: false,
    },
  };
}

/**
 * Each case: warm-up calls, then `calls` API requests (HTTP on a keep-alive connection, sent to
 * body read) alternating with the same SQL run with pg from this process (sent to rows read),
 * in the order A B, B A so drift weighs on both.
 */
export async function measureGalleryCases(
  env: BenchEnvironment,
  baseUrl: string,
  token: string,
  cases: Case[],
  calls: number,
): Promise<GalleryCaseResult[]> {
  const results: GalleryCaseResult[] = [];
  for (const c of cases) {
    let answered = '';
    const { queries } = c;
    const apiTimes: number[] = [];
    const rawTimes: number[] = [];
    const appTimes: number[] = [];
    const authTimes: number[] = [];
    const timeApi = async () => {
      const started = performance.now();
      const { body, timing } = await getJson(c.baseUrl ?? baseUrl, c.path, c.token ?? token);
      apiTimes.push(performance.now() - started);
      if (timing.app !== undefined) appTimes.push(timing.app);
      if (timing.auth !== undefined) authTimes.push(timing.auth);
      answered = describe(body);
    };
    // a floor has no SQL: its calls are the API's alone
    const timeRaw = async () => {
      if (queries.length === 0) return;
      const started = performance.now();
      await Promise.all(queries.map((q) => env.pool.query(q.sql, q.params)));
      rawTimes.push(performance.now() - started);
    };
    for (let i = 0; i < 10; i++) {
      await timeApi();
      await timeRaw();
    }
    for (const xs of [apiTimes, rawTimes, appTimes, authTimes]) xs.length = 0;
    for (let i = 0; i < calls; i++) {
      if (i % 2 === 0) {
        await timeApi();
        await timeRaw();
      } else {
        await timeRaw();
        await timeApi();
      }
    }
    const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });
    results.push({
      name: c.name,
      path: c.path,
      api: stats(apiTimes),
      raw: queries.length ? stats(rawTimes) : null,
      inApi: appTimes.length ? { app: stats(appTimes), auth: authTimes.length ? stats(authTimes) : null } : null,
      answered,
      judged: c.judged,
    });
    progress(
      `gallery: ${c.name}: api p50 ${percentile(apiTimes, 50).toFixed(1)} ms` +
        (queries.length ? `, raw ${percentile(rawTimes, 50).toFixed(1)} ms` : ''),
    );
  }
  return results;
}
