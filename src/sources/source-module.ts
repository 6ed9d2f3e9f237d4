/**
 * What every paper source exports, as every platform does (adapters/platform-module.ts): its environment
 * slice, what it can do, how it is built, and how its health is judged. The composition root holds the list
 * (src/app/paper-sources.ts); the environment schema, readiness, metrics and the core derive from it, so a
 * source is its folder under src/sources/ and one line there.
 */
import type { z } from 'zod';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import type { Store } from '../store/store';
import type { PaperSource } from './paper-source';

/** What a source can do: list a day's papers, look one paper up, search, and list what trends. */
export interface SourceCapabilities {
  days: boolean;
  onePaper: boolean;
  search: boolean;
  trending: boolean;
}

export interface SourceBuildDeps {
  log: Logger;
  metrics: Metrics;
  /** How the HTTP client waits between retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
}

export interface SourceHealth {
  /** The `/readyz` check's name and the metric's label, e.g. `huggingface`. */
  check: string;
  /** When this source was last fetched and stored (ISO), or null before the first fetch. */
  lastFetchedAt(store: Store): Promise<string | null>;
  /** Whether readiness waits on this source at all (a source no channel follows never holds it up). */
  needed(store: Store): Promise<boolean>;
}

export interface SourceModule<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly id: string;
  /** How messages name it: `Hugging Face`. */
  readonly label: string;
  /** Its environment variables with their defaults, merged into the one schema. */
  readonly env: Shape;
  /** Its secret variables: blanked in logs. */
  readonly secrets: readonly string[];
  readonly capabilities: SourceCapabilities;
  readonly health: SourceHealth;
  /**
   * The source as the core's `PaperSource`, from the parsed configuration: the primary source (the first
   * of the list) has one; a source the digest reads through its own client (arXiv) need not.
   */
  create?(config: Record<string, unknown>, deps: SourceBuildDeps): PaperSource;
}
