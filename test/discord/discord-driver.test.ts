/** The contract-suite driver itself, exercised against the real core the way the shared scenarios will. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandSpecs } from '../../commands/command-list';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';
import { DiscordDriver, NotSendableOnDiscord, slashFromText } from './discord-driver';
import { asSeen } from './discord-seen';

describe('Discord contract driver', () => {
  let t: TestCore;
  let driver: DiscordDriver;
  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T08:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    driver = await DiscordDriver.start({ commands: t.core.commands });
    t.core.ports.register(driver.port);
  });
  afterEach(async () => {
    await driver.close();
    await t.close();
  });

  const digest = async (channel: string, top = 3) => {
    await driver.runCommand({ channel, user: 'ada', admin: true, text: `subscribe 09:00 UTC top=${top}` });
    t.clock.set('2024-10-26T09:00:00Z');
    await t.core.digests.runDueDigests(t.clock.now());
    return driver.channelMessages(channel);
  };

  it('turns command text into typed slash options as the Discord client would', () => {
    expect(
      slashFromText(
        'subscribe 08:30 Europe/Paris top=5 post_empty=yes include="diffusion, llm"',
        commandSpecs,
      ),
    ).toEqual({
      sub: 'subscribe',
      options: [
        { name: 'time', type: 3, value: '08:30' },
        { name: 'timezone', type: 3, value: 'Europe/Paris' },
        { name: 'top', type: 4, value: 5 },
        { name: 'post_empty', type: 5, value: true },
        { name: 'include', type: 3, value: 'diffusion, llm' },
      ],
    });
    expect(slashFromText('search diffusion since:7d', commandSpecs)).toEqual({
      sub: 'search',
      options: [{ name: 'query', type: 3, value: 'diffusion since:7d' }],
    });
  });

  it('refuses input the Discord client could not send', () => {
    expect(() => slashFromText('frobnicate', commandSpecs)).toThrow(NotSendableOnDiscord);
    expect(() => slashFromText('subscribe top=lots', commandSpecs)).toThrow(/whole number/);
    expect(() => slashFromText('subscribe top=500', commandSpecs)).toThrow(/between 1 and 50/);
    expect(() => slashFromText('paper', commandSpecs)).toThrow(/requires the id option/);
  });

  it('runs commands in named channels and shows the digest the core posts there', async () => {
    const messages = await digest('reading-group');
    expect(messages).toHaveLength(4);
    expect(messages[0]?.text).toMatch(
      /^Daily Papers — Fri 25 Oct · top 3 of 29\nref pb:run:\d+\nAll 29 papers of the day on Hugging Face$/,
    );
    expect(messages[1]?.buttons.slice(0, 3)).toEqual(['Hugging Face', 'arXiv', 'PDF']);
    expect(messages.every((message) => message.threadOf === null)).toBe(true);
  });

  it('pages and shares a private list by button label', async () => {
    await digest('reading-group');
    const list = await driver.runCommand({ channel: 'reading-group', user: 'bo', text: 'search language' });
    expect(list).toMatchObject({
      ephemeral: true,
      buttons: ['Next', 'Share in channel', 'More on Hugging Face'],
    });
    expect(list.text).toContain('Papers matching "language"');
    const next = await driver.clickButton({ channel: 'reading-group', user: 'bo', label: 'Next' });
    expect(next.buttons).toEqual(['Previous', 'Next', 'Share in channel', 'More on Hugging Face']);
    const shared = await driver.clickButton({
      channel: 'reading-group',
      user: 'bo',
      label: 'Share in channel',
    });
    expect(shared.ephemeral).toBe(false);
  });

  it('reports reactions once the core has them, and shows thread lines under the message', async () => {
    const [, paper] = await digest('reading-group', 1);
    if (!paper) throw new Error('no paper posted');
    await driver.react({
      channel: 'reading-group',
      user: 'cy',
      messageId: paper.id,
      emoji: 'bookmark',
      action: 'added',
    });
    const messages = await driver.channelMessages('reading-group');
    expect(messages.at(-1)).toMatchObject({ threadOf: paper.id, text: '🔖 Flagged for discussion by cy.' });
  });

  it("posts as a user and never lists those messages as the bot's", async () => {
    const id = await driver.postAsUser({
      channel: 'lobby',
      user: 'di',
      text: 'https://arxiv.org/abs/2410.17243',
    });
    expect(id).toMatch(/^\d+$/);
    await expect(driver.channelMessages('lobby')).resolves.toEqual([]);
  });

  it('reads markdown as it is shown', () => {
    expect(
      asSeen('**Title** \\*not bold\\* [Hugging Face](https://huggingface.co/papers/1)\n-# ref pb:1:2'),
    ).toBe('Title *not bold* Hugging Face\nref pb:1:2');
  });
});
