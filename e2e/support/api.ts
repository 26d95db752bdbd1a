import { appUrl } from './browser.js';

/** Jobs go in through the API, as the Generate screen would send them, with a token from /api/login. */
export interface ApiUser {
  username: string;
  password: string;
}

interface JobSummary {
  id: number;
  status: string;
  batch_completed: number;
}

/** One API call, with the bearer token when given; an answer other than 2xx throws with its body. */
export async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(appUrl(`/api${path}`), {
    ...rest,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function apiToken(user: ApiUser): Promise<string> {
  const { token } = await call<{ token: string }>('/login', { method: 'POST', body: JSON.stringify(user) });
  return token;
}

export async function workflowIdByName(token: string, name: string): Promise<number> {
  const workflows = await call<Array<{ id: number; name: string }>>('/workflows', { token });
  const found = workflows.find((workflow) => workflow.name === name);
  if (!found) throw new Error(`no workflow named ${name}`);
  return found.id;
}

/** The body of POST /api/jobs for a quick batch of small images of the sample 'Text to Image'. */
export function jobRequest(workflowId: number, jobName: string, batchSize: number) {
  return {
    workflow_id: workflowId,
    job_name: jobName,
    batch_size: batchSize,
    parameters: { prompt: 'a lighthouse on a cliff at dusk', width: 512, height: 512, steps: 20 },
  };
}

export async function submitJob(token: string, body: ReturnType<typeof jobRequest>): Promise<number> {
  const { id } = await call<{ id: number }>('/jobs', { method: 'POST', token, body: JSON.stringify(body) });
  return id;
}

export function getJob(token: string, id: number): Promise<JobSummary> {
  return call<JobSummary>(`/jobs/${id}`, { token });
}

/** Cancels what is still running so the next spec starts with an empty queue. */
export async function cancelIfRunning(token: string, id: number): Promise<void> {
  const job = await getJob(token, id);
  if (['queued', 'submitting', 'processing'].includes(job.status)) {
    await call(`/jobs/${id}/cancel`, { method: 'POST', token });
  }
}

export async function waitForEmptyQueue(token: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const queue = await call<{ current_job: unknown; upcoming_jobs: unknown[] }>('/queue', { token });
    if (!queue.current_job && queue.upcoming_jobs.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the queue did not drain in ${timeoutMs} ms`);
}

interface QueuedJob {
  job_name: string;
  status: string;
  batch_size: number;
  batch_completed: number;
}

/**
 * Waits on `waiting`; when it fails, the error also says what the API's queue held then, so a spec
 * that timed out on a busy machine tells whether the page or the queue was behind.
 */
export async function explainedByQueue<T>(token: string, waiting: Promise<T>): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    const queue = await call<{ running_jobs: QueuedJob[]; upcoming_jobs: QueuedJob[] }>('/queue', { token });
    const line = (jobs: QueuedJob[]) =>
      jobs.map((j) => `${j.job_name} (${j.status}, ${j.batch_completed}/${j.batch_size})`).join(', ') || 'none';
    const held = `running ${line(queue.running_jobs)}; upcoming ${line(queue.upcoming_jobs)}`;
    throw new Error(`${(error as Error).message}\nthe API's queue then: ${held}`, { cause: error });
  }
}
