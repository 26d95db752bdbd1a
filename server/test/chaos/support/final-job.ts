import { isFinalJobStatus, type Job } from '@atelier/shared';
import { getJob } from '../../support/pipeline.js';
import type { TestApp } from '../../support/test-app.js';
import type { WorkerProcess } from '../../support/worker-process.js';
import { waitFor } from '../../support/wait-for.js';

/**
 * Waits for the job to end, as the client would see it; fails at once, with the worker's last
 * words, if the worker process died on the way (nothing would finish the job then).
 */
export function finalJob(
  t: TestApp,
  token: string,
  id: number,
  worker: WorkerProcess,
  timeoutMs = 180_000,
): Promise<Job> {
  return waitFor(
    `job ${id} to end`,
    async () => {
      if (worker.child.exitCode !== null)
        throw new Error(`the worker exited (${worker.child.exitCode}):\n${worker.output().slice(-3000)}`);
      const job = await getJob(t, token, id);
      return isFinalJobStatus(job.status) ? job : undefined;
    },
    timeoutMs,
    200,
  );
}
