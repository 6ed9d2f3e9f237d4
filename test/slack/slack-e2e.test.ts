import { afterEach, describe, expect, it } from 'vitest';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';
import { SlackDriver } from './slack-driver';
import type { Mode } from './slack-harness';

/** The real core (SQLite, digest engine, commands) over a fake Hugging Face, driven through real Bolt. */
describe.each<Mode>(['socket', 'http'])('Slack end to end with the real core over %s', (mode) => {
  let t: TestCore;
  let driver: SlackDriver;
  afterEach(async () => {
    await driver?.close();
    await t?.close();
  });

  async function setUp() {
    t = await startTestCore({ now: '2024-10-26T08:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    driver = await SlackDriver.start({ commands: t.core.commands, mode });
    t.core.ports.register(driver.port);
  }

  const tick = () => t.core.digests.runDueDigests(t.clock.now());

  it('subscribes a channel with one command and posts the daily digest there at the set time', async () => {
    await setUp();
    const subscribed = await driver.runCommand({
      channel: 'C_PAPERS',
      user: 'U_BOSS',
      admin: true,
      text: 'subscribe 09:00 UTC top=3',
    });
    expect(subscribed.ephemeral).toBe(false);
    expect(subscribed.text).toContain('This channel now gets the Hugging Face Daily Papers');
    expect(await driver.channelMessages('C_PAPERS')).toEqual([]);

    t.clock.set('2024-10-26T09:00:00Z');
    expect(await tick()).toMatchObject({ due: 1, posted: 3, failed: 0 });
    const messages = await driver.channelMessages('C_PAPERS');
    expect(messages).toHaveLength(4);
    expect(messages[0]?.text).toContain('Daily Papers — Fri 25 Oct · top 3 of 29');
    expect(messages[1]?.buttons.slice(0, 3)).toEqual(['Hugging Face', 'arXiv', 'PDF']);
    const stored = driver.harness.fake.workspace.channelMessages('C_PAPERS');
    const subscription = await t.core.store.subscriptions.get({
      platform: 'slack',
      workspaceId: driver.harness.fake.teamId,
      channelId: 'C_PAPERS',
    });
    expect(stored[1]?.metadata?.event_payload.key).toMatch(
      new RegExp(`^pb:${subscription?.id}:\\d{4}\\.\\d{5}$`),
    );
    // The core records the ts Slack gave each paper, so reactions on it can be traced back.
    const paperId = String(stored[1]?.metadata?.event_payload.key).split(':')[2] ?? '';
    expect((await t.core.store.deliveries.get(subscription?.id ?? 0, paperId))?.messageId).toBe(
      stored[1]?.ts,
    );
    // Paced: one message at a time, never a 429.
    expect(driver.harness.fake.callsTo('chat.postMessage').every((call) => call.status === 200)).toBe(true);
  });

  it('refuses a member who is neither admin, owner nor creator, privately', async () => {
    await setUp();
    const reply = await driver.runCommand({
      channel: 'C_PAPERS',
      user: 'U_JOE',
      admin: false,
      text: 'subscribe',
    });
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain("a workspace admin, a workspace owner or the channel's creator");
  });

  it('explains a bad time with an example that works', async () => {
    await setUp();
    const reply = await driver.runCommand({
      channel: 'C_PAPERS',
      user: 'U_BOSS',
      admin: true,
      text: 'subscribe 25:00',
    });
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toMatch(/25:00/);
    expect(reply.text).toMatch(/\d{2}:\d{2}/);
  });

  it('answers every subcommand', async () => {
    await setUp();
    await t.core.sync.latestCompleteBatch(t.clock.now());
    const run = (text: string) =>
      driver.runCommand({ channel: 'C_PAPERS', user: 'U_BOSS', admin: true, text });
    expect((await run('help')).text).toContain('/papers');
    expect((await run('today')).text).toContain('Daily Papers — Fri 25 Oct');
    expect((await run('search diffusion')).text.toLowerCase()).toContain('diffusion');
    expect((await run('paper 2410.17243')).text).toContain('Breaking the Memory Barrier');
    expect((await run('subscribe 10:00 Europe/Paris')).ephemeral).toBe(false);
    expect((await run('settings')).text).toContain('10:00');
    expect((await run('unsubscribe')).text).toContain('no longer');
  });

  it('pages search results and shares a page in the channel', async () => {
    await setUp();
    await t.core.sync.latestCompleteBatch(t.clock.now());
    const first = await driver.runCommand({ channel: 'C_PAPERS', user: 'U_JOE', text: 'search the' });
    expect(first.ephemeral).toBe(true);
    expect(first.buttons).toContain('Next');
    const second = await driver.clickButton({ channel: 'C_PAPERS', user: 'U_JOE', label: 'Next' });
    expect(second.buttons).toContain('Previous');
    expect(second.text).not.toEqual(first.text);
    const shared = await driver.clickButton({
      channel: 'C_PAPERS',
      user: 'U_JOE',
      label: 'Share in channel',
    });
    expect(shared.ephemeral).toBe(false);
    expect(shared.buttons).toEqual([]);
  });

  it('pauses only the subscription of an archived channel', async () => {
    await setUp();
    await driver.runCommand({
      channel: 'C_OPEN',
      user: 'U_BOSS',
      admin: true,
      text: 'subscribe 09:00 top=2',
    });
    await driver.runCommand({
      channel: 'C_GONE',
      user: 'U_BOSS',
      admin: true,
      text: 'subscribe 09:00 top=2',
    });
    const gone = driver.harness.fake.workspace.channels.get('C_GONE');
    if (!gone) throw new Error('channel missing');
    gone.isArchived = true;
    t.clock.set('2024-10-26T09:00:00Z');
    await tick();
    const team = driver.harness.fake.teamId;
    const open = await t.core.store.subscriptions.get({
      platform: 'slack',
      workspaceId: team,
      channelId: 'C_OPEN',
    });
    const archived = await t.core.store.subscriptions.get({
      platform: 'slack',
      workspaceId: team,
      channelId: 'C_GONE',
    });
    expect(open?.pausedReason).toBeNull();
    expect(archived?.pausedReason).toContain('is_archived');
    expect(await driver.channelMessages('C_OPEN')).toHaveLength(3);
    expect(await driver.channelMessages('C_GONE')).toEqual([]);
  });

  it('flags a digest paper with a 🔖 reaction: one thread reply under the paper, naming the user without a ping', async () => {
    await setUp();
    await driver.runCommand({
      channel: 'C_PAPERS',
      user: 'U_BOSS',
      admin: true,
      text: 'subscribe 09:00 top=1',
    });
    t.clock.set('2024-10-26T09:00:00Z');
    await tick();
    const [, paper] = await driver.channelMessages('C_PAPERS');
    if (!paper) throw new Error('no paper posted');
    driver.harness.fake.workspace.addUser({ id: 'U_JOE', displayName: '<!channel> Joe' });
    await driver.react({
      channel: 'C_PAPERS',
      user: 'U_JOE',
      messageId: paper.id,
      emoji: 'bookmark',
      action: 'added',
    });
    const thread = (await driver.channelMessages('C_PAPERS')).filter(
      (message) => message.threadOf === paper.id,
    );
    expect(thread).toHaveLength(1);
    expect(thread[0]?.text).toContain('<!channel> Joe');
    const raw = driver.harness.fake.workspace
      .channelMessages('C_PAPERS')
      .find((message) => message.threadTs === paper.id);
    expect(raw?.text).toContain('&lt;!channel&gt; Joe');
  });

  it('flags a paper a person shared as a link, reading the message back from Slack (scenario names, Unicode emoji)', async () => {
    await setUp();
    await t.core.sync.latestCompleteBatch(t.clock.now());
    const shared = await driver.postAsUser({
      channel: 'papers',
      user: 'ann',
      text: 'worth a read <https://arxiv.org/abs/2410.17243>',
    });
    await driver.react({ channel: 'papers', user: 'ada', messageId: shared, emoji: '🔖', action: 'added' });
    const thread = (await driver.channelMessages('papers')).filter((message) => message.threadOf === shared);
    expect(thread).toHaveLength(1);
    expect(thread[0]?.text).toContain('ada');
    expect(driver.channelRef('papers')).toEqual({
      platform: 'slack',
      workspaceId: driver.harness.fake.teamId,
      channelId: 'CPAPERS',
    });
    const queue = await driver.runCommand({ channel: 'papers', user: 'ada', text: 'queue' });
    expect(queue.text).toContain('Breaking the Memory Barrier');
  });
});
