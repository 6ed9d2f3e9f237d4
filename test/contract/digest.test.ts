/** Contract: one command subscribes a channel, and the digest arrives there at the set time, once. */
import { describe, expect, it } from 'vitest';
import { oct25Batch } from '../support/fixtures';
import { email, platforms, slackHttp } from './platforms';
import { useContract } from './use-contract';

/** The batch's papers by upvotes, most first, as the digest must rank them. */
const byUpvotes = oct25Batch()
  .map(({ paper }) => ({ ...paper, title: paper.title.replace(/\s+/g, ' ') }))
  .sort((a, b) => b.upvotes - a.upvotes);

describe.each([...platforms, slackHttp, email])('the daily digest on $name', (platform) => {
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
    expect(header?.text).toContain('Daily Papers — Fri 25 Oct · top 3 of 29');
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

  it('shows what Hugging Face lists for a paper: figure, video, submitter, discussion, arXiv date, author count, organisation avatar', async () => {
    const batch = oct25Batch();
    const top = batch.find((item) => item.paper.id === '2410.17243');
    if (!top) throw new Error('fixture changed');
    const avatar = 'https://cdn-avatars.huggingface.co/v1/production/uploads/alibaba-damo.png';
    top.organization = { name: 'DAMO-NLP-SG', fullname: 'DAMO Academy', avatar };
    c.t.hf.setDay('2024-10-25', batch);
    await c.asAdmin('reading-group', 'subscribe 09:00 UTC top=29');
    await c.digestsAt('2024-10-26T09:00:00Z');
    const [header, ...papers] = await c.driver.channelMessages('reading-group');

    expect(header?.text).toContain('Daily Papers — Fri 25 Oct · 29 papers');
    expect(header?.links).toEqual([
      {
        label: 'All 29 papers of the day on Hugging Face',
        url: 'https://huggingface.co/papers/date/2024-10-25',
      },
    ]);
    const card = papers.find((message) => message.text.includes('Breaking the Memory Barrier'));
    expect(card?.text).toContain('Zesen Cheng, Hang Zhang, Kehan Li +6 more');
    expect(card?.text).toContain('Zesen Cheng');
    expect(card?.text).toMatch(/Submitted by\nZesen Cheng|submitted by Zesen Cheng/);
    expect(card?.text).toMatch(/arXiv (2410\.17243 \()?2024-10-22/);
    expect(card?.text).toContain('DAMO Academy');
    expect(card?.images).toEqual(
      expect.arrayContaining([
        'https://cdn-uploads.huggingface.co/production/uploads/65b2529285b6c21448a10d65/mw9sCBrGyt97zD4dXEem1.png',
        avatar,
      ]),
    );
    expect(card?.links).toContainEqual({
      label: 'Discussion',
      url: 'https://huggingface.co/papers/2410.17243#community',
    });
    const withVideo = papers.find((message) => message.links.some((link) => link.label === 'Video'));
    expect(withVideo?.links.find((link) => link.label === 'Video')?.url).toMatch(/\.mp4$/);
  });

  it('posts each paper once: a later tick the same day and a re-subscribe add nothing', async () => {
    await c.asAdmin('reading-group', 'subscribe 09:00 UTC top=2');
    await c.digestsAt('2024-10-26T09:00:00Z');
    await c.asAdmin('reading-group', 'subscribe 09:30 UTC top=2');
    expect(await c.digestsAt('2024-10-26T09:45:00Z')).toMatchObject({ posted: 0 });
    expect(await c.driver.channelMessages('reading-group')).toHaveLength(3);
  });
});
