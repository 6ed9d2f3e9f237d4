import type { ChatAdapter } from '../chat/chat-adapter';
import type { ReadinessCheck, ReadinessReport } from '../metrics/metrics-server';
import type { Core } from './create-core';
import { anySourceModules } from './paper-sources';

/**
 * How old a source's last fetch may be before the bot is not ready: three refresh intervals, so one
 * slow or failed refresh does not flap readiness, and a source that has been failing for hours does.
 */
export const maxFetchAgeMs = (core: Core) => 3 * core.config.REFRESH_INTERVAL_MINUTES * 60_000;

/**
 * `/readyz`: the database answers, every enabled platform is connected, and every paper source a channel
 * needs (each source of the list says when it is needed) was fetched lately.
 */
export async function readiness(core: Core, adapters: readonly ChatAdapter[]): Promise<ReadinessReport> {
  const checks: Record<string, ReadinessCheck> = {};
  const fetched = new Map<string, string | null>();
  try {
    for (const module of anySourceModules)
      if (await module.health.needed(core.store))
        fetched.set(module.health.check, await module.health.lastFetchedAt(core.store));
    checks.database = { ok: true, detail: 'open' };
  } catch (error) {
    checks.database = { ok: false, detail: (error as Error).message };
  }
  for (const adapter of adapters) {
    const connected = adapter.connected();
    const detail = adapter.connectionDetail?.() ?? (connected ? 'connected' : 'not connected');
    checks[adapter.port.platform] = { ok: connected, detail };
  }
  const sourceChecks = checks.database.ok
    ? [...fetched.keys()]
    : anySourceModules.map((module) => module.health.check);
  for (const check of sourceChecks)
    checks[check] = fetchAge(core, fetched.get(check) ?? null, checks.database.ok);
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

function fetchAge(core: Core, lastFetchedAt: string | null, databaseOk: boolean): ReadinessCheck {
  if (!databaseOk) return { ok: false, detail: 'unknown: the database did not answer' };
  if (!lastFetchedAt) return { ok: false, detail: 'no batch fetched yet' };
  const ageMs = core.clock.now().getTime() - Date.parse(lastFetchedAt);
  const minutes = Math.max(0, Math.round(ageMs / 60_000));
  const limit = Math.round(maxFetchAgeMs(core) / 60_000);
  return {
    ok: ageMs <= maxFetchAgeMs(core),
    detail: `last fetched ${minutes} min ago (at ${lastFetchedAt}; limit ${limit} min)`,
  };
}
