import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTinyWorkflow, listen, submitJob, waitForJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { startWorker } from '../support/worker-process.js';

const TOKEN = 'metrics-token-for-the-scraper';

async function scrape(baseUrl: string, token = TOKEN): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series, e.g. `atelier_queue_jobs{state="waiting"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.once('error', reject);
  });
}

describe('Prometheus metrics', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
    token = await t.login(await t.createUser());
    workflowId = await createTinyWorkflow(t, 'Metered');
  });
  afterAll(() => t.close());

  it('answers 401 without the metrics token or with another, and never to a user JWT', async () => {
    expect((await scrape(t.baseUrl, '')).status).toBe(401);
    expect((await scrape(t.baseUrl, `${TOKEN}x`)).status).toBe(401);
    const asUser = await scrape(t.baseUrl, token);
    expect(asUser.status).toBe(401);
    expect(JSON.parse(asUser.text)).toEqual({ error: 'A valid metrics token is required' });
  });

  it('times requests per route pattern and status, not per URL', async () => {
    await t.request('GET', '/api/session', { token });
    await t.request('GET', '/api/jobs/987654', { token });
    await t.request('GET', '/api/no-such-route', { token });
    const { status, type, text } = await scrape(t.baseUrl);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(
      sample(text, 'atelier_http_request_duration_seconds_count{method="GET",route="/api/session",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'atelier_http_request_duration_seconds_count{method="GET",route="/api/jobs/:id",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-route');
    expect(text).toContain('atelier_api_process_resident_memory_bytes');
  });

  it('counts open sockets and queue entries by state', async () => {
    const before = sample((await scrape(t.baseUrl)).text, 'atelier_socket_connections') ?? 0;
    const socket = await listen(t, token);
    expect(sample((await scrape(t.baseUrl)).text, 'atelier_socket_connections')).toBe(before + 1);
    socket.close();
    await waitFor('the socket counted as closed', async () =>
      sample((await scrape(t.baseUrl)).text, 'atelier_socket_connections') === before ? true : undefined,
    );

    const waiting = async () => {
      const text = (await scrape(t.baseUrl)).text;
      return (
        (sample(text, 'atelier_queue_jobs{state="waiting"}') ?? 0) +
        (sample(text, 'atelier_queue_jobs{state="prioritized"}') ?? 0)
      );
    };
    const queuedBefore = await waiting();
    await submitJob(t, token, { workflow_id: workflowId, batch_size: 3 });
    expect(await waiting()).toBe(queuedBefore + 1);
  });

  it("serves the worker's item and job figures per workflow and provider on its own port", async () => {
    const port = await freePort();
    const worker = await startWorker(t, { METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
      await waitForJob(t, token, id, ['completed'], 30_000);
      // the job queued by the previous test may run beside this one: wait for both
      await waitFor('every job completed', async () => {
        const { rows } = await t.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE status <> 'completed'`,
        );
        return rows[0]!.n === 0 ? true : undefined;
      });
      const workerUrl = `http://127.0.0.1:${port}`;
      expect((await scrape(workerUrl, '')).status).toBe(401);
      // a job's metric follows its row's 'completed' by a read: wait for it rather than race it
      const jobsCounted =
        'atelier_job_duration_seconds_count{workflow="Metered",provider="builtin",status="completed"}';
      await expect.poll(async () => sample((await scrape(workerUrl)).text, jobsCounted)).toBe(2);
      const { status, text } = await scrape(workerUrl);
      expect(status).toBe(200);
      // 3 items of the previous test's job + 2 of this one
      expect(sample(text, 'atelier_items_total{workflow="Metered",provider="builtin",outcome="produced"}')).toBe(5);
      expect(sample(text, jobsCounted)).toBe(2);
      expect(
        sample(text, 'atelier_item_duration_seconds_count{workflow="Metered",provider="builtin",outcome="produced"}'),
      ).toBe(5);
    } finally {
      await worker.stop();
    }
  });
});
