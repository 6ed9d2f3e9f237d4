/** Contract: only people who may manage a channel change what the bot does there; others are told privately. */
import { describe, expect, it } from 'vitest';
import { platforms } from './platforms';
import { useContract } from './use-contract';

describe.each(platforms)('channel management rights on $name', (platform) => {
  const c = useContract(platform);
  const asMember = (text: string) =>
    c.driver.runCommand({ channel: 'lobby', user: 'bo', admin: false, text });

  it("refuses a member's subscribe privately, naming who may, and the channel stays unsubscribed", async () => {
    const refused = await asMember('subscribe 09:00 UTC');
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toContain(`Only ${platform.managers} can subscribe this channel.`);

    const settings = await asMember('settings');
    expect(settings.text).toContain('Not subscribed to the daily digest');
    expect(await c.digestsAt('2024-10-26T09:00:00Z')).toMatchObject({ due: 0, posted: 0 });
    expect(await c.driver.channelMessages('lobby')).toEqual([]);
  });

  it("refuses a member's unsubscribe and settings change privately, and the digest keeps coming", async () => {
    await c.asAdmin('lobby', 'subscribe 09:00 UTC top=2');

    const unsubscribe = await asMember('unsubscribe');
    expect(unsubscribe.ephemeral).toBe(true);
    expect(unsubscribe.text).toContain(`Only ${platform.managers} can unsubscribe this channel.`);
    const agenda = await asMember('settings agenda:"fri 15:00"');
    expect(agenda.ephemeral).toBe(true);
    expect(agenda.text).toContain(`Only ${platform.managers} can change the settings of this channel.`);

    const settings = await asMember('settings');
    expect(settings.text).toContain('Posts every day at 09:00 UTC: the top 2 papers');
    expect(settings.text).toContain('Weekly agenda: off');
    expect(await c.digestsAt('2024-10-26T09:00:00Z')).toMatchObject({ posted: 2 });
    expect(await c.driver.channelMessages('lobby')).toHaveLength(3);
  });
});
