/**
 * The console process as a person meets its words, help and options (issue 23, items 12 and 14), and a
 * reaction Hugging Face answers oddly for: each typed at the prompt, each answer read back from stdout.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv, repoRoot, runCli } from '../support/run-cli';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** What the prompt printed for each typed line, in order (the text after each `papers> `). */
const answers = (stdout: string) => stdout.split('papers> ').slice(1);

describe('the console as a person types at it', () => {
  let hf: FakeHfServer;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-words-'));
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    hf.setDay(yesterday(), oct25Batch());
  });
  afterAll(() => hf.stop());
  const start = (input: string[], database: string, extra: Record<string, string> = {}) =>
    runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: join(cwd, database), ...extra },
      cwd,
      input: [...input, 'exit', ''].join('\n'),
    });

  it('helps with each subcommand and its own words, suggests what a typo meant, and previews the agenda', async () => {
    const run = await start(
      [
        'help',
        'help search',
        'search --help',
        'help serch',
        'searc diffusion',
        'nxt',
        'search "contrastive loss"',
        'react 1',
        'react 1 as ada',
        'unreact 1 as ada',
        'queue',
        'agenda',
        'settings agenda="fri 15:00"',
        'agenda',
      ],
      'words.db',
    );
    expect(run.code).toBe(0);
    const [
      help,
      helpSearch,
      searchHelp,
      helpTypo,
      searc,
      nxt,
      search,
      ,
      two,
      withdrawn,
      queue,
      agenda,
      ,
      agendaOn,
    ] = answers(run.stdout);
    // help lists every subcommand, agenda too, and the terminal's own words, hf among them.
    expect(help).toContain('`/papers agenda` — Preview the weekly reading-group agenda');
    expect(help).toContain('`hf`: looks the last search up on Hugging Face');
    expect(help).toContain('`next` (or `more`): the next page of the last list');
    expect(help).toContain('`exit` (or `quit`): leaves');
    // help search and search --help explain search, its options and its syntax.
    for (const topic of [helpSearch, searchHelp]) {
      expect(topic).toContain('`/papers search <words, "phrase", -word, arXiv id or URL>');
      expect(topic).toContain('• author: Only papers by this author');
      expect(topic).toContain('Operators: "exact phrase" must appear as written');
      expect(topic).not.toContain('only leaves papers out');
    }
    expect(helpTypo).toContain('There is no subcommand "serch" (did you mean search?)');
    expect(searc).toContain('Unknown subcommand "searc" (did you mean search?)');
    expect(nxt).toContain('Unknown word "nxt" (did you mean next?)');
    expect(search).toContain('Papers matching "contrastive loss"');
    expect(search).not.toContain('""');
    expect(two).toContain('(2 flags');
    expect(withdrawn).toContain("Withdrew ada's flag on 2410.17243");
    expect(withdrawn).toContain('1 other flag keeps it on the queue');
    expect(queue).toContain('1 flag: you');
    expect(agenda).toContain('No weekly agenda is posted here');
    expect(agenda).toContain('📋 Reading-group agenda: 1 paper on the queue');
    expect(agenda).toMatch(/1\. Breaking the Memory Barrier[^\n]* — 1 flag \(you\)/);
    expect(agendaOn).toContain(
      'Posted here every Fri at 15:00 UTC; as it would read now (nothing was posted):',
    );
  }, 60_000);

  it('takes options as people write them and refuses what cannot be meant', async () => {
    const run = await start(
      [
        'settings threads=OFF',
        'settings threads',
        'subscribe post_empty=Yes',
        'subscribe post_empty=NO',
        'subscribe post_empty',
        'subscribe top = 5',
        'subscribe top=5 top=6',
        'subscribe top',
        'settings flag_emoji=1️⃣',
        'settings flag_emoji=👎',
        'settings threads=maybe',
      ],
      'options.db',
    );
    expect(run.code).toBe(0);
    const [off, bareThreads, yes, no, bareEmpty, spaced, twice, bareTop, keycap, same, maybe] = answers(
      run.stdout,
    );
    expect(off).toContain('no threads are opened');
    expect(bareThreads).toContain('the first flag opens a thread');
    expect(yes).toContain('On days with nothing new: a short note');
    expect(no).toContain('On days with nothing new: silence');
    expect(bareEmpty).toContain('On days with nothing new: a short note');
    expect(bareEmpty).not.toContain('timezone');
    expect(spaced).toContain('the top 5 papers');
    expect(twice).toContain('✖ top is given twice (top=5 and top=6); give it once.');
    expect(bareTop).toContain('✖ top needs a value, e.g. top=1.');
    expect(keycap).toContain('Flag a paper for discussion with 1️⃣');
    expect(same).toContain('✖ flag_emoji=👎 is the same reaction as dislike_emoji');
    expect(same).toContain('nothing was changed');
    expect(maybe).toContain('✖ threads must be on or off (true/false and yes/no work too), not "maybe"');
  }, 60_000);

  it('answers a reaction Hugging Face cannot describe with one clear line and keeps the prompt', async () => {
    hf.setPaper('2410.12345', { nonsense: true });
    const run = await start(['react 2410.12345', 'queue'], 'odd-shape.db');
    expect(run.code).toBe(0);
    const [reaction, queue] = answers(run.stdout);
    expect(reaction?.trim()).toBe(
      '✖ Nothing was recorded: paperboy has not stored 2410.12345, and Hugging Face answered with something that is not a paper. Try again later, or react on a paper shown here.',
    );
    expect(queue).toContain('Discussion queue · 0 papers');
    expect(run.stdout).not.toMatch(/unexpected shape|\n\s+at /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('prints log lines at LOG_LEVEL=info on lines of their own, never onto the prompt', async () => {
    // A terminal shows standard output and standard error as one stream: give the process one file for both.
    const file = join(cwd, 'terminal.txt');
    const fd = openSync(file, 'w');
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'paperboy.js'), 'start'], {
      cwd,
      env: childEnv({ HF_BASE_URL: hf.url, DATABASE_URL: join(cwd, 'log.db'), LOG_LEVEL: 'info' }),
      stdio: ['pipe', fd, fd],
    });
    const closed = new Promise((resolve) => child.on('close', resolve));
    child.stdin?.write('help nothing\n');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.stdin?.end('exit\n');
    await closed;
    const terminal = readFileSync(file, 'utf8');
    expect(terminal).toContain('"msg":"shutting down"');
    expect(terminal).not.toMatch(/papers> \{"level"/);
  }, 60_000);
});
