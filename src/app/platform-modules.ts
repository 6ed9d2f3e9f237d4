/**
 * The platform modules paperboy is built with, one line each: adding a platform is adding its folder under
 * adapters/ and its line here. Everything platform-specific (the environment schema, the banner, which
 * adapters start, secrets, CLI commands, emoji names) derives from this list.
 */
import { discordModule } from '../../adapters/discord';
import { emailModule } from '../../adapters/email';
import type { PlatformModule } from '../../adapters/platform-module';
import { slackModule } from '../../adapters/slack';
import type { CommandHandler } from '../../commands/command-router';
import type { CommandSpec } from '../../commands/command-spec';
import { commandSpecs } from '../../commands/specs';
import type { Clock } from '../clock';
import type { EmojiNormaliser } from '../discussion/emoji';
import type { Logger } from '../logging/logger';

export const platformModules = [discordModule, slackModule, emailModule] as const;

/** Every platform a channel can be on: the modules' ids, and the terminal of console mode. */
export type PlatformId = (typeof platformModules)[number]['id'] | 'console';

/** The list without its literal types, for code that treats every module alike. */
export const anyModules: readonly PlatformModule[] = platformModules as unknown as readonly PlatformModule[];

/** Every module's secret variables: blanked in logs by key, and their values scrubbed from every line. */
export const secretKeys: readonly string[] = ['HF_TOKEN', ...anyModules.flatMap((module) => module.secrets)];

/** The first module that knows a name for `value`, as Unicode. */
export const unicodeEmoji: EmojiNormaliser = (value) => {
  for (const module of anyModules) {
    const unicode = module.unicodeEmoji?.(value);
    if (unicode) return unicode;
  }
  return undefined;
};

/** The `/papers` subcommands: the built-in ones and those of the modules the configuration turns on. */
export function chatCommandsFor(config: Record<string, unknown>, deps: { log: Logger; clock: Clock }) {
  const extra = anyModules
    .filter((module) => module.plan(config).on)
    .flatMap((module) => module.chatCommands ?? [])
    .map((command) => ({ spec: command.spec, handler: command.handler(config, deps) }));
  const specs: readonly CommandSpec[] = [...commandSpecs, ...extra.map((command) => command.spec)];
  const handlers: Record<string, CommandHandler> = Object.fromEntries(
    extra.map((command) => [command.spec.name, command.handler]),
  );
  return { specs, handlers };
}
