/** Contract: every `/papers` subcommand answers the same things on every platform. */
import { describe, expect, it } from 'vitest';
import { commandSpecs } from '../../commands/command-list';
import { oct25Batch } from '../support/fixtures';
import { platforms } from './platforms';
import { useContract } from './use-contract';

const pageOf = (text: string) => /Page (\d+)(?: of \d+)?/.exec(text)?.[1];

describe.each(platforms)('every subcommand on $name', (platform) => {
  const c = useContract(platform);
  const as = (user: string, text: string) => c.driver.runCommand({ channel: 'papers', user, text });
  const click = (label: string) => c.driver.clickButton({ channel: 'papers', user: 'bo', label });
  const syncBatch = () => c.t.core.sync.latestCompleteBatch(c.t.clock.now());

  it('searches privately with Next and Share, pages forward and back, and shares a page for everyone', async () => {
    await syncBatch();
    const first = await as('bo', 'search language');
    expect(first).toMatchObject({
      ephemeral: true,
      buttons: ['Next', 'Share in channel', 'More on Hugging Face'],
    });
    expect(first.text).toContain('Papers matching "language"');
    expect(pageOf(first.text)).toBe('1');

    const second = await click('Next');
    expect(second).toMatchObject({
      ephemeral: true,
      buttons: ['Previous', 'Next', 'Share in channel', 'More on Hugging Face'],
    });
    expect(pageOf(second.text)).toBe('2');
    expect(second.text).not.toEqual(first.text);

    const back = await click('Previous');
    expect(back).toEqual(first);

    // The same page, for everyone, without the buttons and the page label that only made sense privately.
    const shared = await click('Share in channel');
    expect(shared).toMatchObject({ ephemeral: false, buttons: [] });
    expect(pageOf(shared.text)).toBeUndefined();
    expect([shared.text, 'Page 1', ...first.buttons].join('\n')).toBe(first.text);
  });

  it("shows today's batch and a paper by id, arXiv URL or Hugging Face URL, privately with its links", async () => {
    const today = await as('bo', 'today');
    expect(today.ephemeral).toBe(true);
    expect(today.text).toContain('Daily Papers — Fri 25 Oct');
    expect(today.text).toContain('Breaking the Memory Barrier');
    expect(today.buttons).toContain('Share in channel');

    const papers: [string, string][] = [
      ['paper 2410.17243', 'Breaking the Memory Barrier'],
      ['paper https://arxiv.org/abs/2410.16251v2', 'Can Knowledge Editing Really Correct Hallucinations?'],
      ['paper https://huggingface.co/papers/2410.18533', 'LOGO -- Long cOntext aliGnment'],
    ];
    for (const [text, title] of papers) {
      const reply = await as('bo', text);
      expect(reply.ephemeral).toBe(true);
      expect(reply.text).toContain(title);
      for (const link of ['Hugging Face', 'arXiv', 'PDF']) expect(reply.text).toContain(link);
      expect(reply.buttons).toContain('Share in channel');
    }
    const shared = await click('Share in channel');
    expect(shared.ephemeral).toBe(false);
    expect(shared.text).toContain('LOGO -- Long cOntext aliGnment');
  });

  it('shows an unknown comment count as unknown for a paper no listing has shown', async () => {
    const flat = structuredClone(oct25Batch()[0]?.paper) as Record<string, unknown>;
    flat.id = '2411.00001';
    flat.title = 'A Paper Looked Up By Id';
    c.t.hf.setPaper('2411.00001', flat);
    const reply = await as('bo', 'paper 2411.00001');
    expect(reply.text).toContain('A Paper Looked Up By Id');
    expect(reply.text).toMatch(/💬 (comments )?unknown/);
    expect(reply.text).not.toMatch(/💬 0/);
  });

  it('answers settings, help, why and unsubscribe about this channel', async () => {
    await c.asAdmin('papers', 'subscribe 09:00 UTC top=3');
    await c.digestsAt('2024-10-26T09:00:00Z');

    const settings = await as('bo', 'settings');
    expect(settings.ephemeral).toBe(true);
    expect(settings.text).toContain('Posts every day at 09:00 UTC: the top 3 papers');
    expect(settings.text).toContain('Flag a paper for discussion with 🔖; the first flag opens a thread');

    const help = await as('bo', 'help');
    expect(help.ephemeral).toBe(true);
    for (const spec of commandSpecs) expect(help.text).toContain(`/papers ${spec.name}`);

    const posted = await as('bo', 'why 2410.17243');
    expect(posted.ephemeral).toBe(true);
    expect(posted.text).toContain('was posted here on 2024-10-26 in the 2024-10-25 digest');
    const left = await as('bo', 'why https://arxiv.org/abs/2410.18978');
    expect(left.text).toContain('ranked 6 by upvotes, and the channel takes the top 3');

    const stopped = await c.asAdmin('papers', 'unsubscribe');
    expect(stopped.ephemeral).toBe(false);
    expect(stopped.text).toContain('This channel will no longer get the Daily Papers');
    expect((await as('bo', 'settings')).text).toContain('Not subscribed to the daily digest');
    expect(await c.digestsAt('2024-10-27T09:00:00Z')).toMatchObject({ due: 0 });
  });
});
