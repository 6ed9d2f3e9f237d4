/**
 * Flags typed at the console across restarts, as a lab does it day after day: each session is the real
 * process on the same SQLite file, started, driven through its prompt and ended with `exit`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';

const knowledgeEditing = '2410.16251 — Can Knowledge Editing Really Correct Hallucinations?';
const unbounded = '2410.18975 — Unbounded: A Generative Infinite Game of Character Life Simulation';

/** The paper id on line `number.` of the last list printed before `marker` in `stdout`. */
function listItem(stdout: string, marker: string, number: number): string {
  const before = stdout.slice(0, stdout.indexOf(marker));
  const ids = [...before.matchAll(new RegExp(`^${number}\\. .*\\[(\\d{4}\\.\\d{4,5})\\]$`, 'gm'))];
  const id = ids.at(-1)?.[1];
  if (!id) throw new Error(`no item ${number} before "${marker}"`);
  return id;
}

/** The numbers of the `mN` ids a session printed. */
const messageNumbers = (stdout: string) => [...stdout.matchAll(/\[m(\d+)\]/g)].map((m) => Number(m[1]));

describe('typed flags across console restarts on one database', () => {
  let hf: FakeHfServer;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-restarts-'));
  let databases = 0;
  const newDatabase = () => join(cwd, `bot-${++databases}.db`);

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    // The fake serves the batch for "yesterday" (and the day before) whatever today is.
    for (const back of [1, 2])
      hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
  });
  afterAll(() => hf.stop());

  async function session(database: string, lines: string[]): Promise<string> {
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: database },
      cwd,
      input: [...lines, 'exit', ''].join('\n'),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('"level":50');
    return run.stdout;
  }

  it('a flag after a restart names the paper it flags and queues it beside the earlier one', async () => {
    const database = newDatabase();
    const first = await session(database, ['react 2410.18975']);
    const firstThread = /Flagged 2410\.18975 — .+ for discussion \(thread on m(\d+)\)\./.exec(first)?.[1];
    expect(first).toContain(`Flagged ${unbounded} for discussion (thread on m${firstThread}).`);

    const second = await session(database, ['react 2410.16251', 'queue']);
    // The restarted console counts on: none of its ids is one the first run handed out.
    expect(Math.min(...messageNumbers(second))).toBeGreaterThan(Math.max(...messageNumbers(first)));
    expect(second).toMatch(
      new RegExp(`Flagged ${knowledgeEditing.replace('?', '\\?')} for discussion \\(thread on m\\d+\\)\\.`),
    );
    expect(second).not.toContain(`thread on m${firstThread})`);
    expect(second).not.toContain('already flagged');
    expect(second).toContain('Discussion queue · 2 papers');
    const queue = second.slice(second.indexOf('Discussion queue'));
    expect(queue).toContain('[2410.18975]');
    expect(queue).toContain('[2410.16251]');
    expect(queue.match(/^ {3}1 flag: you$/gm)).toHaveLength(2);
  });

  it('a list number is the handle of its line: react 2 after a search or today flags that item', async () => {
    const database = newDatabase();
    const first = await session(database, ['search contrastive loss', 'react 2', 'react m2']);
    const searched = listItem(first, 'papers> 🧵', 2);
    expect(first).toMatch(new RegExp(`Flagged ${searched.replace('.', '\\.')} — .+ for discussion`));
    // m2 is the start-up digest's first card: flagged as typed, but the answer says which paper that is
    // and points at the list's item 2, which is most likely what was meant.
    expect(first).toContain('Flagged 2410.17243 — Breaking the Memory Barrier');
    expect(first).toContain('m2 is a message, not item 2 of the last list: `react 2` flags that item.');
    expect(first).toContain('`react 2` flags item 2');

    const second = await session(database, ['today', 'react 3', 'react 7', 'react m2', 'react m5', 'queue']);
    const third = listItem(second, 'papers> 🧵', 3);
    expect([searched, '2410.17243']).not.toContain(third);
    expect(second).toMatch(new RegExp(`Flagged ${third.replace('.', '\\.')} — .+ for discussion`));
    expect(second).toContain('✖ The last list shows items 1–5; there is no item 7.');
    // The first run's m2 is stored as the thread of the paper flagged on it, so it still means that paper;
    // its m5 was a start-up card nobody flagged, which no restarted console can know.
    expect(second).toContain(
      'You already flagged 2410.17243 — Breaking the Memory Barrier: Near Infinite Batch Size Scaling for Contrastive… (thread on m2); nothing changed.',
    );
    expect(second).toContain('✖ m5 is not a message paperboy knows');
    expect(second).toContain('Discussion queue · 3 papers');
    expect(second.slice(second.indexOf('Discussion queue')).match(/^ {3}1 flag: you$/gm)).toHaveLength(3);
  });

  it('flags given across daily restarts all count: the queue and the team ranking see every one', async () => {
    const database = newDatabase();
    const ids = ['2410.16251', '2410.18785', '2410.18860', '2410.15999', '2410.18745', '2410.18975'];
    const as = (index: number) => ['ada', 'bob', 'you'][index % 3];
    const react = (index: number) => `react ${ids[index]}${as(index) === 'you' ? '' : ` as ${as(index)}`}`;
    await session(database, [react(0), react(1), react(2)]);
    const second = await session(database, [react(3), react(4), react(5), react(0), 'queue', 'settings']);
    expect(second).not.toMatch(/already flagged (?!2410\.16251)/);
    expect(second).toMatch(/ada already flagged 2410\.16251 — .+ \(thread on m\d+\); nothing changed\./);
    expect(second).toContain('Discussion queue · 6 papers');
    expect(second).toContain('learned from 6 flagged papers');
  });

  it("unreact <paper id> after a restart withdraws that paper's flag and no other", async () => {
    const database = newDatabase();
    await session(database, ['react 2410.18975', 'react 2410.16251']);
    const second = await session(database, ['unreact 2410.16251', 'unreact 2410.16251', 'queue']);
    expect(second).toContain(`Withdrew your flag on ${knowledgeEditing}; it has left the queue.`);
    expect(second).toContain(`✖ You had not flagged ${knowledgeEditing}; nothing to remove.`);
    expect(second).toContain('Discussion queue · 1 paper');
    const queue = second.slice(second.indexOf('Discussion queue'));
    expect(queue).toContain('[2410.18975]');
    expect(queue).not.toContain('[2410.16251]');
  });

  it('a flag on a paper flagged before says how many flags it has and where its thread is', async () => {
    const database = newDatabase();
    const first = await session(database, ['react m3 as ada', 'unreact m3 as ada']);
    expect(first).toContain(`Flagged ${knowledgeEditing} for discussion as ada (thread on m3).`);
    const second = await session(database, [
      'react 2410.16251 as bob',
      'react 2410.16251 as cy',
      'react 2410.16251',
      'unreact 2410.16251 as cy',
      'unflag 2410.16251',
    ]);
    // The thread of the first run is still the paper's: every answer and thread line says so.
    expect(second).toContain('↳ [thread m3] 🔖 Flagged for discussion again by bob.');
    expect(second).not.toContain('(1 flags)');
    expect(second).toContain(`Flagged ${knowledgeEditing} for discussion as bob (thread on m3).`);
    expect(second).toContain(`Flagged ${knowledgeEditing} for discussion as cy (2 flags; thread on m3).`);
    expect(second).toContain(`Flagged ${knowledgeEditing} for discussion (3 flags; thread on m3).`);
    expect(second).toContain(
      `Withdrew cy's flag on ${knowledgeEditing}; 2 other flags keep it on the queue.`,
    );
    expect(second).toContain('✔ Your flag is withdrawn; 1 other flag keeps it on the queue.');
  });
});
