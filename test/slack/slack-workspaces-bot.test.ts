/**
 * Slack in many workspaces through the composition root (`runBot`, HTTP mode, the OAuth install flow) on
 * the fake Slack's two workspaces: each installs through `/slack/install`, subscribes a channel, runs
 * commands and reacts; every call goes with that workspace's own token to its own channels. Alpha then
 * uninstalls: its token row is deleted, its subscription paused, and Beta keeps getting its digest.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { explainDelivery } from '../../src/digest/explain-delivery';
import { defaultDigestSettings } from '../../src/records/subscription';
import {
  notInstalledReason,
  removedFromWorkspaceReason,
} from '../../src/subscriptions/workspace-installations';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import type { FakeSlack } from '../fakes/slack/fake-slack';
import { reactionEvent } from '../fakes/slack/fake-slack-inbound';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch, variant } from '../support/fixtures';
import {
  alpha,
  beta,
  channelCalls,
  command,
  encryptionKey,
  install,
  installEnv,
  SlackInstance,
  startTwoWorkspaces,
  type WorkspaceSpec,
} from './slack-install-world';

let fake: FakeSlack | null = null;
let hf: FakeHfServer | null = null;
let instances: SlackInstance[] = [];
afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.bot.stop(false)));
  instances = [];
  await fake?.close();
  await hf?.stop();
  fake = null;
  hf = null;
});

async function world() {
  fake = await startTwoWorkspaces();
  hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  return { fake, hf };
}

async function startInstance(env: Record<string, string> = {}, database?: string): Promise<SlackInstance> {
  const instance = await SlackInstance.start(fake as FakeSlack, hf as FakeHfServer, {
    env,
    ...(database ? { database } : {}),
  });
  instances.push(instance);
  return instance;
}

/** A second day: two new papers. */
function saturdayBatch() {
  const [item] = oct25Batch();
  if (!item) throw new Error('empty fixture');
  return [
    variant(item, { id: '2410.90001', title: 'Saturday paper one', upvotes: 90 }),
    variant(item, { id: '2410.90002', title: 'Saturday paper two', upvotes: 80 }),
  ];
}

const channelRef = (spec: WorkspaceSpec) => ({
  platform: 'slack',
  workspaceId: spec.teamId,
  channelId: spec.channel,
});

/** The bot's own top-level posts in the workspace's channel. */
const postsIn = (fake: FakeSlack, spec: WorkspaceSpec) => {
  const team = fake.team(spec.teamId);
  return team.workspace
    .channelMessages(spec.channel)
    .filter((message) => message.user === team.botUserId && message.threadTs === null);
};

describe('Slack installed in two workspaces, through runBot', () => {
  it('installs in two workspaces, keeps their channels, commands, reactions and digests apart, and pauses only the one that uninstalls', async () => {
    const { fake } = await world();
    const bot = await startInstance();
    const core = bot.bot.core;

    for (const spec of [alpha, beta]) {
      const done = await install(fake, spec, bot);
      expect(done.status).toBe(200);
      expect(done.html).toContain(`paperboy is installed in ${spec.teamName}`);
    }
    const alphaToken = fake.teams.tokensOf(alpha.teamId)[0] as string;
    const betaToken = fake.teams.tokensOf(beta.teamId)[0] as string;
    expect(alphaToken).not.toBe(betaToken);

    // Tokens rest encrypted: the database file holds neither token in clear.
    const raw = new Database(bot.bot.database, { readonly: true });
    const rows = raw
      .prepare('SELECT workspace_id, secret, metadata FROM installations ORDER BY workspace_id')
      .all() as {
      workspace_id: string;
      secret: string;
      metadata: string;
    }[];
    raw.close();
    expect(rows.map((row) => row.workspace_id)).toEqual([alpha.teamId, beta.teamId]);
    for (const row of rows) {
      expect(row.secret).toMatch(/^v1\./);
      expect(`${row.secret}${row.metadata}`).not.toContain(alphaToken);
      expect(`${row.secret}${row.metadata}`).not.toContain(betaToken);
      expect(`${row.secret}${row.metadata}`).not.toContain('xoxb-');
    }

    expect(await command(fake, bot, alpha, 'subscribe 09:00 UTC top=3')).toContain(
      'This channel now gets the Hugging Face Daily Papers',
    );
    expect(await command(fake, bot, beta, 'subscribe 09:00 UTC top=2')).toContain(
      'This channel now gets the Hugging Face Daily Papers',
    );
    expect(await command(fake, bot, beta, 'settings')).toMatch(/top 2/i);

    await bot.bot.tickAt('2024-10-26T09:00:00Z');
    expect(postsIn(fake, alpha)).toHaveLength(4);
    expect(postsIn(fake, beta)).toHaveLength(3);

    // Links point into each workspace's own Slack (the team URL auth.test gave at install).
    const alphaSub = await core.store.subscriptions.get(channelRef(alpha));
    const alphaKey = String(postsIn(fake, alpha)[1]?.metadata?.event_payload.key);
    const alphaDelivery = await core.store.deliveries.get(alphaSub?.id ?? 0, alphaKey.split(':')[2] ?? '');
    expect(alphaDelivery?.messageUrl).toMatch(
      /^https:\/\/t_alpha\.slack\.com\/archives\/C_ALPHA_PAPERS\/p\d+$/,
    );

    // A 🔖 on Alpha's first paper flags it there (and opens its thread there), not in Beta.
    const paperPost = postsIn(fake, alpha)[1];
    const reacted = await bot.inbound(fake, alpha).event(
      reactionEvent({
        action: 'added',
        user: `${alpha.admin}_FAN`,
        reaction: 'bookmark',
        channel: alpha.channel,
        ts: paperPost?.ts ?? '',
      }),
    );
    expect(reacted.status).toBe(200);
    expect(await core.store.discussion.queue(channelRef(alpha))).toHaveLength(1);
    expect(await core.store.discussion.queue(channelRef(beta))).toHaveLength(0);
    const thread = fake
      .team(alpha.teamId)
      .workspace.channelMessages(alpha.channel)
      .filter((message) => message.threadTs === paperPost?.ts && message.ts !== paperPost?.ts);
    expect(thread.map((message) => message.text).join('\n')).toContain(`${alpha.teamName} fan`);

    // Every call naming a channel went with the token of the channel's own workspace, and none failed.
    const calls = channelCalls(fake);
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (const call of calls)
      expect(call, `${call.method} ${call.channel}`).toMatchObject({ tokenTeam: call.channelTeam, ok: true });
    expect(new Set(calls.map((call) => call.tokenTeam))).toEqual(new Set([alpha.teamId, beta.teamId]));

    // Alpha removes the app: Slack revokes its token and sends app_uninstalled.
    fake.teams.uninstall(alpha.teamId);
    const uninstalled = await bot.inbound(fake, alpha).event({ type: 'app_uninstalled' });
    expect(uninstalled.status).toBe(200);
    expect(await core.store.installations.get('slack', alpha.teamId)).toBeNull();
    expect(await core.store.installations.get('slack', beta.teamId)).not.toBeNull();
    expect(await core.store.subscriptions.get(channelRef(alpha))).toMatchObject({
      active: true,
      pausedReason: removedFromWorkspaceReason,
    });
    expect((await core.store.subscriptions.listActive()).map((s) => s.channel.workspaceId)).toEqual([
      beta.teamId,
    ]);
    // `/papers why` (here asked of the core: Slack no longer sends Alpha's commands) says why nothing comes.
    const paperId = String(paperPost?.metadata?.event_payload.key).split(':')[2] ?? '';
    const why = await explainDelivery(core.store, channelRef(alpha), paperId, '/papers');
    expect(why.text).toContain(`paused (${removedFromWorkspaceReason})`);
    // A redelivery (to any instance) changes nothing.
    expect((await bot.inbound(fake, alpha).event({ type: 'app_uninstalled' })).status).toBe(200);

    (hf as FakeHfServer).setDay('2024-10-26', saturdayBatch());
    const before = fake.calls.length;
    await bot.bot.tickAt('2024-10-27T09:00:00Z');
    expect(postsIn(fake, beta)).toHaveLength(6);
    expect(postsIn(fake, alpha)).toHaveLength(4);
    expect(fake.calls.slice(before).filter((call) => call.token === alphaToken)).toEqual([]);

    // Not even the debug log holds a workspace token.
    const logged = JSON.stringify(bot.bot.logs.entries);
    expect(logged.length).toBeGreaterThan(1_000);
    expect(logged).not.toContain(alphaToken);
    expect(logged).not.toContain(betaToken);

    // Installing again resumes what the uninstall paused.
    expect((await install(fake, alpha, bot)).status).toBe(200);
    expect(await core.store.subscriptions.get(channelRef(alpha))).toMatchObject({
      active: true,
      pausedReason: null,
    });
    expect(fake.teams.tokensOf(alpha.teamId)).toHaveLength(1);
  }, 60_000);

  it('refuses a forged or foreign state with a page that says what to do, and installs nothing', async () => {
    const { fake } = await world();
    const bot = await startInstance();
    const forged = await fetch(`${bot.url}/slack/oauth_redirect?code=code-T_ALPHA-1&state=forged`, {
      headers: { cookie: 'slack-app-oauth-state=forged' },
    });
    expect(forged.status).toBe(400);
    const html = await forged.text();
    expect(html).toContain('This install link is not valid');
    expect(html).toContain('/slack/install');
    // A real state, but not from this browser (no cookie): refused too.
    const begun = await fetch(`${bot.url}/slack/install`, { redirect: 'manual' });
    const state = new URL(begun.headers.get('location') ?? '').searchParams.get('state');
    const foreign = await fetch(`${bot.url}/slack/oauth_redirect?code=x&state=${state}`);
    expect(foreign.status).toBe(400);
    expect(fake.callsTo('oauth.v2.access')).toEqual([]);
    expect(await bot.bot.core.store.installations.get('slack', alpha.teamId)).toBeNull();
  });

  it('does not start without the encryption key, and says how to make one', async () => {
    const { fake, hf } = await world();
    const env = installEnv(fake);
    delete env.SLACK_TOKEN_ENCRYPTION_KEY;
    await expect(BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, discord: null, env })).rejects.toThrow(
      /SLACK_TOKEN_ENCRYPTION_KEY is not set.*openssl rand -base64 32/,
    );
    await expect(
      BotHarness.start({
        now: '2024-10-26T08:00:00Z',
        hf,
        discord: null,
        env: { ...env, SLACK_TOKEN_ENCRYPTION_KEY: 'short' },
      }),
    ).rejects.toThrow(/SLACK_TOKEN_ENCRYPTION_KEY must be 32 random bytes.*openssl rand -base64 32/);
  });

  it('with another key, says the stored token cannot be read (naming the variable) and posts nothing with it', async () => {
    const { fake } = await world();
    const first = await startInstance();
    expect((await install(fake, alpha, first)).status).toBe(200);
    expect(await command(fake, first, alpha, 'subscribe 09:00 UTC top=3')).toContain('now gets');
    await first.bot.stop(false);
    instances = [];
    const other = Buffer.alloc(32, 9).toString('base64');
    expect(other).not.toBe(encryptionKey);
    const second = await startInstance({ SLACK_TOKEN_ENCRYPTION_KEY: other }, first.bot.database);
    const sent = await second
      .inbound(fake, alpha)
      .command({ channel: alpha.channel, user: alpha.admin, text: 'help' });
    expect(sent.status).toBe(200);
    const refused = await second.bot.logs.waitFor(
      (line) => line.msg === 'slack request refused: the stored token cannot be read',
      'the refusal',
    );
    expect(String(refused.reason)).toMatch(/encrypted with another key.*SLACK_TOKEN_ENCRYPTION_KEY/);
    expect(refused.err).toBeUndefined();
    // The person gets a short private answer, not silence and not a stack trace.
    const answer = await fake.waitFor(() => fake.responsesTo(sent.responseUrlId)[0], 'the refusal answer');
    expect(answer.body).toMatchObject({ response_type: 'ephemeral' });
    expect(String(answer.body.text)).toContain('cannot read the stored token');
    expect(String(answer.body.text)).not.toMatch(/at \w+ \(|Error:/);
    await second.bot.tickAt('2024-10-26T09:00:00Z');
    expect(postsIn(fake, alpha)).toEqual([]);
    // Not the workspace's fault: its digest is not paused, and goes out once the key is set back.
    expect((await second.bot.core.store.subscriptions.get(channelRef(alpha)))?.pausedReason).toBeNull();
  }, 60_000);

  it('rotates the key: with the old one as SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS the token still opens, and is sealed again with the new one', async () => {
    const { fake } = await world();
    const first = await startInstance();
    expect((await install(fake, alpha, first)).status).toBe(200);
    await first.bot.stop(false);
    instances = [];
    const next = Buffer.alloc(32, 11).toString('base64');
    const keyIdIn = async (instance: SlackInstance) =>
      (await instance.bot.core.store.installations.get('slack', alpha.teamId))?.secret.split('.')[1];
    const rotating = await startInstance(
      { SLACK_TOKEN_ENCRYPTION_KEY: next, SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS: encryptionKey },
      first.bot.database,
    );
    const before = await keyIdIn(rotating);
    expect(await command(fake, rotating, alpha, 'help')).toContain('/papers');
    expect(await keyIdIn(rotating)).not.toBe(before);
    await rotating.bot.stop(false);
    instances = [];
    const after = await startInstance({ SLACK_TOKEN_ENCRYPTION_KEY: next }, first.bot.database);
    expect(await command(fake, after, alpha, 'subscribe 09:00 UTC')).toContain('now gets');
  }, 60_000);

  it('pauses a subscription of a workspace that has not installed the app, saying so and calling Slack for it with no token; installing resumes it', async () => {
    const { fake, hf } = await world();
    const bot = await startInstance();
    const early = channelRef(alpha);
    await bot.bot.core.store.subscriptions.upsert(early, defaultDigestSettings, '2024-10-20T00:00:00Z');
    await bot.bot.tickAt('2024-10-26T09:00:00Z');
    expect((await bot.bot.core.store.subscriptions.get(early))?.pausedReason).toBe(notInstalledReason);
    expect(fake.calls.filter((call) => call.args.channel === alpha.channel)).toEqual([]);
    expect((await install(fake, alpha, bot)).status).toBe(200);
    expect((await bot.bot.core.store.subscriptions.get(early))?.pausedReason).toBeNull();
    hf.setDay('2024-10-26', saturdayBatch());
    await bot.bot.tickAt('2024-10-27T09:00:00Z');
    expect(
      postsIn(fake, alpha)
        .map((message) => message.text)
        .join('\n'),
    ).toContain('Saturday paper one');
  });
});
