import { DASHBOARD_TOP_USERS, type Analytics } from '@atelier/shared';
import { formatCount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { RankingTable, type RankingColumn } from './ranking-table';

type UserRow = Analytics['active_users'][number];

const COLUMNS: readonly RankingColumn<UserRow>[] = [
  { header: 'User', cell: (row) => row.username },
  { header: 'Jobs', cell: (row) => formatCount(row.job_count), numeric: true },
  {
    header: 'Completed',
    cell: (row) => formatCount(row.completed_count),
    numeric: true,
    phoneText: (row) => `${formatCount(row.completed_count)} completed`,
  },
  {
    header: 'Last active',
    cell: (row) => formatDateTime(row.last_activity),
    numeric: true,
    phoneText: (row) => `last active ${formatDateTime(row.last_activity)}`,
  },
];

/** The top 5 active users (SPEC section 9); in a personal view, only the viewer. */
export function TopUsers({ users }: { users: Analytics['active_users'] }) {
  return (
    <RankingTable
      id="top-users"
      title="Active users"
      rows={users.slice(0, DASHBOARD_TOP_USERS)}
      rowKey={(row) => row.user_id}
      columns={COLUMNS}
      empty="No one ran a job in this period."
    />
  );
}
