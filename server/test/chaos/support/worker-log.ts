/**
 * The item attempts a worker logged as failed for one job, by batch index: what bounds the
 * retries, seen from the operator's side.
 */
export function failedAttempts(workerOutput: string, jobId: number): Map<number, number[]> {
  const attempts = new Map<number, number[]>();
  for (const line of workerOutput.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { msg?: string; jobId?: number; batchIndex?: number; attempt?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.msg !== 'item attempt failed' || entry.jobId !== jobId || entry.batchIndex === undefined) continue;
    attempts.set(entry.batchIndex, [...(attempts.get(entry.batchIndex) ?? []), entry.attempt ?? 0]);
  }
  return attempts;
}
