/**
 * Application commands: GET and bulk-overwrite PUT, global and per guild. Stored the way Discord returns
 * them (ids, versions, localisation nulls, `required: false` dropped) so a naive comparison would differ.
 */
import { snowflake } from './fake-payloads';
import type { Json } from './fake-types';
import { invalidFormBody, type Problem } from './fake-validate';
import { type FakeWorld, ok, type Route, type RouteRequest } from './fake-world';

const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

function optionProblems(options: Json[], at: string, problems: Problem[]) {
  if (options.length > 25)
    problems.push({ path: at, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  let optionalSeen = false;
  options.forEach((option, i) => {
    const path = `${at}.${i}`;
    if (
      typeof option.name !== 'string' ||
      !NAME.test(option.name) ||
      option.name !== option.name.toLowerCase()
    ) {
      problems.push({
        path: `${path}.name`,
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    }
    const description = typeof option.description === 'string' ? option.description : '';
    if (description.length < 1 || description.length > 100) {
      problems.push({
        path: `${path}.description`,
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
    if (option.type === 1 || option.type === 2) {
      optionProblems((option.options ?? []) as Json[], `${path}.options`, problems);
      return;
    }
    if (option.required === true && optionalSeen) {
      problems.push({
        path: `${path}.required`,
        code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        message: 'Required options must be placed before non-required options',
      });
    }
    if (option.required !== true) optionalSeen = true;
  });
}

/** Discord omits false flags in what it returns. */
function stored(option: Json): Json {
  const { required, autocomplete, options, ...rest } = option;
  return {
    ...rest,
    ...(required === true ? { required: true } : {}),
    ...(autocomplete === true ? { autocomplete: true } : {}),
    ...(Array.isArray(options) ? { options: (options as Json[]).map(stored) } : {}),
    name_localizations: null,
    description_localizations: null,
  };
}

function bulkOverwrite({ params: [appId = '', guildId], body }: RouteRequest, world: FakeWorld) {
  const commands = (Array.isArray(body) ? body : []) as Json[];
  const problems: Problem[] = [];
  commands.forEach((command, i) => {
    if (typeof command.name !== 'string' || !NAME.test(command.name))
      problems.push({
        path: `${i}.name`,
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    optionProblems((command.options ?? []) as Json[], `${i}.options`, problems);
  });
  if (problems.length > 0) return { status: 400, body: invalidFormBody(problems) };
  const saved = commands.map((command) => ({
    id: snowflake(),
    application_id: appId,
    version: snowflake(),
    type: 1,
    nsfw: false,
    default_member_permissions: null,
    ...(guildId ? { guild_id: guildId } : { dm_permission: true }),
    ...stored(command),
  }));
  world.store.commands.set(guildId ?? 'global', saved);
  return ok(saved);
}

export const commandRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/applications\/(\d+)\/commands$/,
    auth: true,
    handle: (_r, world) => ok(world.store.commands.get('global') ?? []),
  },
  { method: 'PUT', pattern: /^\/applications\/(\d+)\/commands$/, auth: true, handle: bulkOverwrite },
  {
    method: 'GET',
    pattern: /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/,
    auth: true,
    handle: ({ params: [, guildId = ''] }, world) => ok(world.store.commands.get(guildId) ?? []),
  },
  {
    method: 'PUT',
    pattern: /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/,
    auth: true,
    handle: bulkOverwrite,
  },
];
