import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli';

describe('the team ranking in console mode, as a process', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-ranking-'));

  it('learns from typed flags and 👎: today and for-you put the flagged interests first and say why', async () => {
    const flags = ['2410.16251', '2410.18785', '2410.18860', '2410.15999', '2410.18745'].map(
      (id, index) => `react https://arxiv.org/abs/${id} as ${index % 2 ? 'bob' : 'ada'}`,
    );
    const input = [
      'settings',
      ...flags,
      'react m2 👎 as cy',
      'settings',
      'today',
      'for-you',
      'why 2410.17897',
      'settings ranking=sideways',
      'exit',
      '',
    ].join('\n');
    const run = await runCli(['start', '--demo'], { env: {}, cwd, input });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Digest order: by upvotes until this channel has flagged 5 papers (0 so far), then by its own interests (team ranking)',
    );
    expect(run.stdout).toMatch(
      /Reacted 👎 on 2410\.17243 — Breaking the Memory Barrier.+ as cy: the team ranking takes it as not for this channel\./,
    );
    expect(run.stdout).toMatch(
      /Digest order: team ranking, learned from 5 flagged papers, 1 dislike and 0 posts nobody flagged; \d+% this channel's interests/,
    );
    expect(run.stdout).toContain('🎯 For this channel: close to');
    expect(run.stdout).toContain(
      'For this channel · the last 7 days by what it flags (5 flagged papers so far)',
    );
    expect(run.stdout).toMatch(/Team ranking: #\d+ of the 29 papers of 2024-10-25 for this channel/);
    expect(run.stdout).toContain('ranking "sideways" is not a ranking; use team');
    expect(run.stderr).not.toContain('"level":50');
  });
});
