import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';
import { startTestCore, type TestCore } from '../support/test-core';

/** "Never silently skips a paper" must hold against a wrong HF_BASE_URL and a source that misbehaves. */
describe('a misconfigured or misbehaving source never erases days', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-misconfigured-'));
  let open: TestCore[] = [];
  afterEach(async () => {
    for (const test of open) await test.close();
    open = [];
  });

  it('a 404 from a wrong HF_BASE_URL is a configuration error naming the URL, and a later good fetch fills the week', async () => {
    const databaseUrl = join(cwd, `week-${Date.now()}.db`);
    const wrong = await startTestCore({ now: '2024-10-26T09:00:00Z', databaseUrl });
    open.push(wrong);
    wrong.hf.setDay('2024-10-25', oct25Batch());
    // One path segment too many: every day answers 404.
    const misconfigured = await startTestCore({
      now: '2024-10-26T09:00:00Z',
      databaseUrl,
      env: { HF_BASE_URL: `${wrong.hf.url}/api` },
    });
    open.push(misconfigured);
    const error = await misconfigured.core.sync
      .latestCompleteBatch(misconfigured.clock.now())
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'config_invalid' });
    expect((error as Error).message).toContain(`${wrong.hf.url}/api/api/daily_papers?date=`);
    expect((error as Error).message).toContain('answered 404 Not Found: check HF_BASE_URL');
    expect((error as Error).message).toContain('without the trailing /api');
    expect(await misconfigured.core.store.batches.get('2024-10-25')).toBeNull();
    expect(await misconfigured.core.store.batches.get('2024-10-19')).toBeNull();

    const batch = await wrong.core.sync.latestCompleteBatch(wrong.clock.now());
    expect(batch?.day).toBe('2024-10-25');
    expect(batch?.paperCount).toBe(29);
  });

  it('a command says the configuration is wrong instead of "could not be reached"', async () => {
    const hf = await new FakeHfServer().start();
    const misconfigured = await startTestCore({
      now: '2024-10-26T09:00:00Z',
      env: { HF_BASE_URL: `${hf.url}/api` },
    });
    open.push(misconfigured);
    const reply = await misconfigured.core.commands.executeText('today', {
      channel: { platform: 'console', workspaceId: 'local', channelId: 'terminal' },
      userId: 'u1',
      canManageChannel: true,
      manageChannelRequirement: 'anyone',
      commandPrefix: '/papers',
    });
    await hf.stop();
    expect(reply).toMatchObject({ kind: 'text', tone: 'error' });
    expect(reply.kind === 'text' && reply.text).toMatch(/answered 404 Not Found: check HF_BASE_URL/);
  });

  it('a day whose every item fails validation is a failed fetch, not an empty day', async () => {
    const test = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    open.push(test);
    test.hf.setDay('2024-10-25', [{ paper: { id: 42 } }, { shape: 'changed' }]);
    await expect(test.core.sync.syncDay('2024-10-25')).rejects.toMatchObject({
      code: 'source_bad_response',
      message: expect.stringContaining('2 item(s) for 2024-10-25 and none could be read'),
    });
    expect(await test.core.store.batches.get('2024-10-25')).toBeNull();
  });

  it('`paperboy start` with a wrong HF_BASE_URL says so in one line and stores no empty days', async () => {
    const hf = await new FakeHfServer().start();
    const databaseUrl = join(cwd, 'start.db');
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: `${hf.url}/api`, DATABASE_URL: databaseUrl },
      cwd,
      input: 'exit\n',
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    hf.setDay(yesterday, oct25Batch());
    const fixed = await runCli(['fetch', '--date', yesterday], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: databaseUrl },
      cwd,
    });
    await hf.stop();
    expect(run.stdout).toMatch(/✖ http:\/\/127\.0\.0\.1:\d+\/api\/api\/daily_papers\?date=.* answered 404/);
    expect(run.stdout).not.toContain('No Daily Papers batch in the last week');
    expect(fixed.stdout).toContain('Fetched 1 day: 29 papers');
  });
});
