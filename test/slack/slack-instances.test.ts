/**
 * Two paperboy instances on one PostgreSQL database (PGlite, and the real server when TEST_DATABASE_URL is
 * set) behind a "load balancer" that sends each Slack request to either: an install begun on one finishes on
 * the other (the signed state and the installations are shared), commands and events go to both in turn, a
 * redelivered event reaching the other instance is handled once, and every digest is posted once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store';
import { removedFromWorkspaceReason } from '../../src/subscriptions/workspace-installations';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import type { FakeSlack } from '../fakes/slack/fake-slack';
import { reactionEvent } from '../fakes/slack/fake-slack-inbound';
import { oct25Batch } from '../support/fixtures';
import { testStores } from '../support/test-stores';
import {
  alpha,
  beta,
  channelCalls,
  command,
  install,
  SlackInstance,
  startTwoWorkspaces,
  type WorkspaceSpec,
} from './slack-install-world';

const postgresKinds = testStores.filter((kind) => kind.name !== 'sqlite');

let fake: FakeSlack | null = null;
let hf: FakeHfServer | null = null;
let instances: SlackInstance[] = [];
let stores: Store[] = [];
afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.bot.stop(false)));
  await Promise.all(stores.map((store) => store.close()));
  await fake?.close();
  await hf?.stop();
  instances = [];
  stores = [];
  fake = null;
  hf = null;
});

const channelRef = (spec: WorkspaceSpec) => ({
  platform: 'slack',
  workspaceId: spec.teamId,
  channelId: spec.channel,
});

const keysIn = (fake: FakeSlack, spec: WorkspaceSpec) =>
  fake
    .team(spec.teamId)
    .workspace.channelMessages(spec.channel)
    .filter((message) => message.threadTs === null && message.metadata)
    .map((message) => String(message.metadata?.event_payload.key));

describe.each(postgresKinds)('two Slack instances on one $name database behind a load balancer', (kind) => {
  it('finish an install the other began, answer each command once, handle a redelivered event once and post each digest once', async () => {
    fake = await startTwoWorkspaces();
    hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    stores = await kind.openShared(2);
    for (const store of stores) {
      instances.push(
        await SlackInstance.start(fake, hf, {
          store,
          env: { DATABASE_URL: 'postgres://shared-test-database/paperboy' },
        }),
      );
    }
    const [one, two] = instances as [SlackInstance, SlackInstance];
    const slack = fake;

    // The browser starts on one instance and Slack sends it back to the other (and the other way round).
    expect(await install(slack, alpha, one, two)).toMatchObject({ status: 200 });
    expect(await install(slack, beta, two, one)).toMatchObject({ status: 200 });

    expect(await command(slack, one, alpha, 'subscribe 09:00 UTC top=3')).toContain('now gets');
    expect(await command(slack, two, beta, 'subscribe 09:00 UTC top=2')).toContain('now gets');
    expect(await command(slack, two, alpha, 'settings')).toMatch(/top 3/i);
    expect(await command(slack, one, beta, 'settings')).toMatch(/top 2/i);
    // Each command reached one instance and was answered once.
    const answers = new Map<string, number>();
    for (const post of slack.responses) answers.set(post.urlId, (answers.get(post.urlId) ?? 0) + 1);
    expect([...answers.values()]).toEqual([1, 1, 1, 1]);

    await Promise.all(instances.map((instance) => instance.bot.tickAt('2024-10-26T09:00:00Z')));
    await Promise.all(instances.map((instance) => instance.bot.tickAt('2024-10-26T09:01:00Z')));
    for (const [spec, papers] of [
      [alpha, 3],
      [beta, 2],
    ] as const) {
      const keys = keysIn(slack, spec);
      expect(keys, spec.teamId).toHaveLength(papers + 1);
      expect(new Set(keys).size, spec.teamId).toBe(papers + 1);
    }

    // Slack thinks the ack was lost and redelivers the reaction: the retry lands on the other instance.
    const team = slack.team(alpha.teamId);
    const paper = team.workspace.channelMessages(alpha.channel).filter((m) => m.threadTs === null)[1];
    const event = reactionEvent({
      action: 'added',
      user: `${alpha.admin}_FAN`,
      reaction: 'bookmark',
      channel: alpha.channel,
      ts: paper?.ts ?? '',
    });
    const first = await one.inbound(slack, alpha).event(event);
    await two.inbound(slack, alpha).event(event, { eventId: first.eventId, retryNum: 1 });
    const [store] = stores as [Store];
    const queue = await store.discussion.queue(channelRef(alpha));
    expect(queue).toHaveLength(1);
    expect(queue[0]?.flags).toHaveLength(1);
    const replies = team.workspace
      .channelMessages(alpha.channel)
      .filter((m) => m.threadTs === paper?.ts && m.ts !== paper?.ts);
    expect(replies).toHaveLength(1);

    // Alpha uninstalls; Slack tells one instance. Both stop posting there; Beta still gets its digest, once.
    slack.teams.uninstall(alpha.teamId);
    expect((await two.inbound(slack, alpha).event({ type: 'app_uninstalled' })).status).toBe(200);
    expect(await store.installations.get('slack', alpha.teamId)).toBeNull();
    expect((await store.subscriptions.get(channelRef(alpha)))?.pausedReason).toBe(removedFromWorkspaceReason);
    hf.setDay(
      '2024-10-26',
      oct25Batch()
        .slice(0, 1)
        .map((item) => ({ ...item, paper: { ...item.paper, id: '2410.90009' } })),
    );
    await Promise.all(instances.map((instance) => instance.bot.tickAt('2024-10-27T09:00:00Z')));
    expect(keysIn(slack, alpha)).toHaveLength(4);
    const betaKeys = keysIn(slack, beta);
    expect(betaKeys).toHaveLength(5);
    expect(new Set(betaKeys).size).toBe(5);

    // Two instances pace their posts apart: one may meet the other's 429 in a channel, and waits it out.
    for (const call of channelCalls(slack)) {
      expect(call, `${call.method} ${call.channel}`).toMatchObject({ tokenTeam: call.channelTeam });
      expect(call.ok || call.status === 429, `${call.method} ${call.channel}`).toBe(true);
    }
  }, 90_000);
});
