/**
 * Contract: Hugging Face's trending list, the same on every platform. `/papers trending` pages it like any
 * list and stores its papers; a `source=trending` subscription posts, at its time, the top N trending
 * papers the channel has not had (never one twice), and says so when nothing new is trending.
 */
import { describe, expect, it } from 'vitest';
import { trendingList } from '../support/trending';
import { platforms } from './platforms';
import { useContract } from './use-contract';

const title = (index: number) => trendingList()[index]?.paper.title.replace(/\s+/g, ' ') ?? '';

describe.each(platforms)('trending papers on $name', (platform) => {
  const c = useContract(platform);
  const as = (text: string) => c.driver.runCommand({ channel: 'papers', user: 'bo', text });
  const click = (label: string) => c.driver.clickButton({ channel: 'papers', user: 'bo', label });

  it('shows the trending list privately in its own order, pages it, stores its papers and can share a page', async () => {
    c.t.hf.setTrending(trendingList());
    const reply = await as('trending');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain('Trending on Hugging Face');
    expect(reply.text).toContain('Page 1 of 6');
    expect(reply.text).toContain(title(0));
    expect(reply.text).toContain("#1 on Hugging Face's trending list");
    expect(reply.text.indexOf(title(0))).toBeLessThan(reply.text.indexOf(title(1)));
    expect(reply.buttons).toEqual(expect.arrayContaining(['Next', 'Share in channel']));
    const [asked] = c.t.hf.requestsFor('/api/daily_papers');
    expect(asked?.query).toEqual({ sort: 'trending', limit: '50', p: '0' });

    const next = await click('Next');
    expect(next.text).toContain('Page 2 of 6');
    expect(next.text).toContain(title(5));
    expect(next.text).toContain("#6 on Hugging Face's trending list");

    // Stored: `paper` answers from the store, without asking Hugging Face for it.
    expect((await c.t.core.store.papers.get('2602.23229'))?.title).toContain('Large Multimodal Models');
    const paper = await as('paper 2602.23229');
    expect(paper.text).toContain('Large Multimodal Models');
    expect(c.t.hf.requestsFor('/api/papers/2602.23229')).toEqual([]);

    await as('trending');
    const shared = await click('Share in channel');
    expect(shared.ephemeral).toBe(false);
    expect(shared.text).toContain(title(0));
  });

  it('says in one line that Hugging Face could not be reached when the trending list fails', async () => {
    c.t.hf.failNext('sort=trending', { kind: 'status', status: 503 });
    const reply = await as('trending');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain("Hugging Face's trending list could not be reached just now");
    expect(reply.text).not.toMatch(/\n\s+at |Error:/);
  });

  it('posts the top N trending papers not posted here before, day after day, then says nothing new is trending', async () => {
    c.t.hf.setTrending(trendingList().slice(0, 6));
    const subscribed = await c.asAdmin(
      'reading-group',
      'subscribe 09:00 UTC top=2 source=trending exclude="speculative sampling"',
    );
    expect(subscribed.text).toContain("This channel now gets Hugging Face's trending papers");
    expect(subscribed.text).toContain('the top 2 trending papers');
    expect(subscribed.text).toContain("Source: Hugging Face's trending list");
    expect((await c.asAdmin('reading-group', 'settings')).text).toContain('the top 2 trending papers');

    expect(await c.digestsAt('2024-10-26T09:00:00Z')).toMatchObject({ due: 1, posted: 2, failed: 0 });
    const first = await c.driver.channelMessages('reading-group');
    expect(first[0]?.text).toContain('Trending on Hugging Face — Sat 26 Oct · 2 new papers');
    expect(first[0]?.links).toEqual([
      { label: "Hugging Face's whole trending list", url: 'https://huggingface.co/papers/trending' },
    ]);
    // #2 (Multi-Draft Speculative Sampling) is excluded by the channel's filter; #1 and #3 go out.
    expect(first).toHaveLength(3);
    expect(first[1]?.text).toContain(title(0));
    expect(first[2]?.text).toContain(title(2));
    expect(first[1]?.text).toContain("#1 on Hugging Face's trending list");
    // A trending post is flagged like any digest post.
    await c.driver.react({
      channel: 'reading-group',
      user: 'ann',
      messageId: first[1]?.id ?? '',
      emoji: '🔖',
      action: 'added',
    });
    const queue = await c.driver.runCommand({ channel: 'reading-group', user: 'ann', text: 'queue' });
    expect(queue.text).toContain('Discussion queue · 1 paper');
    expect(queue.text).toContain(title(0));

    // The next day the same list: only the papers not posted yet, in its order.
    expect(await c.digestsAt('2024-10-27T09:00:00Z')).toMatchObject({ posted: 2 });
    const second = (await c.driver.channelMessages('reading-group'))
      .filter((message) => message.threadOf === null)
      .slice(3);
    expect(second[0]?.text).toContain('Trending on Hugging Face — Sun 27 Oct · 2 new papers');
    expect(second[1]?.text).toContain(title(3));
    expect(second[2]?.text).toContain(title(4));

    expect(await c.digestsAt('2024-10-28T09:00:00Z')).toMatchObject({ posted: 1 });
    expect(await c.digestsAt('2024-10-29T09:00:00Z')).toMatchObject({ posted: 0 });
    const last = (await c.driver.channelMessages('reading-group'))
      .filter((message) => message.threadOf === null)
      .at(-1);
    expect(last?.text).toContain('Trending on Hugging Face: nothing new for this channel today');
    const ids = c.t.hf.requestsFor('sort=trending').map((request) => request.query);
    expect(ids.every((query) => query.date === undefined)).toBe(true);

    const why = await c.asAdmin('reading-group', 'why 2410.18234');
    expect(why.text).toContain('was left out of the trending digest of');
    expect(why.text).toContain('matched the exclude keyword "speculative sampling"');
    const posted = await c.asAdmin('reading-group', 'why 2602.23229');
    expect(posted.text).toContain('was posted here on 2024-10-26 in the trending digest of 2024-10-26');
    const never = await c.asAdmin('reading-group', 'why 2410.17243');
    expect(never.text).toContain("was not in the top 100 of Hugging Face's trending list");
  });

  it('refuses a source it does not know, naming the ones it does, and changes nothing', async () => {
    const reply = await c.asAdmin('papers', 'subscribe source=weekly');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain('source "weekly" is not a digest source; use source=daily');
    expect(reply.text).toContain('source=trending');
    expect((await c.asAdmin('papers', 'settings')).text).toContain('Not subscribed to the daily digest');
  });
});
