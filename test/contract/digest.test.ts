/** Contract: one command subscribes a channel, and the digest arrives there at the set time, once. */
import { describe, expect, it } from 'vitest';
import { oct25Batch } from '../support/fixtures';
import { platforms, slackHttp } from './platforms';
import { useContract } from './use-contract';

/** The batch's papers by upvotes, most first, as the digest must rank them. */
const byUpvotes = oct25Batch()
  .map(({ paper }) => ({ ...paper, title: paper.title.replace(/\s+/g, ' ') }))
  .sort((a, b) => b.upvotes - a.upvotes);

describe.each([...platforms, slackHttp])('the daily digest on $name', (platform) => {
  const c = useContract(platform);

  it('subscribes with one command and posts a header then the top N papers by upvotes, each with its links, at the set time', async () => {
    const subscribed = await c.asAdmin('reading-group', 'subscribe 09:00 UTC top=3');
    expect(subscribed.ephemeral).toBe(false);
    expect(subscribed.text).toContain('This channel now gets the Hugging Face Daily Papers');
    expect(subscribed.text).toContain('Posts every day at 09:00 UTC: the top 3 papers');

    expect(await c.digestsAt('2024-10-26T08:59:00Z')).toMatchObject({ posted: 0 });
    expect(await c.driver.channelMessages('reading-group')).toEqual([]);

    expect(await c.digestsAt('2024-10-26T09:00:00Z')).toMatchObject({ due: 1, posted: 3, failed: 0 });
    const [header, ...papers] = await c.driver.channelMessages('reading-group');
    expect(header?.text).toContain('Daily Papers — Fri 25 Oct · 3 new');
    expect(papers).toHaveLength(3);
    papers.forEach((message, index) => {
      const paper = byUpvotes[index];
      if (!paper) throw new Error('fixture too small');
      expect(message.text.startsWith(paper.title)).toBe(true);
      expect(message.text).toContain(String(paper.upvotes));
      expect(message.threadOf).toBeNull();
      expect(message.links).toEqual(
        expect.arrayContaining([
          { label: 'Hugging Face', url: `https://huggingface.co/papers/${paper.id}` },
          { label: 'arXiv', url: `https://arxiv.org/abs/${paper.id}` },
          { label: 'PDF', url: `https://arxiv.org/pdf/${paper.id}` },
        ]),
      );
    });
  });

  it('posts each paper once: a later tick the same day and a re-subscribe add nothing', async () => {
    await c.asAdmin('reading-group', 'subscribe 09:00 UTC top=2');
    await c.digestsAt('2024-10-26T09:00:00Z');
    await c.asAdmin('reading-group', 'subscribe 09:30 UTC top=2');
    expect(await c.digestsAt('2024-10-26T09:45:00Z')).toMatchObject({ posted: 0 });
    expect(await c.driver.channelMessages('reading-group')).toHaveLength(3);
  });
});
