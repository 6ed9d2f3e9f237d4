/**
 * Tokens never reach a log line or an error: the real bot runs as a process with credentials the fakes
 * reject (so every failure path that could echo a token runs), and its whole output is searched.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSlack } from '../fakes/slack/fake-slack';
import { childEnv } from '../support/run-cli';

const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));

const secrets = {
  HF_TOKEN: 'hf_SECRETsecretSECRET1234',
  DISCORD_TOKEN: 'MTIzNDU2.discord-SECRET-token.abcdef',
  SLACK_BOT_TOKEN: 'xoxb-1111-2222-SLACKSECRET',
  SLACK_APP_TOKEN: 'xapp-1-A111-SLACKAPPSECRET',
};

function runUntilExit(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return runBot(env, timeoutMs).then((run) => run.output);
}

/**
 * Both streams in `output` (in arrival order, which across two pipes is not the order of writing) and
 * stderr alone, where the one line a person is meant to read ends; resolved once both pipes are drained.
 */
function runBot(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ output: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, stderr, code });
    });
  });
}

describe('secrets', () => {
  let hf: FakeHfServer;
  let discord: FakeDiscord;
  let slack: FakeSlack;
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    hf.failNext(
      'daily_papers',
      { kind: 'status', status: 401, body: '{"error":"Invalid credentials"}' },
      100,
    );
    discord = await FakeDiscord.start({ token: 'the-token-the-fake-expects' });
    slack = await FakeSlack.start({ botToken: 'xoxb-expected', appToken: 'xapp-expected' });
  });
  afterAll(async () => {
    await hf.stop();
    await discord.close();
    await slack.close();
  });

  it('never writes a token when every credential is rejected', async () => {
    const output = await runUntilExit(
      childEnv({
        ...secrets,
        HF_BASE_URL: hf.url,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_BASE: discord.apiBase,
        SLACK_API_URL: slack.apiUrl,
        DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'paperboy-secrets-')), 'bot.db'),
        LOG_LEVEL: 'debug',
      }),
      8_000,
    );
    // The bot did run into the rejections (so the test exercised the error paths)...
    expect(output).toMatch(/401|Unauthorized|invalid_auth|not_authed|invalid token/i);
    // ...and no secret appears anywhere in what it wrote.
    for (const [name, value] of Object.entries(secrets)) {
      expect(output, name).not.toContain(value);
    }
  }, 30_000);

  it('stops start-up with one clear line when Discord rejects the token', async () => {
    const run = await runBot(
      childEnv({
        DISCORD_TOKEN: secrets.DISCORD_TOKEN,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_BASE: discord.apiBase,
        HF_BASE_URL: hf.url,
        DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'paperboy-secrets-')), 'bot.db'),
      }),
      15_000,
    );
    expect(run.code).toBe(1);
    const last = run.stderr.trim().split('\n').at(-1);
    expect(last).toMatch(
      /^paperboy: Discord could not start: .+ \(check DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_API_BASE\)$/,
    );
    expect(run.output).not.toMatch(/\n\s+at .+\.ts:\d+/);
    expect(run.output).not.toContain(secrets.DISCORD_TOKEN);
  }, 30_000);
});
