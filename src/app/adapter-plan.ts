import type { Config } from './config';
import { anyModules, planModules } from './platform-modules';

export interface AdapterStatus {
  /** The module's id (`discord`) and how people write it (`Discord`). */
  id: string;
  name: string;
  on: boolean;
  reason: string;
}

/** Which platform modules the configuration turns on, and in words why the others are off. */
export function planAdapters(config: Config): AdapterStatus[] {
  return planModules(config).map(({ module, plan }) => ({ id: module.id, name: module.name, ...plan }));
}

/** Whether a module that is this process's terminal (the console) is on. */
export const terminalOn = (statuses: AdapterStatus[]) =>
  anyModules.some((module) => module.ownsTerminal && statuses.some((s) => s.id === module.id && s.on));

/**
 * A platform with some of its credentials set is a mistake, not a choice: falling back to console mode
 * would hide it (and exit 0 under a service manager). Returns one message per half-configured platform.
 */
export function halfConfiguredPlatforms(config: Config): string[] {
  return anyModules.flatMap((module) => module.halfConfigured(config));
}

export const bannerLines = (statuses: AdapterStatus[]) =>
  statuses.map((status) => `${status.name}: ${status.on ? 'on' : 'off'} (${status.reason})`);
