import { DEMO_PASSWORD, DEMO_USERS } from './demo-content.js';
import type { SeedOutcome } from './demo-seeder.js';

const STATUS_ORDER = ['completed', 'partial_success', 'failed', 'cancelled'] as const;

/** What the operator reads at the end of `npm run seed:demo`. */
export function formatSummary(outcome: SeedOutcome, seconds: number): string {
  if (outcome.kind === 'already-seeded') {
    const { marker } = outcome;
    return (
      `Demo data is already there (added ${marker.seeded_at} for ${marker.users.join(', ')}); nothing was changed.\n` +
      `Sign in with password "${DEMO_PASSWORD}".\n`
    );
  }
  const { counts } = outcome;
  const roles = DEMO_USERS.filter((u) => outcome.usernames.includes(u.username)).map(
    (u) => `${u.username} (${u.role})`,
  );
  const total = Object.values(counts.jobsByStatus).reduce((a, b) => a + (b ?? 0), 0);
  const statuses = STATUS_ORDER.map((status) => `${counts.jobsByStatus[status] ?? 0} ${status}`).join(', ');
  return [
    `Demo data added in ${seconds.toFixed(1)} s.`,
    `  users:   ${roles.join(', ')}; password "${DEMO_PASSWORD}"`,
    `  jobs:    ${total} (${statuses})`,
    `  gallery: ${counts.images} images, ${counts.videos} videos (${counts.archived} archived)`,
    `  also:    ${counts.folders} folders, ${counts.favourites} favourites, ${counts.configurations} saved configurations`,
    '',
  ].join('\n');
}
