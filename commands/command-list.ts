/**
 * Every built-in `/papers` subcommand, in the order people see them. The router, Discord's registration,
 * Slack's manifest, `help` and the console all read this list (modules add theirs after it, such as email's
 * `/papers email`): adding a subcommand is writing `commands/<name>.ts` and adding its line here.
 */
import { agendaCommand } from './agenda';
import type { Command } from './command';
import type { CommandSpec } from './command-spec';
import { discussedCommand } from './discussed';
import { forYouCommand } from './for-you';
import { helpCommand } from './help';
import { historyCommand } from './history';
import { paperCommand } from './paper';
import { queueCommand } from './queue';
import { searchCommand } from './search';
import { settingsCommand } from './settings';
import { subscribeCommand } from './subscribe';
import { todayCommand } from './today';
import { trendingCommand } from './trending';
import { unflagCommand } from './unflag';
import { unsubscribeCommand } from './unsubscribe';
import { whyCommand } from './why';

export const commandList: readonly Command[] = [
  searchCommand,
  todayCommand,
  paperCommand,
  trendingCommand,
  subscribeCommand,
  unsubscribeCommand,
  settingsCommand,
  queueCommand,
  discussedCommand,
  unflagCommand,
  historyCommand,
  agendaCommand,
  forYouCommand,
  whyCommand,
  helpCommand,
];

/** The built-in subcommands' specs, in list order. */
export const commandSpecs: readonly CommandSpec[] = commandList.map((command) => command.spec);
