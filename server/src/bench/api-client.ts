import { withTimeout } from './support.js';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** JSON over fetch (keep-alive) against the bench's API process. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, token?: string, body?: unknown): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await withTimeout(
      `${method} ${path}`,
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, text: await res.text() })),
      30_000,
    );
    let parsed: unknown = answer.text;
    try {
      parsed = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      // not JSON: the raw text goes into the error message
    }
    return { status: answer.status, body: parsed };
  }

  async login(username: string, password: string): Promise<string> {
    const res = await this.request('POST', '/api/login', undefined, { username, password });
    const token = (res.body as { token?: unknown } | null)?.token;
    if (res.status !== 200 || typeof token !== 'string')
      throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return token;
  }

  /** POST /api/jobs; answers the new job's id. */
  async submit(token: string, body: SubmitBody): Promise<number> {
    const res = await this.request('POST', '/api/jobs', token, body);
    const id = (res.body as { id?: unknown } | null)?.id;
    if (res.status !== 201 || typeof id !== 'number')
      throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  }
}

export interface SubmitBody {
  workflow_id: number;
  job_name: string;
  batch_size: number;
  parameters: Record<string, unknown>;
}

/** A job of the tiny workflow: 64x64 images, fixed seeds from `seed`. */
export function tinyJob(workflowId: number, name: string, batchSize: number, seed = 1): SubmitBody {
  return {
    workflow_id: workflowId,
    job_name: name,
    batch_size: batchSize,
    parameters: { prompt: 'a bench render', width: 64, height: 64, seed: { mode: 'fixed', seed } },
  };
}
