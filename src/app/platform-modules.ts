/**
 * The platform modules paperboy is built with, one line each: adding a platform is adding its folder under
 * adapters/ and its line here. Everything platform-specific (the environment schema, the banner, which
 * adapters start, secrets, CLI commands, emoji names) derives from this list.
 */
import { consoleModule } from '../../adapters/console';
import { discordModule } from '../../adapters/discord';
import { emailModule } from '../../adapters/email';
import type { PlatformModule, PlatformPlan } from '../../adapters/platform-module';
import { slackModule } from '../../adapters/slack';
import type { Command } from '../../commands/command';
import { commandList } from '../../commands/command-list';
import type { Clock } from '../clock';
import type { EmojiNormaliser } from '../discussion/emoji';
import type { Logger } from '../logging/logger';
import { anySourceModules } from './paper-sources';

export const platformModules = [discordModule, slackModule, emailModule, consoleModule] as const;

/** Every platform a channel can be on: the modules' ids. */
export type PlatformId = (typeof platformModules)[number]['id'];

/** The list without its literal types, for code that treats every module alike. */
export const anyModules: readonly PlatformModule[] = platformModules as unknown as readonly PlatformModule[];

/** Every module's secret variables: blanked in logs by key, and their values scrubbed from every line. */
export const secretKeys: readonly string[] = [
  ...anySourceModules.flatMap((module) => module.secrets),
  ...anyModules.flatMap((module) => module.secrets),
];

/** The first module that knows a name for `value`, as Unicode. */
export const unicodeEmoji: EmojiNormaliser = (value) => {
  for (const module of anyModules) {
    const unicode = module.unicodeEmoji?.(value);
    if (unicode) return unicode;
  }
  return undefined;
};

/** Each module with its plan, in list order: each module sees the plans of those listed before it. */
export function planModules(
  config: Record<string, unknown>,
): { module: PlatformModule; plan: PlatformPlan }[] {
  const planned: { module: PlatformModule; plan: PlatformPlan }[] = [];
  for (const module of anyModules)
    planned.push({
      module,
      plan: module.plan(
        config,
        planned.map(({ plan }) => plan),
      ),
    });
  return planned;
}

/** The `/papers` subcommands: the built-in ones and those of the modules the configuration turns on. */
export function chatCommandsFor(
  config: Record<string, unknown>,
  deps: { log: Logger; clock: Clock },
): readonly Command[] {
  const extra = planModules(config)
    .filter(({ plan }) => plan.on)
    .flatMap(({ module }) => module.chatCommands ?? [])
    .map((command) => command.command(config, deps));
  return [...commandList, ...extra];
}
