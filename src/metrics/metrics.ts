/**
 * The bot's Prometheus metrics, through prom-client, on a registry of its own (not prom-client's global
 * one): every core gets its own, so two bots in one test process never share counts. Code that counts
 * something takes the metric it needs from here and calls `inc`/`observe`/`set`; nothing else builds
 * metrics. `/metrics` (see metrics-server.ts) renders `registry.metrics()`.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Who answered: the paper source or a platform module (its id). */
export type Service = 'huggingface' | (string & {});

export interface Metrics {
  readonly registry: Registry;
  /** One per subscription digest run that sent or failed (a run that found nothing to do is not counted). */
  readonly digests: Counter<'platform' | 'outcome'>;
  /** One per paper post of a digest: `sent` or `failed`. */
  readonly posts: Counter<'platform' | 'outcome'>;
  /** HTTP 429 answers seen, by service. */
  readonly rateLimited: Counter<'service'>;
  /** Requests sent again after a failure (429, 5xx, timeout, network error), by service. */
  readonly retries: Counter<'service'>;
  /** Hugging Face requests that failed for good (after their retries), by error code. */
  readonly hfFetchErrors: Counter<'code'>;
  /** Each HTTP request to Hugging Face, from sending to the body read; outcome ok, not_found or error. */
  readonly hfRequestSeconds: Histogram<'outcome'>;
  /** From the command arriving in the core to its reply, by platform and subcommand. */
  readonly commandSeconds: Histogram<'platform' | 'subcommand'>;
  /** Gateway (Discord) or socket (Slack) reconnects, by platform. */
  readonly reconnects: Counter<'platform'>;
  /**
   * Adds a gauge whose value is read when `/metrics` is scraped (deliveries in `sending`, platform
   * connection state): the truth stays where it is kept, and the gauge cannot drift from it.
   */
  gaugeFrom(
    name: string,
    help: string,
    read: () => number | Record<string, number> | Promise<number | Record<string, number>>,
    label?: string,
  ): void;
}

const latencyBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'paperboy_' });
  const registers = [registry];
  return {
    registry,
    digests: new Counter({
      name: 'paperboy_digests_total',
      help: 'Digest runs per channel that sent or failed, by platform and outcome (sent, failed).',
      labelNames: ['platform', 'outcome'],
      registers,
    }),
    posts: new Counter({
      name: 'paperboy_posts_total',
      help: 'Paper posts of digests, by platform and outcome (sent, failed).',
      labelNames: ['platform', 'outcome'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'paperboy_rate_limited_total',
      help: 'HTTP 429 answers, by service (huggingface, discord, slack).',
      labelNames: ['service'],
      registers,
    }),
    retries: new Counter({
      name: 'paperboy_retries_total',
      help: 'Requests sent again after a failure, by service.',
      labelNames: ['service'],
      registers,
    }),
    hfFetchErrors: new Counter({
      name: 'paperboy_hf_fetch_errors_total',
      help: 'Hugging Face requests that failed after their retries, by error code.',
      labelNames: ['code'],
      registers,
    }),
    hfRequestSeconds: new Histogram({
      name: 'paperboy_hf_request_duration_seconds',
      help: 'Hugging Face HTTP request latency, by outcome (ok, not_found, error).',
      labelNames: ['outcome'],
      buckets: latencyBuckets,
      registers,
    }),
    commandSeconds: new Histogram({
      name: 'paperboy_command_duration_seconds',
      help: 'Command latency in the core, by platform and subcommand.',
      labelNames: ['platform', 'subcommand'],
      buckets: latencyBuckets,
      registers,
    }),
    reconnects: new Counter({
      name: 'paperboy_reconnects_total',
      help: 'Gateway or socket reconnects, by platform.',
      labelNames: ['platform'],
      registers,
    }),
    gaugeFrom(name, help, read, label) {
      new Gauge({
        name,
        help,
        labelNames: label ? [label] : [],
        registers,
        async collect() {
          const value = await read();
          this.reset();
          if (typeof value === 'number') this.set(value);
          else for (const [key, each] of Object.entries(value)) this.set({ [label ?? 'name']: key }, each);
        },
      });
    },
  };
}
