/**
 * Contract: no text from a paper or a person pings anyone. A paper whose title and summary are full of
 * mentions and a fake link is posted, shown, looked up and flagged by someone whose name is a mention.
 */
import { describe, expect, it } from 'vitest';
import { oct25Batch, variant } from '../support/fixtures';
import { discordWire, slackWire } from './no-pings';
import { platforms } from './platforms';
import { useContract } from './use-contract';

const HOSTILE_ID = '2410.99999';
const HOSTILE_TITLE =
  '@everyone @here <!channel> <!here> <@&123> <@456> read [Hugging Face](https://evil.example/hf) <https://evil.example/a|arXiv>';

function hostileBatch() {
  const batch = oct25Batch();
  const [first] = batch;
  if (!first) throw new Error('empty fixture');
  const hostile = variant(first, {
    id: HOSTILE_ID,
    title: HOSTILE_TITLE,
    upvotes: 999,
    summary: 'Summary for @everyone and <!subteam^S123> with <https://evil.example/b|a link>.',
  });
  return [hostile, ...batch];
}

describe.each(platforms)('mentions on $name', (platform) => {
  const c = useContract(platform);

  it('shows @everyone, @here, <!channel>, role mentions and fake links as plain text and never pings', async () => {
    c.t.hf.setDay('2024-10-25', hostileBatch());
    await c.asAdmin('papers', 'subscribe 09:00 UTC top=2');
    await c.digestsAt('2024-10-26T09:00:00Z');
    const [, paper] = await c.driver.channelMessages('papers');
    if (!paper) throw new Error('no paper posted');
    expect(paper.text.startsWith(HOSTILE_TITLE)).toBe(true);
    expect(paper.text).toContain('<!subteam^S123> with <https://evil.example/b|a link>');
    for (const link of paper.links) expect(link.url).toMatch(/^https:\/\/(huggingface\.co|arxiv\.org)\//);

    const shown = await c.driver.runCommand({ channel: 'papers', user: 'bo', text: `paper ${HOSTILE_ID}` });
    expect(shown.text).toContain(HOSTILE_TITLE);
    await c.driver.clickButton({ channel: 'papers', user: 'bo', label: 'Share in channel' });
    const pinger = '@everyone <!here>';
    await c.driver.react({
      channel: 'papers',
      user: pinger,
      messageId: paper.id,
      emoji: '🔖',
      action: 'added',
    });
    const [line] = (await c.driver.channelMessages('papers')).filter((m) => m.threadOf === paper.id);
    expect(line?.text).toContain(`Flagged for discussion by ${pinger}`);

    const { driver } = c;
    if (driver.platform === 'email') throw new Error('mentions are a chat scenario');
    const wire = driver.platform === 'discord' ? discordWire(driver) : slackWire(driver);
    expect(wire.problems).toEqual([]);
    // Header, two papers, the thread line, and the answers to `paper` and to the share click.
    expect(wire.checked).toBeGreaterThanOrEqual(6);
    if (driver.platform === 'slack') expect(wire.raw).toContain('&lt;!channel&gt;');
    else expect(wire.raw).toContain('\\\\[Hugging Face\\\\]');
  });
});
