import { performance } from 'node:perf_hooks';
import { analyticsCases } from './analytics-cases.js';
import { seedAnalyticsJobs, type AnalyticsSeed } from './analytics-seed.js';
import { createEnvironment, createUsers, type BenchEnvironment } from './environment.js';
import {
  bareHttpCases,
  galleryCases,
  measureGalleryCases,
  type Case,
  type GalleryCaseResult,
  type Query,
} from './gallery-latency.js';
import { FOLDER_NAMES, seedGallery, type GallerySeed, type GallerySeedSettings } from './gallery-seed.js';
import { startApi, startBareHttp } from './processes.js';
import { type Cleanup, progress } from './support.js';

export interface GallerySettings extends GallerySeedSettings {
  calls: number;
  depth: number;
  /** One-item jobs added after the gallery cases, for the analytics cases. */
  analyticsJobs: number;
}

export interface GalleryBenchResult {
  settings: GallerySettings;
  seed: GallerySeed;
  filtered: Record<string, string | number>;
  cases: GalleryCaseResult[];
  /** The cases the depth target compares, out of `cases`. */
  depth: Record<'firstPage' | 'atOffset' | 'atCursor', GalleryCaseResult>;
  analytics: { seed: AnalyticsSeed; cases: GalleryCaseResult[] };
  durationS: number;
}

function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Issue 5's gallery figures: its own database seeded with `items`, an API process, the heavy user's calls. */
export async function benchGallery(cleanup: Cleanup, settings: GallerySettings): Promise<GalleryBenchResult> {
  const started = performance.now();
  const env = await createEnvironment(cleanup);
  progress(`gallery: seeding ${settings.items.toLocaleString('en')} items over ${settings.users} users`);
  const seed = await seedGallery(env, settings, 'bench-password-1');
  const api = await startApi(env, cleanup);
  // a folder, a quarter of the year and a word of one theme in ten: about a page of matches
  const filtered = { folder: FOLDER_NAMES[0]!, dateFrom: isoDay(120), dateTo: isoDay(30), search: 'sunset', tz: 0 };
  const named = await galleryCases(api.baseUrl, seed.heavy, filtered, settings.depth);
  const { firstPage, count, session } = named;
  const bare = (what: string, c: Case, steps: Query[][]) => ({
    name: `Floor: bare node:http ${what}`,
    path: c.path,
    steps,
  });
  const floors = await bareHttpCases(
    api.baseUrl,
    seed.heavy.token,
    [
      bare("answering the first page's bytes", firstPage, []),
      bare("answering the count's bytes", count, []),
      bare("running the first page's SQL, then answering its bytes", firstPage, [firstPage.queries]),
      bare("running the count's SQL, then answering its bytes", count, [count.queries]),
      bare("running the session's SQL, then the first page's, then answering", firstPage, [
        session.queries,
        firstPage.queries,
      ]),
      bare("running the session's SQL, then the count's, then answering", count, [session.queries, count.queries]),
    ],
    (answers) => startBareHttp(env, cleanup, answers),
  );
  const cases = [...Object.values(named), ...floors];
  const results = await measureGalleryCases(env, api.baseUrl, seed.heavy.token, cases, settings.calls);
  const resultOf = (c: Case) => {
    const result = results.find((r) => r.name === c.name);
    if (!result) throw new Error(`no result for the case ${c.name}`);
    return result;
  };
  const depth = {
    firstPage: resultOf(firstPage),
    atOffset: resultOf(named.atOffset),
    atCursor: resultOf(named.atCursor),
  };
  if (depth.atOffset.answered !== depth.atCursor.answered)
    throw new Error(
      `the cursor page (${depth.atCursor.answered}) is not the page at the offset (${depth.atOffset.answered})`,
    );
  const analytics = await benchAnalytics(env, seed, api.baseUrl, settings);
  await api.stop();
  return {
    settings,
    seed,
    filtered,
    cases: results,
    depth,
    analytics,
    durationS: (performance.now() - started) / 1000,
  };
}

/** Run after the gallery cases, whose figures the extra jobs would not change: gallery queries never read jobs. */
async function benchAnalytics(
  env: BenchEnvironment,
  seed: GallerySeed,
  baseUrl: string,
  settings: GallerySettings,
): Promise<GalleryBenchResult['analytics']> {
  progress(`analytics: seeding ${settings.analyticsJobs.toLocaleString('en')} one-item jobs`);
  const analyticsSeed = await seedAnalyticsJobs(env, seed.userIds, settings.analyticsJobs);
  const [admin] = await createUsers(env, 1, 'bench-password-1', 'analytics_admin');
  await env.pool.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin!.id]);
  const cases = await analyticsCases(seed.heavy, admin!);
  return {
    seed: analyticsSeed,
    cases: await measureGalleryCases(env, baseUrl, seed.heavy.token, cases, settings.calls),
  };
}
