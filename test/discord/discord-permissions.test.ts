/**
 * Connecting a real server (issue 23, item 15): `paperboy invite-url` prints the OAuth2 link, and its
 * permissions integer is exactly what the running bot needs. The bot (runBot, the real discord.js) runs
 * against a fake Discord that grants it only the invite's permissions and enforces them route by route
 * as Discord does (test/fakes/discord/fake-permissions.ts): every feature that touches a channel — a
 * digest with cards, finding a post again after a lost answer, a thread on a flagged paper, a paper
 * shared by a member — must work, and every permission in the invite must have been needed by one of them.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { botPermissions } from '../../adapters/discord/discord-permissions';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { userPayload } from '../fakes/discord/fake-payloads';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';
import { until } from '../support/until';

const APPLICATION_ID = '800000000000000001';
const PAPERS = '900000000000000101';
const STRING = 3;
const INTEGER = 4;
const postsIn = (channel: string) => new RegExp(`^/channels/${channel}/messages$`);

/** The names (discord.js's PermissionFlagsBits keys) of the bits set in `bits`. */
const namesOf = (bits: bigint) =>
  Object.entries(PermissionFlagsBits)
    .filter(([, bit]) => (bits & bit) !== 0n)
    .map(([name]) => name)
    .sort();

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('the Discord invite and the permissions the bot uses', () => {
  it('paperboy invite-url prints the OAuth2 link with the bot and applications.commands scopes', async () => {
    const run = await runCli(['invite-url'], {
      env: { DISCORD_APPLICATION_ID: APPLICATION_ID },
      cwd: tmpdir(),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const url = new URL(run.stdout.split('\n')[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe(APPLICATION_ID);
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    expect(run.stdout).toContain('Send Messages in Threads');

    const oneServer = await runCli(['invite-url', '--guild', '900000000000000001'], {
      env: { DISCORD_APPLICATION_ID: APPLICATION_ID },
      cwd: tmpdir(),
    });
    expect(new URL(oneServer.stdout.split('\n')[0] ?? '').searchParams.get('guild_id')).toBe(
      '900000000000000001',
    );

    const noId = await runCli(['invite-url'], { env: {}, cwd: tmpdir() });
    expect(noId.code).toBe(1);
    expect(noId.stderr).toContain('invite-url needs DISCORD_APPLICATION_ID');
  });

  it("grants exactly what the running bot needs: every feature works on the invite's permissions, and each is used", async () => {
    const run = await runCli(['invite-url'], {
      env: { DISCORD_APPLICATION_ID: APPLICATION_ID },
      cwd: tmpdir(),
    });
    const granted = BigInt(new URL(run.stdout.split('\n')[0] ?? '').searchParams.get('permissions') ?? '0');
    const discord = await FakeDiscord.start({ applicationId: APPLICATION_ID, botPermissions: granted });
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({
      now: '2024-10-26T08:00:00Z',
      hf,
      discord,
      env: { DISCORD_MESSAGE_CONTENT: 'true' },
    });
    const running = bot;
    await running.slash('subscribe', [
      { name: 'time', type: STRING, value: '09:00' },
      { name: 'top', type: INTEGER, value: 2 },
    ]);

    // A digest of cards, whose first paper post Discord takes but whose answer is lost: the next run
    // looks for it in the channel's history instead of posting it twice.
    let firstRun = true;
    discord.faults.loseResponse({
      method: 'POST',
      path: postsIn(PAPERS),
      times: 100,
      when: (body) => firstRun && Array.isArray(body.embeds) && body.embeds.length > 0,
    });
    await running.tickAt('2024-10-26T09:00:00Z');
    firstRun = false;
    await running.tickAt('2024-10-26T09:30:00Z');
    expect(discord.requestsTo('GET', postsIn(PAPERS)).length).toBeGreaterThan(0);
    const cards = discord.store.channelHistory(PAPERS).filter((message) => message.embeds.length > 0);
    expect(cards).toHaveLength(2);

    // A flag on a posted paper opens a thread and says so in it.
    const [card] = cards;
    discord.react({
      channelId: PAPERS,
      messageId: card?.id ?? '',
      user: userPayload('700000000000000001', 'alice'),
      emoji: '🔖',
      action: 'added',
    });
    await until(
      () => discord.requestsTo('POST', /^\/channels\/\d+\/messages\/\d+\/threads$/).length === 1,
      'a thread',
    );
    await until(
      () => discord.requestsTo('POST', postsIn(card?.id ?? '')).length === 1,
      'a post in the thread',
    );

    // A paper a member shared is read back for its link, flagged and threaded.
    const shared = discord.postAsUser(
      PAPERS,
      userPayload('700000000000000002', 'bo'),
      'worth a read https://arxiv.org/abs/2410.18533',
    );
    discord.react({
      channelId: PAPERS,
      messageId: shared,
      user: userPayload('700000000000000001', 'alice'),
      emoji: '🔖',
      action: 'added',
    });
    await until(
      () => discord.requestsTo('POST', postsIn(shared)).length === 1,
      'a thread on the shared paper',
    );
    expect(discord.requestsTo('GET', new RegExp(`^/channels/${PAPERS}/messages/${shared}$`))).toHaveLength(1);

    const refused = discord.requests.filter((request) => request.status === 403);
    expect(refused.map((request) => `${request.method} ${request.path}`)).toEqual([]);
    expect(discord.permissions.strippedEmbeds).toBe(0);
    expect([...discord.permissions.needed].sort()).toEqual(namesOf(granted));
  });

  it('docs/discord-install.md lists the same permissions and integer as the code', () => {
    const guide = readFileSync(new URL('../../docs/discord-install.md', import.meta.url), 'utf8');
    for (const permission of botPermissions) expect(guide).toContain(permission.name);
    const granted = botPermissions.reduce(
      (bits, permission) => bits | PermissionFlagsBits[permission.flag],
      0n,
    );
    expect(guide).toContain(`permissions=${granted}`);
    expect(guide).not.toContain('Add Reactions');
  });
});
