import { GALLERY_JOB_LOOKUP_LIMIT } from '@atelier/shared';
import { useMemo } from 'react';
import { useJobs } from '../../jobs/api/get-jobs';

/** SPEC section 7: the job and workflow names to filter by, from the caller's last 100 jobs. */
export function useFilterOptions(): { jobNames: string[]; workflows: string[] } {
  const { data } = useJobs({ page: 1, limit: GALLERY_JOB_LOOKUP_LIMIT });
  return useMemo(() => {
    const jobs = data?.jobs ?? [];
    const unique = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));
    return {
      jobNames: unique(jobs.map((job) => job.job_name)),
      workflows: unique(jobs.map((job) => job.workflow_name)),
    };
  }, [data]);
}
