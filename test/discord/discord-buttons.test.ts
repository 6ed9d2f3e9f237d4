import { ApplicationCommandOptionType as T } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonInteraction } from '../fakes/discord/fake-payloads';
import type { FakeMessage } from '../fakes/discord/fake-types';
import { buttonLabels, Harness, PAPERS_CHANNEL } from './discord-harness';

const EPHEMERAL = 64;

describe('Discord autocomplete and list buttons', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterAll(async () => await harness.close());

  const searchList = async (query = 'diffusion') => {
    const { answer } = await harness.slash('search', [{ name: 'query', type: T.String, value: query }]);
    if (!answer.message) throw new Error('no list');
    return harness.fake.store.message(answer.message.id) as FakeMessage;
  };

  it('suggests IANA time zones for what the user typed, at most 25, as an autocomplete answer', async () => {
    const { answer } = await harness.autocomplete('subscribe', [
      { name: 'time', type: T.String, value: '09:00' },
      { name: 'timezone', type: T.String, value: 'Europe/Par', focused: true },
    ]);
    expect(answer.callbackType).toBe(8);
    expect(answer.choices).toEqual([{ name: 'Europe/Paris', value: 'Europe/Paris' }]);
    expect(harness.commands.timezonePrefixes.at(-1)).toBe('Europe/Par');

    const broad = await harness.autocomplete('subscribe', [
      { name: 'timezone', type: T.String, value: 'a', focused: true },
    ]);
    expect(broad.answer.choices).toHaveLength(25);
    expect(broad.answer.choices?.every((choice) => String(choice.value).toLowerCase().startsWith('a'))).toBe(
      true,
    );
  });

  it('answers autocomplete on other options with no suggestions', async () => {
    const { answer } = await harness.autocomplete('subscribe', [
      { name: 'include', type: T.String, value: 'dif', focused: true },
    ]);
    expect(answer).toMatchObject({ callbackType: 8, choices: [] });
  });

  it('pages a private list in place with Next and Previous', async () => {
    const list = await searchList();
    const next = await harness.click(list, 'Next');
    expect(next.answer.callbackType).toBe(7);
    expect(next.answer.message?.id).toBe(list.id);
    expect(next.answer.message?.embeds[0]?.footer?.text).toBe('Page 2 of 3');
    expect(next.answer.message?.embeds[0]?.fields?.[0]?.name).toMatch(/^1\. Paper number 6/);
    expect(buttonLabels(next.answer.message)).toEqual(['Previous', 'Next', 'Share in channel']);
    expect(harness.commands.calls.entries.at(-1)).toMatchObject({
      kind: 'execute',
      name: 'search',
      options: { query: 'diffusion', page: 1 },
    });

    const paged = harness.fake.store.message(list.id) as FakeMessage;
    const back = await harness.click(paged, 'Previous');
    expect(back.answer.message?.embeds[0]?.footer?.text).toBe('Page 1 of 3');
    expect(buttonLabels(back.answer.message)).toEqual(['Next', 'Share in channel']);
  });

  it('posts a list to the channel for everyone when "Share in channel" is clicked', async () => {
    const list = await searchList('agents');
    const before = harness.fake.store.channelHistory(PAPERS_CHANNEL).length;
    const { answer } = await harness.click(list, 'Share in channel');
    expect(answer).toMatchObject({ kind: 'callback', callbackType: 4 });
    expect((answer.message?.flags ?? 0) & EPHEMERAL).toBe(0);
    expect(answer.message?.embeds[0]?.title).toBe('Search: agents');
    expect(buttonLabels(answer.message)).toEqual([]);
    expect(harness.fake.store.channelHistory(PAPERS_CHANNEL)).toHaveLength(before + 1);
    // The private list the user clicked on is left as it was.
    expect(buttonLabels(harness.fake.store.message(list.id))).toEqual(['Next', 'Share in channel']);
  });

  it('defers a slow page change and edits the list afterwards', async () => {
    const list = await searchList('slow paging');
    const hold = harness.commands.hold('search');
    const record = harness.press(list, 'Next');
    await harness.fake.outputs.waitFor(
      (o) => o.interactionId === record.id && o.callbackType === 6,
      'a deferred update',
    );
    hold.release();
    const answer = await harness.fake.waitForAnswer(record.id);
    expect(answer.kind).toBe('edit');
    expect(answer.message?.id).toBe(list.id);
    expect(answer.message?.embeds[0]?.footer?.text).toBe('Page 2 of 3');
  });

  it('answers an expired button privately without touching the list', async () => {
    const list = await searchList('stale');
    const payload = buttonInteraction(harness.base(), list, 'papers:resume:no-such-token');
    const record = harness.fake.injectInteraction(payload);
    const answer = await harness.fake.waitForAnswer(record.id);
    expect(answer).toMatchObject({ kind: 'callback', callbackType: 4 });
    expect(answer.message?.content).toBe('⚠️ These buttons have expired. Run the command again.');
    expect((answer.message?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(harness.fake.store.message(list.id)?.embeds[0]?.title).toBe('Search: stale');
  });

  it('ignores buttons that are not its own', async () => {
    const list = await searchList('foreign');
    const foreign = harness.fake.injectInteraction(
      buttonInteraction(harness.base(), list, 'other-bot:do-something'),
    );
    const marker = await harness.slash('help');
    expect(marker.answer.message?.content).toMatch(/papers search/);
    expect(foreign.outputs).toEqual([]);
  });
});
