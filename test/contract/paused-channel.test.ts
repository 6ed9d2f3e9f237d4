/** Contract: a channel the bot can no longer post in pauses only its own subscription, and says why. */
import { describe, expect, it } from 'vitest';
import { oct25Batch, variant } from '../support/fixtures';
import { type ChannelLoss, email, platforms } from './platforms';
import { type Contract, useContract } from './use-contract';

describe.each([...platforms, email])('channels the bot lost on $name', (platform) => {
  const c = useContract(platform);

  it.each<ChannelLoss>(['revoked', 'closed'])(
    'pauses only the subscription of a %s channel; another channel still gets its digest, the next day too',
    async (how) => {
      await c.asAdmin('open', 'subscribe 09:00 UTC top=2');
      await c.asAdmin('lost', 'subscribe 09:00 UTC top=2');
      c.side.cutOff('lost', how);

      expect(await c.digestsAt('2024-10-26T09:00:00Z')).toMatchObject({ due: 2, posted: 2 });
      expect(await c.driver.channelMessages('open')).toHaveLength(3);
      expect(await c.driver.channelMessages('lost')).toEqual([]);
      expect(
        (await c.t.core.store.subscriptions.get(c.driver.channelRef('lost')))?.pausedReason,
      ).toBeTruthy();

      const settings = (channel: string) => c.driver.runCommand({ channel, user: 'bo', text: 'settings' });
      expect((await settings('open')).text).not.toContain('Paused');
      if (how === 'revoked') {
        // People can still run commands in a channel the bot may not post in; they are told why.
        expect((await settings('lost')).text).toContain('Subscribe again once the bot can post here.');
      }

      c.t.hf.setDay('2024-10-26', saturdayBatch());
      const tries = postsTo(c, 'lost');
      expect(await c.digestsAt('2024-10-27T09:00:00Z')).toMatchObject({ due: 1, posted: 2 });
      expect(await c.driver.channelMessages('open')).toHaveLength(6);
      expect(postsTo(c, 'lost')).toBe(tries);
    },
  );
});

function saturdayBatch() {
  const [item] = oct25Batch();
  if (!item) throw new Error('empty fixture');
  const on = '2024-10-26T00:00:00Z';
  return [
    variant(item, { id: '2410.20001', title: 'A Saturday paper', upvotes: 50, submittedOnDailyAt: on }),
    variant(item, { id: '2410.20002', title: 'Another Saturday paper', upvotes: 40, submittedOnDailyAt: on }),
  ];
}

/** How many times the bot tried to post into `channel`, from the fake's record. */
function postsTo(c: Contract, channel: string): number {
  const { driver } = c;
  const id = driver.channelRef(channel).channelId;
  if (driver.platform === 'discord')
    return driver.harness.fake.requestsTo('POST', new RegExp(`^/channels/${id}/messages$`)).length;
  if (driver.platform === 'email') return driver.attemptsTo(channel);
  return driver.harness.fake.callsTo('chat.postMessage').filter((call) => call.args.channel === id).length;
}
