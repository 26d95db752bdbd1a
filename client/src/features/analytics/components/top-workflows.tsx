import { DASHBOARD_TOP_WORKFLOWS, type Analytics } from '@atelier/shared';
import { formatCount } from '../../../lib/format';
import { formatDuration } from '../../../lib/format-time';
import { RankingTable, type RankingColumn } from './ranking-table';

type WorkflowRow = Analytics['popular_workflows'][number];

const COLUMNS: readonly RankingColumn<WorkflowRow>[] = [
  { header: 'Workflow', cell: (row) => row.workflow_name },
  { header: 'Jobs', cell: (row) => formatCount(row.job_count), numeric: true },
  {
    header: 'Completed',
    cell: (row) => formatCount(row.completed_count),
    numeric: true,
    phoneText: (row) => `${formatCount(row.completed_count)} completed`,
  },
  { header: 'Avg time', cell: (row) => formatDuration(row.avg_duration), numeric: true },
];

/** The top 5 popular workflows (SPEC section 9). */
export function TopWorkflows({ workflows }: { workflows: Analytics['popular_workflows'] }) {
  return (
    <RankingTable
      id="top-workflows"
      title="Popular workflows"
      rows={workflows.slice(0, DASHBOARD_TOP_WORKFLOWS)}
      rowKey={(row) => `${row.workflow_id ?? 'deleted'}-${row.workflow_name}`}
      columns={COLUMNS}
      empty="No jobs in this period."
    />
  );
}
