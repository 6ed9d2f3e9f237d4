import { describe, expect, it } from 'vitest';
import { planSlack, slackHalfConfigured } from '../../adapters/slack/slack-plan';
import { parseConfig } from '../../src/app/config';

const key = Buffer.alloc(32, 5).toString('base64');
const installFlow = {
  SLACK_CLIENT_ID: '1111.2222',
  SLACK_CLIENT_SECRET: 'client-secret',
  SLACK_SIGNING_SECRET: 'signing-secret',
  SLACK_STATE_SECRET: 'state-secret-0123456789',
  SLACK_TOKEN_ENCRYPTION_KEY: key,
};
const problems = (env: Record<string, string>) => slackHalfConfigured(parseConfig(env));

describe('Slack set-up: one workspace or the install flow', () => {
  it('turns the install flow on in HTTP mode, and the single workspace as before', () => {
    expect(planSlack(parseConfig(installFlow))).toEqual({
      on: true,
      reason: 'HTTP on port 3000, installable in many workspaces',
    });
    expect(planSlack(parseConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }))).toEqual({
      on: true,
      reason: 'Socket Mode',
    });
    expect(problems(installFlow)).toEqual([]);
    expect(problems({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' })).toEqual([]);
  });

  it('names what the install flow misses, with how to make a key', () => {
    const { SLACK_TOKEN_ENCRYPTION_KEY: _key, SLACK_STATE_SECRET: _state, ...rest } = installFlow;
    const missing = problems(rest);
    expect(missing).toHaveLength(2);
    expect(missing.join('\n')).toMatch(/SLACK_STATE_SECRET is not set.*openssl rand -base64 32/);
    expect(missing.join('\n')).toMatch(/SLACK_TOKEN_ENCRYPTION_KEY is not set.*openssl rand -base64 32/);
    expect(problems({ ...installFlow, SLACK_CLIENT_SECRET: '' })).toEqual([
      expect.stringContaining('SLACK_CLIENT_SECRET is not set'),
    ]);
    expect(problems({ SLACK_CLIENT_SECRET: 'x' }).join('\n')).toContain('SLACK_CLIENT_ID is not');
    expect(problems({ ...installFlow, SLACK_SIGNING_SECRET: '' })).toEqual([
      expect.stringContaining('SLACK_SIGNING_SECRET is not set'),
    ]);
  });

  it('refuses a bot token or an app token beside the install flow, and install-only secrets without it', () => {
    expect(problems({ ...installFlow, SLACK_BOT_TOKEN: 'xoxb-1' })).toEqual([
      expect.stringContaining('set either SLACK_BOT_TOKEN (one workspace) or SLACK_CLIENT_ID'),
    ]);
    expect(problems({ ...installFlow, SLACK_APP_TOKEN: 'xapp-1' })).toEqual([
      expect.stringContaining('HTTP mode only'),
    ]);
    expect(
      problems({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1', SLACK_TOKEN_ENCRYPTION_KEY: key }),
    ).toEqual([expect.stringContaining('also needs SLACK_CLIENT_ID and SLACK_CLIENT_SECRET')]);
  });

  it('refuses a key that is not 32 bytes, naming the variable and how to make one', () => {
    expect(() => parseConfig({ ...installFlow, SLACK_TOKEN_ENCRYPTION_KEY: 'abc' })).toThrow(
      /SLACK_TOKEN_ENCRYPTION_KEY must be 32 random bytes.*openssl rand -base64 32/,
    );
  });
});
