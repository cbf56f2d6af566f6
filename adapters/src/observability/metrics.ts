import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A `pg` pool as the metrics read it. */
export interface CountedPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** A gauge's values, read when Prometheus scrapes: each with its labels. */
type Reading = { labels: Record<string, string>; value: number }[];

/**
 * What an operator's Prometheus reads at /api/metrics (prom-client, one registry per process): the
 * process itself (CPU, memory, event loop, GC), each request's time by the contract's operation,
 * method and status, the database pools, live event streams and their delivery lag, the job queues
 * and their runs, payments by outcome, and mail and webhook deliveries. Names start `voltmarket_`
 * (the process's own are prom-client's standard `process_` and `nodejs_`).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'operation' | 'method' | 'status'>;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobSeconds: Histogram<'job'>;
  private readonly mail: Counter<'outcome'>;
  private readonly webhooks: Counter<'outcome'>;
  private readonly eventsDelivered: Counter;
  private readonly eventLag: Histogram;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'voltmarket_http_request_duration_seconds', help: 'API requests by the contract\'s operationId ("unknown" outside it), method and status',
      labelNames: ['operation', 'method', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers,
    });
    this.jobRuns = new Counter({ name: 'voltmarket_job_runs_total', help: 'Scheduled job runs by queue and outcome (done, failed)', labelNames: ['job', 'outcome'], registers });
    this.jobSeconds = new Histogram({ name: 'voltmarket_job_run_duration_seconds', help: 'How long each job run took', labelNames: ['job'], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60], registers });
    this.mail = new Counter({ name: 'voltmarket_mail_total', help: 'Mail handed to SMTP (sent), refused to be tried again (failed), or given up', labelNames: ['outcome'], registers });
    this.webhooks = new Counter({ name: 'voltmarket_webhook_deliveries_total', help: 'Webhook deliveries by outcome (delivered, failed, gave_up)', labelNames: ['outcome'], registers });
    this.eventsDelivered = new Counter({ name: 'voltmarket_live_events_delivered_total', help: 'Live events pushed to open streams of this process', registers });
    this.eventLag = new Histogram({
      name: 'voltmarket_live_event_lag_seconds', help: 'From the change that wrote a live event to its push on a stream',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers,
    });
  }

  /** One answered API request. */
  request(operation: string | null, method: string, status: number, seconds: number): void {
    this.requests.observe({ operation: operation ?? 'unknown', method, status: String(status) }, seconds);
  }

  /** One job run, and what mail or webhook runs report they sent. */
  jobRun(job: string, outcome: 'done' | 'failed', seconds: number, result: unknown): void {
    this.jobRuns.inc({ job, outcome });
    this.jobSeconds.observe({ job }, seconds);
    if (outcome !== 'done' || typeof result !== 'object' || result === null) return;
    const report = result as Record<string, unknown>;
    const add = (counter: Counter<'outcome'>, label: string, value: unknown) => {
      if (typeof value === 'number' && value > 0) counter.inc({ outcome: label }, value);
    };
    if (job === 'mail-send') {
      add(this.mail, 'sent', report.sent);
      add(this.mail, 'failed', report.failed);
      add(this.mail, 'gave_up', report.gaveUp);
    }
    if (job === 'webhook-send') {
      add(this.webhooks, 'delivered', report.delivered);
      add(this.webhooks, 'failed', report.failed);
      add(this.webhooks, 'gave_up', report.gaveUp);
    }
  }

  /** A live event pushed to one stream, `lagMs` after the change that wrote it. */
  eventDelivered(lagMs: number): void {
    this.eventsDelivered.inc();
    this.eventLag.observe(Math.max(0, lagMs) / 1000);
  }

  /** A gauge whose values are read at each scrape (a pool's connections, a queue's depth). */
  gauge(name: string, help: string, labelNames: string[], read: () => Reading | Promise<Reading>): void {
    new Gauge({
      name, help, labelNames, registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read()) this.set(labels, value);
      },
    });
  }

  /** The text Prometheus reads. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A pg pool's connections in use, idle, and callers waiting for one. */
export const poolReading = (pools: Record<string, CountedPool>): Reading => Object.entries(pools).flatMap(([pool, p]) => [
  { labels: { pool, state: 'in_use' }, value: p.totalCount - p.idleCount },
  { labels: { pool, state: 'idle' }, value: p.idleCount },
  { labels: { pool, state: 'waiting' }, value: p.waitingCount },
]);
