import type { GalleryBenchResult } from './gallery-bench.js';
import { search } from './gallery-latency.js';
import { fixed, grouped, ms, table } from './support.js';

const P99_LIMIT_MS = 50;

/** The gallery section of the report: one row per case, then the cursor-against-first-page row. */
export function renderGalleryReport(r: GalleryBenchResult): string {
  const verdicts: boolean[] = [];
  const judge = (ok: boolean) => {
    verdicts.push(ok);
    return ok ? 'yes' : 'NO';
  };
  const rows = r.cases.map((c) => {
    const { raw } = c;
    if (!raw) return [c.name, c.answered, ms(c.api.p50), '-', '-', '-', '-', ms(c.api.p99), '-', '-'];
    const ratio = c.api.p50 / raw.p50;
    return [
      c.name,
      c.answered,
      ms(c.api.p50),
      ms(raw.p50),
      ms(c.api.p50 - raw.p50),
      `${fixed(ratio, 2)}x`,
      c.judged ? judge(ratio <= 2) : '-',
      ms(c.api.p99),
      ms(raw.p99),
      c.judged ? judge(c.api.p99 < P99_LIMIT_MS && raw.p99 < P99_LIMIT_MS) : '-',
    ];
  });
  const depthRatio = r.depth.atCursor.api.p50 / r.depth.firstPage.api.p50;
  const depthMet = judge(depthRatio <= 1.5);
  const { seed, settings } = r;
  return [
    '## Gallery (issue 5)',
    '',
    `Seed: ${grouped(seed.items)} gallery items over ${settings.users} users (the measured user holds ` +
      `${grouped(seed.heavyItems)}, 95% active, 60% in one of 8 folders, 10% videos), ${grouped(seed.folders)} folders, ` +
      `jobs of 100 items over the last year; inserted in ${fixed(seed.insertS, 1)} s, secondary indexes rebuilt in ` +
      `${fixed(seed.indexS, 1)} s, VACUUM ANALYZE ${fixed(seed.vacuumS, 1)} s. Filtered page: ` +
      `\`${search(r.filtered)}\`.`,
    '',
    table(
      [
        'Case',
        'Answer',
        'API p50',
        'Raw SQL p50',
        'API minus raw',
        'Ratio',
        '<= 2x',
        'API p99',
        'Raw SQL p99',
        'p99 < 50 ms',
      ],
      rows,
    ),
    '',
    renderBreakdown(r.cases),
    '',
    table(
      ['Depth', 'Cursor page p50', 'First page p50', 'Ratio', 'Target', 'Met'],
      [
        [
          grouped(settings.depth),
          ms(r.depth.atCursor.api.p50),
          ms(r.depth.firstPage.api.p50),
          `${fixed(depthRatio, 2)}x`,
          '<= 1.5x',
          depthMet,
        ],
      ],
    ),
    '',
    `Targets met: ${verdicts.filter(Boolean).length} of ${verdicts.length}. Run time: ${fixed(r.durationS / 60, 1)} min.`,
    '',
    `Method: ${settings.calls} calls per case after 10 warm-up calls, API and raw alternating (A B, B A). API = HTTP GET ` +
      'from this process to the API child process (node:http, one keep-alive socket, bearer token, to the body parsed): JWT check, ' +
      'validation, the query, signing every media URL, JSON. Raw SQL = the very statement and parameters the API ' +
      'runs (captured from GalleryService itself), sent with pg from this process to rows read. The cursor is the ' +
      `X-Next-Cursor the API answered for the page before offset ${grouped(settings.depth)}; the bench checks that the ` +
      'cursor page and the offset page hold the same rows. The bare node:http floors answer the very bytes the API ' +
      'answered for the first page and the count, from a process with no framework or token; some first run, with pg, ' +
      "the case's SQL, or the session's SQL and then the case's, as the API does (timed beside the case's raw SQL): " +
      'what any HTTP server reading its session per request pays on this machine before any code of ours runs.',
    '',
    renderAnalytics(r.analytics),
  ].join('\n');
}

/**
 * Splits each API p50 by the API's own Server-Timing: time in the API process (first middleware to
 * headers out), the part of it spent on the token and session check, and what is left outside the
 * process (HTTP both ways, the body read and parsed by the client). Medians of each series, so the
 * parts need not add up exactly.
 */
function renderBreakdown(cases: GalleryBenchResult['cases']): string {
  const rows = cases.flatMap((c) => {
    if (!c.inApi) return [];
    const { app, auth } = c.inApi;
    return [
      [
        c.name,
        ms(c.api.p50),
        ms(app.p50),
        auth ? ms(auth.p50) : '-',
        c.raw ? ms(c.raw.p50) : '-',
        c.raw ? ms(app.p50 - c.raw.p50) : '-',
        ms(c.api.p50 - app.p50),
      ],
    ];
  });
  return [
    "Where the API's time goes (p50 of each, from the API's Server-Timing header):",
    '',
    table(
      [
        'Case',
        'API p50, as the client sees it',
        'In the API process',
        'Of which token and session check',
        'Raw SQL',
        'In the API minus raw SQL',
        'Outside the API process',
      ],
      rows,
    ),
  ].join('\n');
}

/** Held to no target by the issue; shown because analytics must stay fast at a million items too. */
function renderAnalytics({ seed, cases }: GalleryBenchResult['analytics']): string {
  const rows = cases.map((c) => [
    c.name,
    c.answered,
    ms(c.api.p50),
    c.raw ? ms(c.raw.p50) : '-',
    c.raw ? `${fixed(c.api.p50 / c.raw.p50, 2)}x` : '-',
    ms(c.api.p99),
    c.raw ? ms(c.raw.p99) : '-',
  ]);
  return [
    '### Analytics at a million jobs',
    '',
    `Analytics reads jobs, not gallery items, so its worst case at a million items is a million one-item jobs: ` +
      `${grouped(seed.jobs)} were added to the seed's users over the last year (inserted in ${fixed(seed.insertS, 1)} s). ` +
      `The measured user then holds ${grouped(seed.heavyJobs)} jobs; the last 90 days hold ${grouped(seed.jobsIn90Days)} jobs of all users. ` +
      "Raw SQL = the dashboard's statements, captured from AnalyticsController itself and sent at once on four connections, as the API sends them.",
    '',
    table(['Case', 'Answer', 'API p50', 'Raw SQL p50', 'Ratio', 'API p99', 'Raw SQL p99'], rows),
    '',
  ].join('\n');
}
