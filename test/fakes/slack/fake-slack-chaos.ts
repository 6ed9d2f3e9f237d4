/**
 * Random trouble for fault-tolerance runs, as the fake Discord has: a share of Web API calls answers with a
 * 5xx or a 429 (Slack did nothing), or does the work and then loses the answer (a 502 from a proxy) or sends
 * it later than the client waits. Tests can also force one of these on the next calls of a method.
 */
import type { ApiResult } from './fake-slack-api';

export type ChaosFault = 'server_error' | 'rate_limited' | 'lost_response' | 'slow';

export interface ChaosSpec {
  /** Share of matching calls that fail, 0–1. */
  rate: number;
  random: () => number;
  /** Web API methods affected (`chat.postMessage`…); every method when absent. */
  methods?: string[];
  /** How long a slow answer is held after the work is done (longer than the client's timeout). */
  slowMs: number;
}

const faults: ChaosFault[] = ['server_error', 'rate_limited', 'lost_response', 'slow'];

/** Faults that happen before the work: Slack refused, nothing was created. */
export function refusedReply(fault: ChaosFault): ApiResult | null {
  if (fault === 'server_error') return { status: 503, body: 'service unavailable' };
  if (fault === 'rate_limited') {
    return {
      status: 429,
      body: { ok: false, error: 'ratelimited' },
      headers: { 'retry-after': '1' },
    };
  }
  return null;
}

/** What the client gets instead of the real answer when it was lost on the way back. */
export const lostReply: ApiResult = { status: 502, body: 'bad gateway' };

export class Chaos {
  private spec: ChaosSpec | null = null;
  private readonly forced = new Map<string, { fault: ChaosFault; slowMs: number }[]>();

  /** From now on a random share of matching calls fails in a random way; null stops it. */
  set(spec: ChaosSpec | null): void {
    this.spec = spec;
  }

  /** The next `times` calls of `method` run into `fault` (slow ones held `slowMs`). */
  force(method: string, fault: ChaosFault, options: { times?: number; slowMs?: number } = {}): void {
    const queue = this.forced.get(method) ?? [];
    for (let i = 0; i < (options.times ?? 1); i += 1) queue.push({ fault, slowMs: options.slowMs ?? 1_000 });
    this.forced.set(method, queue);
  }

  /** The trouble this call runs into, if any. */
  draw(method: string): { fault: ChaosFault; slowMs: number } | null {
    const forced = this.forced.get(method)?.shift();
    if (forced) return forced;
    const spec = this.spec;
    if (!spec || (spec.methods && !spec.methods.includes(method)) || spec.random() >= spec.rate) return null;
    const fault = faults[Math.floor(spec.random() * faults.length)] ?? 'server_error';
    return { fault, slowMs: spec.slowMs };
  }
}
