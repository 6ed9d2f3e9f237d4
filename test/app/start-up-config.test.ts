import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli';

/** Configuration mistakes stop `paperboy start` with a message, before anything runs. */
describe('start-up refuses a configuration that cannot work', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-start-config-'));
  const start = (env: Record<string, string>) =>
    runCli(['start'], { env: { DATABASE_URL: join(cwd, 'bot.db'), ...env }, cwd, input: 'exit\n' });

  it('a half-configured Discord stops start-up instead of falling back to the console', async () => {
    const run = await start({ DISCORD_TOKEN: 'discord-token-without-an-application' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Discord is half configured: DISCORD_TOKEN is set but DISCORD_APPLICATION_ID is not (set both, or neither)',
    );
    expect(run.stdout).not.toContain('Console: on');
  });

  it('a half-configured Slack stops start-up, whichever half is missing', async () => {
    const noMode = await start({ SLACK_BOT_TOKEN: 'xoxb-1' });
    expect(noMode.code).toBe(1);
    expect(noMode.stderr).toMatch(
      /Slack is half configured: SLACK_BOT_TOKEN is set but neither SLACK_APP_TOKEN/,
    );
    const noBot = await start({ SLACK_SIGNING_SECRET: 'secret' });
    expect(noBot.code).toBe(1);
    expect(noBot.stderr).toContain(
      'Slack is half configured: SLACK_SIGNING_SECRET set but SLACK_BOT_TOKEN is not',
    );
  });

  it('an ftp:// HF_BASE_URL is refused at once, and LOG_LEVEL=DEBUG is accepted', async () => {
    const run = await start({ HF_BASE_URL: 'ftp://mirror.example.org', LOG_LEVEL: 'DEBUG' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('HF_BASE_URL must be an http:// or https:// URL');
    expect(run.stderr).not.toContain('LOG_LEVEL');
  });
});
