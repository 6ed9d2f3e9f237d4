/**
 * arXiv digests through the composition root: runBot with the manual clock, the fake arXiv (its rule and
 * the client's compressed to 20 ms: every request still goes through the gate), the fake Hugging Face and
 * the fake Discord. A channel on cs.RO gets the newest mailing at its time, once, a restart included; one
 * card per paper across its categories and across sources; a flood is cut to the top N; an outage waits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeArxiv, type FakeArxivEntry, startFakeArxiv } from '../fakes/arxiv/fake-arxiv-server';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { userPayload } from '../fakes/discord/fake-payloads';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch, variant } from '../support/fixtures';
import { until } from '../support/until';

const STRING = 3;
const INTEGER = 4;
const env = { REFRESH_INTERVAL_MINUTES: '6000' };
const str = (name: string, value: string) => ({ name, type: STRING, value });
const channel = {
  platform: 'discord' as const,
  workspaceId: '900000000000000001',
  channelId: '900000000000000101',
};

let bot: BotHarness | null = null;
let arxiv: FakeArxiv | null = null;
afterEach(async () => {
  await bot?.stop();
  await arxiv?.close();
  bot = null;
  arxiv = null;
});

const papers = (prefix: string, count: number, from = 1): FakeArxivEntry[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}.${String(from + index).padStart(5, '0')}`,
    title: `Robot paper ${from + index}`,
  }));

describe('arXiv digests in the running bot', () => {
  it('posts a cs.RO channel its mailing at its time, once across a restart, one card per paper, and explains each paper', async () => {
    arxiv = await startFakeArxiv();
    arxiv.setDay('cs.RO', '2026-12-01', [
      { id: '2611.10001', title: 'Legged robots on ice' },
      { id: '2611.10002', title: 'Grasping from both fields', categories: ['cs.RO', 'cs.LG'] },
      { id: '2611.10003', title: 'Swarm mapping' },
      { id: '2611.10004', title: 'Soft grippers' },
    ]);
    arxiv.setDay('cs.LG', '2026-12-01', [
      {
        id: '2611.10002',
        title: 'Grasping from both fields',
        categories: ['cs.RO', 'cs.LG'],
        announceType: 'cross',
      },
      { id: '2611.10005', title: 'Learning to plan' },
      { id: '2611.09999', title: 'An older paper, revised', announceType: 'replace' },
    ]);
    const hf = await new FakeHfServer().start();
    const discord = await FakeDiscord.start();
    bot = await BotHarness.start({ now: '2026-12-01T08:00:00Z', hf, discord, arxiv, env });

    // What a channel gets wrong is said plainly, with what is expected.
    expect(await bot.slash('subscribe', [str('source', 'arxiv')])).toContain(
      'source=arxiv needs the arXiv categories to follow, e.g. `subscribe source=arxiv categories=cs.RO`',
    );
    expect(await bot.slash('subscribe', [str('source', 'arxiv'), str('categories', 'cs.XX')])).toContain(
      'arXiv has no category \\"cs.XX\\"; cs has cs.AI, cs.AR',
    );
    expect(await bot.slash('subscribe', [str('source', 'arxiv'), str('categories', 'robotics!')])).toContain(
      'is not an arXiv category; categories look like cs.RO',
    );
    expect(await bot.slash('subscribe', [str('categories', 'cs.RO')])).toContain(
      'categories= is for source=arxiv',
    );
    const subscribed = await bot.slash('subscribe', [
      str('time', '09:00'),
      { name: 'top', type: INTEGER, value: 2 },
      str('exclude', 'legged'),
      str('source', 'arxiv'),
      str('categories', 'cs.ro, cs.LG'),
    ]);
    expect(subscribed).toContain("This channel now gets arXiv's new papers in cs.RO, cs.LG");
    const settings = await bot.slash('settings');
    expect(settings).toContain("Source: arXiv's newest mailing in cs.RO, cs.LG");
    // arXiv has no upvotes: the order it names is the one the digest uses below the flag threshold.
    expect(settings).toContain(
      "Digest order: in arXiv's default order (this channel's categories before cross-lists, then its include keywords, then arXiv's own order; arXiv has no upvotes) until this channel has flagged 5 papers",
    );
    expect(await bot.slash('help', [str('command', 'subscribe')])).toContain('categories=cs.LG,cs.RO');

    await bot.tickAt('2026-12-01T08:59:00Z');
    expect(bot.postsInPapers()).toHaveLength(0);
    await bot.tickAt('2026-12-01T09:00:00Z');
    const posts = bot.postsInPapers();
    expect(posts).toHaveLength(3);
    expect(posts[0]).toContain('arXiv cs.RO, cs.LG — Tue 1 Dec · top 2 of 5');
    const grasping = posts.filter((post) => post.includes('Grasping from both fields'));
    expect(grasping).toHaveLength(1);
    // An arXiv-only paper's card shows its categories, not upvotes and comments it cannot have.
    expect(grasping[0]).toContain('"name":"arXiv","value":"cs.RO, cs.LG"');
    expect(grasping[0]).not.toContain('"name":"Upvotes"');
    expect(posts.join('\n')).not.toContain('An older paper, revised');
    const requests = arxiv.requests.length;
    expect(requests).toBe(2);

    await bot.stop(false);
    bot = await BotHarness.start({
      now: '2026-12-01T09:05:00Z',
      hf,
      discord,
      arxiv,
      database: bot.database,
      env,
    });
    await bot.tickAt('2026-12-01T09:06:00Z');
    expect(bot.postsInPapers()).toHaveLength(3);
    expect(arxiv.requests.length).toBe(requests);

    const why = async (id: string) => await (bot as BotHarness).slash('why', [str('id', id)]);
    expect(await why('2611.10002')).toMatch(
      /"Grasping from both fields\\" \(2611\.10002\) was posted here on 2026-12-01 in the 2026-12-01 arXiv digest/,
    );
    expect(await why('2611.10001')).toContain(
      'was left out of the 2026-12-01 arXiv digest: it matched the exclude keyword \\"legged\\".',
    );
    expect(await why('2611.10004')).toContain(
      "was left out of the 2026-12-01 arXiv digest: it was ranked 4 by arXiv's default order (this channel's categories before cross-lists, then its keywords, then the mailing's order), and the channel takes the top 2.",
    );
    expect(await why('2611.09999')).toContain('as a new version of a paper announced before');
    // No upvotes on arXiv: the ranking line names the order the digest used, not a place by upvotes.
    const ranked = await why('2611.10004');
    expect(ranked).toContain(
      "Team ranking: not learning yet — it starts once 5 papers are flagged here (0 so far); until then this channel's digest goes in arXiv's default order",
    );
    expect(ranked).not.toContain('by upvotes');

    // A 🔖 on an arXiv card puts the paper on the channel's discussion queue, as for any paper.
    const subscription = await bot.core.store.subscriptions.get(channel);
    const messageId = subscription
      ? (await bot.core.store.deliveries.get(subscription.id, '2611.10002'))?.messageId
      : null;
    if (!messageId) throw new Error('2611.10002 was not posted');
    discord.react({
      channelId: channel.channelId,
      messageId,
      user: userPayload('700000000000000101', 'reader01'),
      emoji: '🔖',
      action: 'added',
    });
    const running = bot;
    await until(async () => (await running.core.store.discussion.queue(channel)).length === 1, 'the flag');
    expect(await bot.slash('queue')).toContain('Grasping from both fields');
  }, 60_000);

  it('keeps a paper announced on arXiv on Monday and listed on Hugging Face on Tuesday one paper: its card gains upvotes, no second card', async () => {
    arxiv = await startFakeArxiv();
    arxiv.setDay('cs.LG', '2026-11-30', [{ id: '2611.20001', title: 'Monday on arXiv' }]);
    const base = oct25Batch()[0];
    if (!base) throw new Error('fixture missing');
    const hf = (await new FakeHfServer().start()).setDay('2026-12-01', [
      variant(base, { id: '2611.20001', title: 'Monday on arXiv', upvotes: 42 }),
      variant(base, { id: '2611.20002', title: 'Only on Hugging Face', upvotes: 7 }),
    ]);
    bot = await BotHarness.start({ now: '2026-11-30T08:00:00Z', hf, arxiv, env });
    await bot.slash('subscribe', [str('time', '09:00'), str('source', 'arxiv'), str('categories', 'cs.LG')]);
    await bot.tickAt('2026-11-30T09:00:00Z');
    expect(bot.postsInPapers()).toHaveLength(2);

    // Tuesday: Hugging Face lists it; the channel follows Daily Papers from now on.
    bot.clock.set('2026-12-01T10:00:00Z');
    await bot.slash('subscribe', [str('source', 'daily')]);
    await bot.tickAt('2026-12-02T09:00:00Z');
    const posts = bot.postsInPapers();
    expect(posts.filter((post) => post.includes('Monday on arXiv'))).toHaveLength(1);
    expect(posts.at(-1)).toContain('Only on Hugging Face');

    const paper = await bot.slash('paper', [str('id', '2611.20001')]);
    expect(paper).toContain('"name":"Upvotes","value":"👍 42"');
    expect(paper).toContain('"name":"arXiv","value":"cs.LG"');
    const stored = await bot.core.store.papers.get('2611.20001');
    expect(stored?.upvotes).toBe(42);
    expect(stored?.arxiv?.primaryCategory).toBe('cs.LG');
    expect(await bot.slash('why', [str('id', '2611.20001')])).toContain('in the 2026-11-30 arXiv digest');
  }, 60_000);

  it('ranks a flood of 600 papers in a day and posts the top N, in one request to arXiv', async () => {
    arxiv = await startFakeArxiv();
    arxiv.setDay('cs.LG', '2026-12-01', papers('2611', 600, 30001));
    bot = await BotHarness.start({ now: '2026-12-01T08:00:00Z', arxiv, env });
    await bot.slash('subscribe', [str('time', '09:00'), str('source', 'arxiv'), str('categories', 'cs.LG')]);
    await bot.tickAt('2026-12-01T09:00:00Z');
    const posts = bot.postsInPapers();
    expect(posts).toHaveLength(11);
    expect(posts[0]).toContain('top 10 of 600');
    expect(arxiv.requests).toHaveLength(1);
    expect(
      await bot.core.store.deliveries.outstanding((await bot.core.store.deliveries.lastRun(1))?.id ?? 0),
    ).toHaveLength(0);
  }, 60_000);

  it('retries a mailing arXiv cannot serve and posts the day once when it recovers', async () => {
    arxiv = await startFakeArxiv();
    arxiv.setDay('cs.RO', '2026-12-01', papers('2611', 3, 40001));
    arxiv.failDay('cs.RO', '2026-12-01');
    bot = await BotHarness.start({ now: '2026-12-01T08:00:00Z', arxiv, env });
    await bot.slash('subscribe', [str('time', '09:00'), str('source', 'arxiv'), str('categories', 'cs.RO')]);
    await bot.tickAt('2026-12-01T09:00:00Z');
    expect(bot.postsInPapers()).toHaveLength(0);
    expect(
      bot.logs.entries.some((line) =>
        String(line.msg).includes('arXiv mailings up to 2026-12-01 not fetched yet'),
      ),
    ).toBe(true);
    expect(await bot.slash('why', [str('id', '2611.40001')])).toContain(
      "40001 is not in any arXiv mailing of this channel's categories (cs.RO) that paperboy has stored",
    );
    const asked = arxiv.requests.length;
    // Within the pause (1 minute after the first failure) arXiv is not asked again.
    await bot.tickAt('2026-12-01T09:00:30Z');
    expect(arxiv.requests.length).toBe(asked);

    arxiv.failDay('cs.RO', '2026-12-01', false);
    await bot.tickAt('2026-12-01T09:02:00Z');
    expect(bot.postsInPapers()).toHaveLength(4);
    await bot.tickAt('2026-12-01T09:10:00Z');
    await bot.tickAt('2026-12-01T12:00:00Z');
    expect(bot.postsInPapers()).toHaveLength(4);
  }, 60_000);
});
