import type { LoadResult } from './load-run.js';
import { fixed, grouped, megabytes, ms, table } from './support.js';

/** The load section of the report: per-route figures, then what the sockets and the API process saw. */
export function renderLoadReport(r: LoadResult): string {
  const s = r.settings;
  const errors = r.routes.reduce((sum, route) => sum + route.errors, 0);
  const failures = r.routes.filter((route) => route.examples.length);
  return [
    '## Load (issue 9)',
    '',
    `${grouped(s.sockets)} signed-in sockets connected for the whole run; ${s.pollers} of those users poll ` +
      `\`GET /api/queue\` and \`GET /api/jobs\` every ${fixed(s.pollEveryMs / 1000, 0)} s; after 5 s they submit ` +
      `${s.burstJobs} jobs of ${s.burstBatchSize} items at once; one more user scrolls a ${grouped(s.galleryItems)}-item ` +
      `gallery with the cursor, 100 a page, back to the top at the end, without pause; ${s.seconds} s; one API process, ` +
      'one worker, the builtin provider at zero delay.',
    '',
    table(
      ['Route', 'Requests', 'Errors', 'p50', 'p99'],
      r.routes.map((route) => [
        route.route,
        grouped(route.requests),
        grouped(route.errors),
        ms(route.p50),
        ms(route.p99),
      ]),
    ),
    '',
    table(
      ['Figure', 'Measured'],
      [
        ['Errors (non-2xx answers and failed requests), all routes', `${grouped(errors)}`],
        ['Gallery pages read', grouped(r.galleryPages)],
        [
          'Sockets connected at the start / at the end',
          `${grouped(r.socketsConnected.start)} / ${grouped(r.socketsConnected.end)}`,
        ],
        ['Jobs of the burst accepted / completed', `${r.jobsAccepted} / ${r.jobsCompleted}`],
        [
          'Their final `job:updated` (completed) delivered to the owner',
          `${r.completedEventsDelivered} of ${r.jobsAccepted}`,
        ],
        ['`job:updated` events received, all sockets', grouped(r.jobEvents)],
        ['`gallery:item-created` events received, all sockets', grouped(r.itemEvents)],
        ['`queue:updated` events received, all sockets', grouped(r.queueEvents)],
        ['API process CPU over the window (100% = one core)', `${fixed(r.api.cpuPercent, 0)}%`],
        [
          'API process RSS at the start / at the end / peak',
          `${megabytes(r.api.rssStartBytes)} / ${megabytes(r.api.rssEndBytes)} / ${megabytes(r.api.peakRssBytes)}`,
        ],
      ],
    ),
    ...(failures.length
      ? ['', 'First error answers:', ...failures.map((f) => `- ${f.route}: ${f.examples.join(' | ')}`)]
      : []),
    '',
    `Run time: ${fixed(r.durationS / 60, 1)} min.`,
    '',
  ].join('\n');
}
