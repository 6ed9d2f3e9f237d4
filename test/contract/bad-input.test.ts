/**
 * Contract: bad input gets a private answer that says what is wrong and how to write it, and changes
 * nothing. Input Discord's own client cannot send (an unknown subcommand, a word where a number goes, an
 * over-long option) is refused by Discord before it reaches the bot; Slack sends it, and the bot explains.
 */
import { describe, expect, it } from 'vitest';
import { NotSendableOnDiscord } from '../discord/discord-driver';
import { platforms } from './platforms';
import { useContract } from './use-contract';

/** Input both platforms can send, and what the answer must say. */
const mistakes: [string, string[]][] = [
  ['subscribe 25:00', ['"25:00" is not a time of day', 'e.g. 09:00']],
  ['subscribe 09:00 Moon/Base', ['"Moon/Base" is not an IANA zone', 'Europe/Paris']],
  ['subscribe 09:00 weekdays=someday', ['"someday" is not a list of days', 'mon-fri']],
  ['subscribe source=rss', ['source "rss" is not a digest source', 'source=daily', 'source=trending']],
  ['settings agenda:"someday 15:00"', ['not a weekly slot', 'agenda:"fri 15:00"']],
  ['settings flag_emoji=banana', ['flag_emoji must be one emoji', '🔖']],
  ['paper not-a-paper', ['"not-a-paper" is not an arXiv id or paper URL', '2410.17243']],
  ['search since:yesterdayish diffusion', ['"yesterdayish" is not a date or an age', 'since:7d']],
  ['discussed 2410.17243', ["not on this channel's discussion queue", '/papers queue']],
];

/** Input only Slack can send, and what the bot answers there. */
const unsendableOnDiscord: [string, string][] = [
  ['frobnicate', 'Unknown subcommand "frobnicate". Try one of: search, today, paper'],
  ['subscribe top=lots', 'top must be a whole number from 1 to 50'],
  ['subscribe top=0', 'top must be at least 1'],
  [`search ${'graph '.repeat(70)}`, 'the query is too long: at most 300 characters'],
  [`search ${'x'.repeat(100_000)}`, 'That command is 100,007 characters long; the limit is 2,000.'],
];

describe.each(platforms)('bad input on $name', (platform) => {
  const c = useContract(platform);

  it('answers each mistake privately with what is wrong and an example, and changes nothing', async () => {
    for (const [text, says] of mistakes) {
      const reply = await c.asAdmin('papers', text);
      expect(reply.ephemeral, text).toBe(true);
      for (const part of says) expect(reply.text, text).toContain(part);
    }
    const settings = await c.asAdmin('papers', 'settings');
    expect(settings.text).toContain('Not subscribed to the daily digest');
    expect(settings.text).toContain('Flag a paper for discussion with 🔖');
    expect(await c.digestsAt('2024-10-26T09:00:00Z')).toMatchObject({ due: 0 });
    expect(await c.driver.channelMessages('papers')).toEqual([]);
  });

  it('explains input Discord cannot send when Slack sends it; Discord refuses it before the bot', async () => {
    for (const [text, says] of unsendableOnDiscord) {
      const sent = c.asAdmin('papers', text);
      if (c.driver.platform === 'discord') {
        await expect(sent, text.slice(0, 40)).rejects.toThrow(NotSendableOnDiscord);
        continue;
      }
      const reply = await sent;
      expect(reply.ephemeral).toBe(true);
      expect(reply.text).toContain(says);
    }
    expect(await c.driver.channelMessages('papers')).toEqual([]);
  });
});
