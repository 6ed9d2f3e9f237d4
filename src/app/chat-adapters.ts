import type { Terminal } from '../../adapters/platform-module';
import type { ChatAdapter, PlatformTelemetry } from '../chat/chat-adapter';
import type { Metrics } from '../metrics/metrics';
import { workspaceInstallations } from '../subscriptions/workspace-installations';
import type { AdapterStatus } from './adapter-plan';
import type { Config } from './config';
import type { Core } from './create-core';
import { anyModules } from './platform-modules';

/** Builds the adapters of the modules the configuration turns on (see `planAdapters`). */
export function createChatAdapters(
  config: Config,
  statuses: AdapterStatus[],
  core: Core,
  { terminal, sourceWaitMs }: { terminal: Terminal; sourceWaitMs: number },
): ChatAdapter[] {
  const on = new Set(statuses.filter((status) => status.on).map((status) => status.id));
  return anyModules
    .filter((module) => on.has(module.id))
    .map((module) =>
      module.createAdapter(config, {
        commands: core.commands,
        log: core.log,
        clock: core.clock,
        telemetry: telemetryFor(core.metrics, module.id),
        claimEvent: core.store.sharedByInstances
          ? (eventKey) => core.store.discussion.firstSighting(eventKey, core.clock.now().toISOString())
          : async () => true,
        claimOnce: (key) => core.store.discussion.firstSighting(key, core.clock.now().toISOString()),
        installations: workspaceInstallations(core.store, module.id, core.clock, core.log),
        terminal,
        store: core.store,
        sync: core.sync,
        ranking: core.ranking,
        source: { location: config.HF_BASE_URL, replyWaitMs: sourceWaitMs },
      }),
    );
}

export function telemetryFor(metrics: Metrics, platform: string): PlatformTelemetry {
  return {
    rateLimited: () => metrics.rateLimited.inc({ service: platform }),
    retried: () => metrics.retries.inc({ service: platform }),
    reconnected: () => metrics.reconnects.inc({ platform }),
  };
}
