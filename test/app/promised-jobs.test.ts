/**
 * The check that keeps promises and the scheduler together: the running bot's jobs are exactly the README's
 * "What runs on its own" table, and every line of the README or `/papers help` that promises something at a
 * time ("daily", "weekly", "every …", "how often") belongs to one of those jobs. A new timed feature that is
 * documented but not scheduled, or scheduled but not documented, fails here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotHarness } from '../support/bot-harness';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** Timing words; "Daily Papers" is the product's name, not a promise. */
const timed =
  /\b(daily|weekly|hourly|nightly|every (?:minute|hour|day|week|\d+)|each day|each week|once a (?:day|week)|how often)\b/i;

/** The words that tie a promise to the job that keeps it. */
const jobWords: Record<string, RegExp> = {
  digests: /digest|posts each day/i,
  agendas: /agenda/i,
  refresh: /re-?fetch|refresh/i,
  'failed-days': /failed to serve|keeps failing/i,
  prune: /prune|older than|kept/i,
};

function tableJobs(markdown: string): string[] {
  const section = markdown.split('## What runs on its own')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((match) => match[1] ?? '');
}

let bot: BotHarness;
let helpText = '';
beforeAll(async () => {
  bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', discord: null });
  const reply = await bot.core.commands.execute(
    { name: 'help', options: {} },
    {
      channel: { platform: 'console', workspaceId: 'local', channelId: 'terminal' },
      userId: 'you',
      canManageChannel: true,
      manageChannelRequirement: 'anyone',
      commandPrefix: '/papers',
    },
  );
  helpText = reply.kind === 'text' ? reply.text : '';
});
afterAll(() => bot.stop());

describe('scheduled jobs against promises', () => {
  it('schedules exactly the jobs the README lists, in its order', () => {
    expect(tableJobs(readme)).toEqual(['digests', 'agendas', 'refresh', 'failed-days', 'prune']);
    expect(bot.started.jobs).toEqual(tableJobs(readme));
  });

  it('ties every timed promise of the README and /papers help to a scheduled job', () => {
    expect(helpText).toContain('daily digest');
    const lines = [...readme.split('\n'), ...helpText.split('\n')]
      .map((line) => line.replace(/Daily Papers/g, ''))
      .filter((line) => timed.test(line));
    expect(lines.length).toBeGreaterThan(4);
    const orphans = lines.filter((line) =>
      bot.started.jobs.every((job) => !(jobWords[job] ?? /$^/).test(line)),
    );
    expect(orphans).toEqual([]);
    for (const job of bot.started.jobs)
      expect(
        lines.some((line) => jobWords[job]?.test(line)),
        `a promise for ${job}`,
      ).toBe(true);
  });
});
