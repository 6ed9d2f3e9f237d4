import { ApplicationCommandOptionType as T } from 'discord.js';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCommandDefinitions } from '../../adapters/discord/command-definitions';
import { createDiscordAdapter } from '../../adapters/discord/discord-adapter';
import { ensureCommandsRegistered, registerCommands } from '../../adapters/discord/register-commands';
import { commandSpecs } from '../../commands/command-list';
import type { CommandSpec } from '../../commands/command-spec';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { GUILD_ID } from './discord-harness';
import { FakeCommandService } from './fake-command-service';

const silent = pino({ level: 'silent' });
const guildCommands = (fake: FakeDiscord) =>
  new RegExp(`^/applications/${fake.applicationId}/guilds/${GUILD_ID}/commands$`);

describe('Discord command definitions and registration', () => {
  let fake: FakeDiscord | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('builds one /papers command with a subcommand per spec, typed options and time zone autocomplete', () => {
    const [papers, ...others] = buildCommandDefinitions(commandSpecs);
    expect(others).toEqual([]);
    expect(papers).toMatchObject({
      name: 'papers',
      type: 1,
      contexts: [0],
      default_member_permissions: null,
    });
    expect(papers?.options?.map((option) => option.name)).toEqual(commandSpecs.map((spec) => spec.name));
    const subscribe = papers?.options?.find((option) => option.name === 'subscribe');
    expect(subscribe && 'options' in subscribe ? subscribe.options : []).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'timezone', type: T.String, autocomplete: true, required: false }),
        expect.objectContaining({ name: 'top', type: T.Integer, min_value: 1, max_value: 50 }),
        expect.objectContaining({ name: 'post_empty', type: T.Boolean }),
      ]),
    );
  });

  it('puts required options first, as Discord demands, whatever order the spec uses', () => {
    const spec: CommandSpec = {
      name: 'demo',
      description: 'x'.repeat(150),
      usage: 'demo',
      options: [
        { name: 'optional', type: 'string', description: 'later' },
        { name: 'needed', type: 'string', description: 'first', required: true },
      ],
    };
    const [papers] = buildCommandDefinitions([spec]);
    const demo = papers?.options?.[0];
    expect(demo?.description.length).toBeLessThanOrEqual(100);
    expect(demo && 'options' in demo ? demo.options?.map((option) => option.name) : []).toEqual([
      'needed',
      'optional',
    ]);
  });

  it('registers at first start, and only again when the definitions change', async () => {
    fake = await FakeDiscord.start();
    const start = async (specs: readonly CommandSpec[]) => {
      const adapter = createDiscordAdapter({
        token: fake?.token ?? '',
        applicationId: fake?.applicationId ?? '',
        apiBase: fake?.apiBase ?? '',
        guildId: GUILD_ID,
        commands: new FakeCommandService(specs),
        log: silent,
        rest: { offset: 0 },
      });
      await adapter.start();
      await adapter.stop();
    };
    await start(commandSpecs);
    expect(fake.requestsTo('PUT', guildCommands(fake)).map((request) => request.status)).toEqual([200]);
    await start(commandSpecs);
    expect(fake.requestsTo('GET', guildCommands(fake))).toHaveLength(2);
    expect(fake.requestsTo('PUT', guildCommands(fake))).toHaveLength(1);

    const withExtra = [
      ...commandSpecs,
      { name: 'queue', description: 'The discussion queue', usage: 'queue', options: [] },
    ];
    await start(withExtra);
    const puts = fake.requestsTo('PUT', guildCommands(fake));
    expect(puts).toHaveLength(2);
    expect(fake.store.commands.get(GUILD_ID)?.[0]?.options).toHaveLength(commandSpecs.length + 1);
  });

  it('registers globally without a guild, for the register-commands CLI', async () => {
    fake = await FakeDiscord.start();
    const options = {
      token: fake.token,
      apiBase: fake.apiBase,
      applicationId: fake.applicationId,
      specs: commandSpecs,
    };
    const result = await registerCommands(options);
    expect(result).toMatchObject({ scope: 'global', changed: true });
    expect(fake.requestsTo('PUT', new RegExp(`^/applications/${fake.applicationId}/commands$`))).toHaveLength(
      1,
    );
    await expect(ensureCommandsRegistered(options)).resolves.toMatchObject({
      scope: 'global',
      changed: false,
    });
    await expect(
      ensureCommandsRegistered({ ...options, specs: commandSpecs.slice(1) }),
    ).resolves.toMatchObject({ changed: true });
  });

  it('refuses to run without a REST client or a token', async () => {
    await expect(registerCommands({ applicationId: '1', specs: commandSpecs })).rejects.toThrow(/token/);
  });
});
