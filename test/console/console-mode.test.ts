import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';
import { trendingList } from '../support/trending';

describe('console mode, started as a process and driven through its prompt', () => {
  let hf: FakeHfServer;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-console-'));

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
  });
  afterAll(() => hf.stop());

  it('says which adapters are off and why, prints the latest digest, and answers commands', async () => {
    // The fake serves a batch for "yesterday" whatever today is, so the real clock finds it.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    hf.setDay(yesterday, oct25Batch()).setDay(dayBefore, oct25Batch());
    const input = [
      '/papers search contrastive loss',
      'next',
      'subscribe 25:00',
      'subscribe 08:30 Europe/Paris top=3',
      'settings',
      'exit',
      '',
    ].join('\n');
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: join(cwd, 'bot.db') },
      cwd,
      input,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Discord: off (DISCORD_TOKEN and DISCORD_APPLICATION_ID not set)');
    expect(run.stdout).toContain('Slack: off (SLACK_BOT_TOKEN not set)');
    // One banner line per platform module, in its own words.
    expect(run.stdout).toContain('Email: off (SMTP_URL not set)');
    expect(run.stdout).toMatch(/📰 Daily Papers — \w{3} \d{1,2} \w{3} · top 10 of 29/);
    expect(run.stdout).toMatch(
      /Breaking the Memory Barrier: Near Infinite Batch Size Scaling for Contrastive Loss {2}\[2410\.17243\]\n(.*\n){3,5} {3}\[m2\] react m2 to flag it/,
    );
    expect(run.stdout).toContain('Papers matching "contrastive loss"');
    expect(run.stdout).toContain('✖ time "25:00" is not a time of day');
    expect(run.stdout).toContain('Posts every day at 08:30 Europe/Paris: the top 3 papers');
    expect(run.stderr).not.toContain('"level":50');
  });

  it('shows the trending list, pages it with next, and subscribes the terminal to trending papers', async () => {
    hf.setTrending(trendingList());
    const input = [
      'trending',
      'next',
      'subscribe top=3 source=trending',
      'subscribe source=hourly',
      'exit',
      '',
    ];
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: join(cwd, 'trending.db') },
      cwd,
      input: input.join('\n'),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Trending on Hugging Face');
    expect(run.stdout).toMatch(
      /Large Multimodal Models as General In-Context Classifiers {2}\[2602\.23229\]/,
    );
    expect(run.stdout).toContain("🔥 #1 on Hugging Face's trending list");
    expect(run.stdout).toContain("🔥 #6 on Hugging Face's trending list");
    expect(run.stdout).toContain("Source: Hugging Face's trending list, papers not posted here before");
    expect(run.stdout).toContain('✖ source "hourly" is not a digest source; use source=daily');
    expect(run.stderr).not.toContain('"level":50');
  });

  it('searches with operators, refuses text without words, and reaches Hugging Face with `hf`', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    hf.setDay(yesterday, oct25Batch());
    hf.setSearchResults(
      JSON.parse(readFileSync(new URL('../fixtures/hf-papers-search-sample.json', import.meta.url), 'utf8')),
    );
    const input = [
      'search kazakh question answering dataset',
      'search video -diffusion',
      'hf',
      'search 🔥🔥🔥',
      'search -diffusion',
      'exit',
      '',
    ].join('\n');
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: join(cwd, 'search.db') },
      cwd,
      input,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Papers matching "video -diffusion"');
    expect(run.stdout).toContain('`hf` (more on Hugging Face)');
    expect(run.stdout).toContain('On Hugging Face: "video -diffusion"');
    expect(run.stdout).toContain('🤗 From Hugging Face search');
    expect(run.stdout).toContain('✖ "🔥🔥🔥" has no searchable words');
    expect(run.stdout).toContain('✖ "-diffusion" only leaves papers out');
    expect(run.stdout).toContain(
      'No close match for "kazakh question answering dataset" among the 29 stored papers; on Hugging Face',
    );
    expect(run.stdout).toContain('KazQAD: Kazakh Open-Domain Question Answering Dataset');
  });

  it('runs offline with --demo on the bundled batch, trending list included', async () => {
    const run = await runCli(['start', '--demo'], {
      env: { HF_BASE_URL: 'http://127.0.0.1:9' },
      cwd,
      input: 'paper 2410.18975\ntrending\nexit\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('demo: a real batch from 2024-10-25');
    expect(run.stdout).toContain('Daily Papers — Fri 25 Oct · top 10 of 29');
    expect(run.stdout).toContain('Unbounded: A Generative Infinite Game of Character Life Simulation');
    // The demo's trending list is the bundled day, so `trending` shows something offline too.
    expect(run.stdout).toContain(
      'Trending on Hugging Face\n1. Breaking the Memory Barrier: Near Infinite Batch Size Scaling for Contrastive Loss',
    );
  });

  it('turns typed reactions into the discussion queue: flag, second flag, withdraw, discussed, history', async () => {
    const input = [
      'react m3 as ada',
      'react m3 as bob',
      'queue',
      'unreact m3 as bob',
      'react https://arxiv.org/abs/2410.18975 as cat',
      'queue',
      'discussed 2410.16251',
      'history',
      'exit',
      '',
    ].join('\n');
    const run = await runCli(['start', '--demo'], { env: {}, cwd, input });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('🧵 Thread on m3: Can Knowledge Editing Really Correct Hallucinations?');
    expect(run.stdout).toContain('🔖 Flagged for discussion by ada.');
    expect(run.stdout).toContain('🔖 bob flagged this too (2 flags).');
    expect(run.stdout).toContain('2 flags: ada, bob');
    expect(run.stdout).toContain('Discussion queue · 2 papers');
    expect(run.stdout).toContain('1 flag: ada');
    expect(run.stdout).toContain('1 flag: cat');
    expect(run.stdout).toContain(
      '✔ Moved "Can Knowledge Editing Really Correct Hallucinations?" to the channel\'s history.',
    );
    expect(run.stdout.split('Discussed in this channel')[1]).toContain('[2410.16251]');
  });

  it('is one person at the terminal: a typed reaction and a command act as the same user', async () => {
    const input = ['react m3', 'queue', 'unflag 2410.16251', 'queue', 'help', 'exit', ''].join('\n');
    const run = await runCli(['start', '--demo'], { env: {}, cwd, input });
    expect(run.stdout).toContain('In the terminal:\n• `next` (or `more`): the next page of the last list');
    expect(run.stdout).toContain('add `as <name>` to act as a teammate');
    expect(run.stdout).toContain('Daily digest defaults (subscribe): 09:00 UTC, every day, top 10');
    expect(run.stdout).toContain(
      'Flagged 2410.16251 — Can Knowledge Editing Really Correct Hallucinations? for discussion (thread on m3).',
    );
    expect(run.stdout).toContain('1 flag: you');
    expect(run.stdout).toContain('Your flag is withdrawn; the paper has left the queue.');
    expect(run.stdout).not.toContain('You have not flagged');
  });

  it('says what a typed reaction or a paging word did, including nothing', async () => {
    const input = [
      'next',
      'react m1',
      'react m3 👍',
      'react m3',
      'react m3',
      'unreact m3',
      'unreact m3',
      'today',
      'prev',
      'next',
      'next',
      'exit',
      '',
    ].join('\n');
    const run = await runCli(['start', '--demo'], { env: {}, cwd, input });
    expect(run.stdout).toContain('There is no list to page through yet');
    expect(run.stdout).not.toMatch(/Nothing to (next|prev) here/);
    expect(run.stdout).toContain('m1 is not about one paper (a digest header or a list)');
    expect(run.stdout).toContain('Reacted 👍 on m3; only 🔖 flags a paper for discussion here.');
    const paper = '2410.16251 — Can Knowledge Editing Really Correct Hallucinations?';
    expect(run.stdout).toContain(`You already flagged ${paper} (thread on m3); nothing changed.`);
    expect(run.stdout.match(/Withdrew your flag on 2410\.16251 — .+; it has left the queue\./g)).toHaveLength(
      1,
    );
    expect(run.stdout).toContain(`You had not flagged ${paper}; nothing to remove.`);
    expect(run.stdout).toContain('That was the first page.');
    expect(run.stdout).toContain('That was the last page.');
  });

  it('offline, each failure is one ✖ line at the prompt; the log shows its details only when LOG_LEVEL asks', async () => {
    const env = {
      HF_BASE_URL: 'http://127.0.0.1:9',
      HF_RETRY_BUDGET_MS: '500',
      DATABASE_URL: join(cwd, 'offline-quiet.db'),
    };
    const input = 'today\npaper 2410.17243\nexit\n';
    const quiet = await runCli(['start'], { env, cwd, input });
    expect(quiet.stdout.match(/✖ Hugging Face could not be reached just now/g)).toHaveLength(2);
    expect(quiet.stderr).not.toMatch(/"level":(40|50)/);
    expect(`${quiet.stdout}${quiet.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/);

    const asked = await runCli(['start'], { env: { ...env, LOG_LEVEL: 'warn' }, cwd, input });
    expect(asked.stderr).toContain('command could not reach the paper source');
  });

  it('suggests --demo when Hugging Face cannot be reached at start-up', async () => {
    const run = await runCli(['start'], {
      env: {
        HF_BASE_URL: 'http://127.0.0.1:9',
        HF_RETRY_BUDGET_MS: '500',
        DATABASE_URL: join(cwd, 'offline.db'),
      },
      cwd,
      input: 'exit\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✖ Could not reach http://127.0.0.1:9/api/daily_papers');
    expect(run.stdout).toContain('run offline on a bundled batch with `npm start -- --demo`');
  });
});
