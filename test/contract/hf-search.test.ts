/** Contract: search reaches past the store to Hugging Face's paper search, the same on every platform. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platforms } from './platforms';
import { useContract } from './use-contract';

const searchSample = () =>
  JSON.parse(
    readFileSync(new URL('../fixtures/hf-papers-search-sample.json', import.meta.url), 'utf8'),
  ) as unknown[];

describe.each(platforms)('search beyond the store on $name', (platform) => {
  const c = useContract(platform);
  const as = (text: string) => c.driver.runCommand({ channel: 'papers', user: 'bo', text });
  const click = (label: string) => c.driver.clickButton({ channel: 'papers', user: 'bo', label });
  const stored = () => c.t.core.sync.latestCompleteBatch(c.t.clock.now());

  it('asks Hugging Face when no stored paper matches well, marks its results and stores them', async () => {
    await stored();
    c.t.hf.setSearchResults(searchSample());
    const reply = await as('search kazakh question answering dataset');
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain(
      'No close match for "kazakh question answering dataset" among the 29 stored papers; on Hugging Face',
    );
    expect(reply.text).toContain('KazQAD: Kazakh Open-Domain Question Answering Dataset');
    expect(reply.text).toContain('From Hugging Face search');
    expect(c.t.hf.requestsFor('/api/papers/search')[0]?.query).toMatchObject({
      q: 'kazakh question answering dataset',
    });
    expect((await c.t.core.store.papers.get('2404.04487'))?.title).toBe(
      'KazQAD: Kazakh Open-Domain Question Answering Dataset',
    );
    // Stored, so the store finds it from now on, and it can be shared like any list.
    expect((await as('search kazqad')).text).toContain('Papers matching "kazqad"');
    const shared = await c.driver
      .runCommand({ channel: 'papers', user: 'bo', text: 'search kazakh question answering dataset' })
      .then(() => click('Share in channel'));
    expect(shared.ephemeral).toBe(false);
    expect(shared.text).toContain('KazQAD');
  });

  it('offers "More on Hugging Face" on a good local answer, and shows its results when pressed', async () => {
    await stored();
    c.t.hf.setSearchResults(searchSample());
    const local = await as('search contrastive loss');
    expect(local.text).toContain('Papers matching "contrastive loss"');
    expect(local.buttons).toContain('More on Hugging Face');
    expect(c.t.hf.requestsFor('/api/papers/search')).toEqual([]);
    const more = await click('More on Hugging Face');
    expect(more.text).toContain('On Hugging Face: "contrastive loss"');
    expect(more.text).toContain('From Hugging Face search');
  });

  it('still answers from the store when Hugging Face is down or slow, with the button to try again', async () => {
    await stored();
    c.t.hf.setSearchResults(searchSample());
    c.t.hf.failNext('/api/papers/search', { kind: 'status', status: 503 });
    const down = await as('search quantum computing');
    expect(down.text).not.toContain('From Hugging Face search');
    expect(down.buttons).toContain('More on Hugging Face');

    // Slower than the reply waits for: the local answer goes out without it.
    c.t.hf.failNext('/api/papers/search', { kind: 'slow', ms: 2500 });
    const slow = await as('search galaxy morphology');
    expect(slow.text).not.toContain('From Hugging Face search');
    expect(slow.buttons).toContain('More on Hugging Face');
  });
});

describe.each(platforms)('a Hugging Face search result on $name', (platform) => {
  const c = useContract(platform, { messageContent: true });

  it('is stored when shown, so a teammate sharing its link flags it like any paper without a new lookup', async () => {
    await c.t.core.sync.latestCompleteBatch(c.t.clock.now());
    c.t.hf.setSearchResults(searchSample());
    const reply = await c.driver.runCommand({
      channel: 'papers',
      user: 'bo',
      text: 'search kazakh question answering dataset',
    });
    expect(reply.text).toContain('KazQAD: Kazakh Open-Domain Question Answering Dataset');
    const shared = await c.driver.postAsUser({
      channel: 'papers',
      user: 'bo',
      text: 'for Friday: https://huggingface.co/papers/2404.04487',
    });
    await c.driver.react({ channel: 'papers', user: 'ann', messageId: shared, emoji: '🔖', action: 'added' });
    const queue = await c.driver.runCommand({ channel: 'papers', user: 'cy', text: 'queue' });
    expect(queue.text).toContain('Discussion queue · 1 paper');
    expect(queue.text).toContain('KazQAD: Kazakh Open-Domain Question Answering Dataset');
    expect(queue.text).toContain('1 flag: ann');
    expect(c.t.hf.requestsFor('/api/papers/2404.04487')).toEqual([]);
  });
});
