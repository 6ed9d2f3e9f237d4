import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSpecs } from '../../commands/command-list';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { runCli } from '../support/run-cli';

describe('paperboy register-commands', () => {
  let discord: FakeDiscord;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-register-'));
  beforeAll(async () => {
    discord = await FakeDiscord.start();
  });
  afterAll(async () => await discord.close());

  const env = () => ({
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_BASE: discord.apiBase,
  });

  it('bulk-overwrites /papers in one guild with every subcommand', async () => {
    const run = await runCli(['register-commands', '--guild', '900000000000000001'], { env: env(), cwd });
    expect(run.stdout.trim()).toBe(
      `Registered /papers with ${commandSpecs.length} subcommands in guild 900000000000000001.`,
    );
    const puts = discord.requestsTo('PUT', /^\/applications\/\d+\/guilds\/900000000000000001\/commands$/);
    expect(puts).toHaveLength(1);
  });

  it('registers globally without --guild, and explains a bad guild id or missing credentials', async () => {
    const global = await runCli(['register-commands'], { env: env(), cwd });
    expect(global.stdout).toContain('in every guild');
    expect(discord.requestsTo('PUT', /^\/applications\/\d+\/commands$/)).toHaveLength(1);
    const bad = await runCli(['register-commands', '--guild', 'lab'], { env: env(), cwd });
    expect(bad.stderr).toContain('--guild "lab" is not a guild id');
    const none = await runCli(['register-commands'], { env: {}, cwd });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('register-commands needs DISCORD_TOKEN and DISCORD_APPLICATION_ID');
  });

  it('offline, says so in one line naming the settings to check, with no stack', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const run = await runCli(['register-commands'], {
      env: { ...env(), DISCORD_API_BASE: `http://127.0.0.1:${port}/api` },
      cwd,
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^paperboy: Discord did not take the commands: .*ECONNREFUSED.*\(check DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_API_BASE=http:\/\/127\.0\.0\.1:\d+\/api\)\n$/,
    );
  }, 30_000);
});
