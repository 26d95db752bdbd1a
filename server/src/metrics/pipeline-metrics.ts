import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export type ItemOutcome = 'produced' | 'rejected' | 'failed';

/** The worker's metrics: job and item durations and item outcomes per workflow and provider. */
@Injectable()
export class PipelineMetrics {
  readonly registry = new Registry();
  private readonly jobDuration = new Histogram({
    name: 'atelier_job_duration_seconds',
    help: 'From first start to final status, per workflow, provider and final status',
    labelNames: ['workflow', 'provider', 'status'] as const,
    buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
    registers: [this.registry],
  });
  private readonly itemDuration = new Histogram({
    name: 'atelier_item_duration_seconds',
    help: 'One batch item on the generation server, retries included, per workflow, provider and outcome',
    labelNames: ['workflow', 'provider', 'outcome'] as const,
    buckets: [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
    registers: [this.registry],
  });
  private readonly items = new Counter({
    name: 'atelier_items_total',
    help: 'Batch items finished, by workflow, provider and outcome (produced, rejected, failed)',
    labelNames: ['workflow', 'provider', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'atelier_worker_' });
  }

  item(workflow: string, provider: string, outcome: ItemOutcome, seconds: number): void {
    this.items.inc({ workflow, provider, outcome });
    this.itemDuration.observe({ workflow, provider, outcome }, seconds);
  }

  job(workflow: string, provider: string, status: string, seconds: number): void {
    this.jobDuration.observe({ workflow, provider, status }, seconds);
  }
}
