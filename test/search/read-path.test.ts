import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import type { CliArgs } from '../../src/cli/cli-args';
import { digestCli, searchCli } from '../../src/cli/cli-commands';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';

const context: CommandContext = {
  channel: { platform: 'slack', workspaceId: 'T1', channelId: 'C1' },
  userId: 'U1',
  canManageChannel: true,
  manageChannelRequirement: 'a workspace admin',
  commandPrefix: '/papers',
};
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
const cli = (command: string, positionals: string[]): CliArgs => ({
  command,
  positionals,
  demo: false,
  json: true,
  verbose: false,
});

/**
 * Reading never writes: once a day is synced (the sync job refreshing search's lists and acronyms after it),
 * searches of every kind, paper, today, why and the CLI's search and digest leave the database file as it
 * was. Another connection's `PRAGMA data_version` moves with every commit by anyone else, and the file and
 * its write-ahead log keep their sizes and times.
 */
describe('the read path', () => {
  let t: TestCore;
  let file: string;
  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'paperboy-read-')), 'paperboy.db');
    t = await startTestCore({ now: '2024-10-26T09:00:00Z', databaseUrl: file });
    t.hf.setDay('2024-10-25', oct25Batch());
    await t.core.sync.latestCompleteBatch(t.clock.now());
  });
  afterEach(async () => await t.close());

  const state = () =>
    ['', '-wal'].map((suffix) => {
      const stat = statSync(`${file}${suffix}`, { throwIfNoEntry: false });
      return stat ? `${stat.size}:${stat.mtimeMs}` : 'absent';
    });

  it('makes no write: search, paper, today, why, and the CLI search and digest', async () => {
    const observer = new Database(file, { readonly: true });
    const version = () => observer.pragma('data_version', { simple: true });
    const before = { version: version(), files: state() };
    for (const text of [
      'contrastive loss',
      'how do llms reason',
      'halucinations',
      'rl',
      '"language models" -diffusion',
      'upvotes:>20 since:7d',
      'author:Minervini -hallucinations',
      '2410.17243',
    ])
      await t.core.commands.executeText(`search ${text}`, context);
    await t.core.commands.executeText('paper 2410.17243', context);
    await t.core.commands.executeText('today', context);
    await t.core.commands.executeText('why 2410.17243', context);
    for (const text of ['contrastive loss', 'author:Minervini', 'https://arxiv.org/abs/2410.17243'])
      await searchCli(t.core, cli('search', [text]), { stdout: sink(), stderr: sink() });
    await digestCli(t.core, cli('digest', []), { stdout: sink(), stderr: sink() });
    expect(version()).toBe(before.version);
    expect(state()).toEqual(before.files);
    observer.close();
  });
});
