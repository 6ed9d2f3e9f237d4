/**
 * Contract: the discussion story of issue 6. A reaction flags a paper, the first flag opens one thread,
 * the queue counts flaggers, a withdrawn reaction withdraws a flag, `discussed` moves the paper to the
 * history, a replayed event counts once, and the weekly agenda is posted at its local time.
 */
import { describe, expect, it } from 'vitest';
import { discord, platforms } from './platforms';
import { type Contract, useContract } from './use-contract';

const TOP = { id: '2410.17243', title: 'Breaking the Memory Barrier' };

/** Subscribes `papers` (11:00 in Paris, 09:00 UTC that Saturday), posts the digest, returns the top paper. */
async function digestPosted(c: Contract) {
  await c.asAdmin('papers', 'subscribe 11:00 Europe/Paris top=3');
  await c.digestsAt('2024-10-26T09:00:00Z');
  const [, top] = await c.driver.channelMessages('papers');
  if (!top?.text.startsWith(TOP.title)) throw new Error('the top paper was not posted');
  return top;
}

describe.each(platforms)('the discussion queue on $name', (platform) => {
  const c = useContract(platform);
  const as = (user: string, text: string) => c.driver.runCommand({ channel: 'papers', user, text });
  const flag = async (user: string, messageId: string, action: 'added' | 'removed', emoji = '🔖') =>
    await c.driver.react({ channel: 'papers', user, messageId, emoji, action });
  /** Every message the bot posted in any thread of the channel. */
  const inThreads = async () =>
    (await c.driver.channelMessages('papers')).filter((message) => message.threadOf !== null);

  it('turns two 🔖 reactions into one thread and two flaggers, a withdrawn reaction into one, then discussed and history', async () => {
    const paper = await digestPosted(c);
    await flag('ann', paper.id, 'added');
    await flag('bo', paper.id, 'added', 'bookmark');

    const threaded = await inThreads();
    expect(threaded.every((message) => message.threadOf === paper.id)).toBe(true);
    expect(threaded.map((message) => message.text)).toEqual([
      '🔖 Flagged for discussion by ann.',
      '🔖 bo flagged this too (2 flags).',
    ]);

    const queue = await as('cy', 'queue');
    expect(queue.ephemeral).toBe(true);
    expect(queue.text).toContain('Discussion queue · 1 paper');
    expect(queue.text).toContain(TOP.title);
    expect(queue.text).toContain('2 flags: ann, bo · discuss: https://');

    await flag('bo', paper.id, 'removed', 'bookmark');
    expect((await as('cy', 'queue')).text).toContain('1 flag: ann');
    expect(await inThreads()).toHaveLength(2);

    const discussed = await as('ann', `discussed ${TOP.id}`);
    expect(discussed.ephemeral).toBe(false);
    expect(discussed.text).toContain(`Moved "${TOP.title}`);
    expect((await as('cy', 'queue')).text).toContain('Discussion queue · 0 papers');
    const history = await as('cy', 'history');
    expect(history.text).toContain(TOP.title);
    expect(history.text).toContain('discussed 2024-10-26 · 1 flag: ann');
  });

  it('keeps a discussed paper in the history when it is flagged again, and says when it was already discussed', async () => {
    const paper = await digestPosted(c);
    await flag('ann', paper.id, 'added');
    await as('ann', `discussed ${TOP.id}`);
    const twice = await as('ann', `discussed ${TOP.id}`);
    expect(twice.text).toContain(`${TOP.id} was already discussed on 2024-10-26`);

    // Flagged again later, by the same person as before: a new round on the queue, the old one kept.
    c.t.clock.set('2024-10-28T10:00:00Z');
    await flag('ann', paper.id, 'removed');
    await flag('ann', paper.id, 'added');
    const queue = await as('cy', 'queue');
    expect(queue.text).toContain('Discussion queue · 1 paper');
    expect(queue.text).toContain('1 flag: ann');
    const history = await as('cy', 'history');
    expect(history.text).toContain(TOP.title);
    expect(history.text).toContain('discussed 2024-10-26 · 1 flag: ann · back on the queue');

    await as('bo', `discussed ${TOP.id}`);
    const both = (await as('cy', 'history')).text;
    expect(both.indexOf('discussed 2024-10-28')).toBeGreaterThan(-1);
    expect(both.indexOf('discussed 2024-10-28')).toBeLessThan(both.indexOf('discussed 2024-10-26'));
  });

  it('counts a replayed reaction event once, and a second flag by the same person not at all', async () => {
    const paper = await digestPosted(c);
    await flag('ann', paper.id, 'added');
    await c.driver.replayLastReaction();
    await flag('bo', paper.id, 'added');
    await c.driver.replayLastReaction();
    await c.driver.replayLastReaction();
    await flag('ann', paper.id, 'added', 'bookmark');

    expect((await as('cy', 'queue')).text).toContain('2 flags: ann, bo');
    expect((await inThreads()).map((message) => message.text)).toEqual([
      '🔖 Flagged for discussion by ann.',
      '🔖 bo flagged this too (2 flags).',
    ]);
  });

  it('ignores other emoji and reactions on messages that are not papers', async () => {
    const paper = await digestPosted(c);
    const [header] = await c.driver.channelMessages('papers');
    await flag('ann', paper.id, 'added', '👍');
    if (header) await flag('ann', header.id, 'added');
    const chatter = await c.driver.postAsUser({ channel: 'papers', user: 'bo', text: 'lunch?' });
    await flag('ann', chatter, 'added');
    expect((await as('cy', 'queue')).text).toContain('Discussion queue · 0 papers');
    expect(await inThreads()).toEqual([]);
  });

  it('posts the weekly agenda at its time in the channel’s time zone, once', async () => {
    const paper = await digestPosted(c);
    await flag('ann', paper.id, 'added');
    const set = await c.asAdmin('papers', 'settings agenda:"fri 15:00"');
    expect(set.text).toContain('Weekly agenda: Fri 15:00 Europe/Paris');
    const agendas = async () =>
      (await c.driver.channelMessages('papers')).filter((message) => message.text.includes('agenda'));

    // Friday 1 November: Paris is on winter time (UTC+1), so 15:00 there is 14:00 UTC.
    c.t.clock.set('2024-11-01T13:59:00Z');
    expect(await c.t.core.discussion.runDueAgendas(c.t.clock.now())).toBe(0);
    expect(await agendas()).toEqual([]);
    c.t.clock.set('2024-11-01T14:00:00Z');
    expect(await c.t.core.discussion.runDueAgendas(c.t.clock.now())).toBe(1);
    expect(await c.t.core.discussion.runDueAgendas(c.t.clock.now())).toBe(0);

    const [agenda, ...more] = await agendas();
    expect(more).toEqual([]);
    expect(agenda?.threadOf).toBeNull();
    expect(agenda?.text).toContain('Reading-group agenda: 1 paper on the queue');
    expect(agenda?.text).toContain(`1. ${TOP.title}`);
    expect(agenda?.text).toContain('1 flag (ann)');
  });
});

describe.each(platforms)('a paper a teammate shared on $name', (platform) => {
  // Discord shows the bot other people's messages only with the privileged Message Content intent.
  const c = useContract(platform, { messageContent: true });

  it('is flagged from its arXiv link: stored, threaded and queued', async () => {
    const shared = await c.driver.postAsUser({
      channel: 'papers',
      user: 'bo',
      text: 'worth a read https://arxiv.org/abs/2410.18533',
    });
    await c.driver.react({ channel: 'papers', user: 'ann', messageId: shared, emoji: '🔖', action: 'added' });
    const thread = (await c.driver.channelMessages('papers')).filter((m) => m.threadOf === shared);
    expect(thread.map((message) => message.text)).toEqual(['🔖 Flagged for discussion by ann.']);
    const queue = await c.driver.runCommand({ channel: 'papers', user: 'cy', text: 'queue' });
    expect(queue.text).toContain('LOGO -- Long cOntext aliGnment');
    expect(queue.text).toContain('1 flag: ann');
  });
});

describe('a paper a teammate shared on Discord without the Message Content intent', () => {
  const c = useContract(discord);

  it('cannot be read, so a 🔖 on it flags nothing (the documented DISCORD_MESSAGE_CONTENT limitation)', async () => {
    const shared = await c.driver.postAsUser({
      channel: 'papers',
      user: 'bo',
      text: 'worth a read https://arxiv.org/abs/2410.18533',
    });
    await c.driver.react({ channel: 'papers', user: 'ann', messageId: shared, emoji: '🔖', action: 'added' });
    expect(await c.driver.channelMessages('papers')).toEqual([]);
    const queue = await c.driver.runCommand({ channel: 'papers', user: 'cy', text: 'queue' });
    expect(queue.text).toContain('Discussion queue · 0 papers');
  });
});
