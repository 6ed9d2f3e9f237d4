/**
 * A card's reason names what is distinctive, or is left off (#23 item 20): never filler a paper's abstract
 * happens to share with the flagged ones ("effectiveness, abilities, questions"). The real process in
 * demo mode, driven at its prompt as a team flags its papers and reads `today`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli';

/** Every title of the demo's batch: the words its papers name their subjects by. */
const titles = (
  JSON.parse(
    readFileSync(new URL('../../src/demo/sample-batch-2024-10-25.json', import.meta.url), 'utf8'),
  ) as Array<{ paper: { title: string } }>
)
  .map((item) => item.paper.title.toLowerCase())
  .join(' | ');

describe('card reasons in console mode, as a process', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-reasons-'));

  it('names only words the papers name their subjects by, on every card of today', async () => {
    const flagged = [
      '2410.16251',
      '2410.18785',
      '2410.18860',
      '2410.15999',
      '2410.18745',
      '2410.17243',
      '2410.18975',
    ];
    const input = [
      ...flagged.map(
        (id, index) => `react https://arxiv.org/abs/${id} as ${['ada', 'bob', 'cy'][index % 3]}`,
      ),
      'today',
      'next',
      'next',
      'next',
      'next',
      'exit',
      '',
    ].join('\n');
    const run = await runCli(['start', '--demo'], { env: {}, cwd, input });
    expect(run.code).toBe(0);
    const reasons = [...run.stdout.matchAll(/🎯 For this channel: (.+)$/gm)].map((match) => match[1] ?? '');
    expect(reasons.some((reason) => reason.startsWith('close to'))).toBe(true);
    const labels = reasons.flatMap(
      (reason) => /^shares what this channel flags: (.+)$/.exec(reason)?.[1]?.split(', ') ?? [],
    );
    // Seen on main: "sizes, memory, contrasting", "context, effectiveness, llms", "source, questions, llms".
    for (const label of labels) {
      if (label.startsWith('by ') || label.startsWith('from ')) continue;
      expect(titles, `"${label}" is named by no title`).toContain(label.toLowerCase());
    }
    expect(labels).not.toContain('effectiveness');
  });
});
