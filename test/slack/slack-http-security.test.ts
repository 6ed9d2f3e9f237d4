import { afterEach, describe, expect, it } from 'vitest';
import { formBody, formContentType, sendSignedRequest, slackSignature } from '../fakes/slack/slack-signing';
import type { FakeCommandService } from './fake-command-service';
import { channelId, type Harness, signingSecret, startHarness } from './slack-harness';

const nowSeconds = () => Math.floor(Date.now() / 1_000);

describe('HTTP mode refuses requests that Slack did not sign just now', () => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  function commandBody() {
    const response = h.fake.createResponseUrl();
    return formBody({
      token: 'legacy',
      command: '/papers',
      text: 'help',
      response_url: response.url,
      trigger_id: 't1',
      user_id: 'U_MEMBER',
      user_name: 'member',
      team_id: h.fake.teamId,
      team_domain: 'paperboy-test',
      channel_id: channelId,
      channel_name: 'general',
      api_app_id: 'A_PAPERBOY',
    });
  }

  it('accepts a correctly signed command', async () => {
    h = await startHarness({ mode: 'http' });
    const response = await sendSignedRequest(h.eventsUrl(), commandBody(), {
      secret: signingSecret,
      contentType: formContentType,
    });
    expect(response.status).toBe(200);
    await h.adapter.idle();
    expect(h.commands.commands).toHaveLength(1);
  });

  it.each([
    ['unsigned', { secret: null }],
    ['wrongly signed', { secret: signingSecret, signature: `v0=${'0'.repeat(64)}` }],
    ['signed with another secret', { secret: 'not-the-secret' }],
    ['stale (six minutes old)', { secret: signingSecret, timestamp: nowSeconds() - 360 }],
    ['future-dated (ten minutes ahead)', { secret: signingSecret, timestamp: nowSeconds() + 600 }],
    ['future-dated (two minutes ahead)', { secret: signingSecret, timestamp: nowSeconds() + 120 }],
  ])('refuses a %s request with 401 and never reaches the core', async (_name, options) => {
    h = await startHarness({ mode: 'http' });
    const response = await sendSignedRequest(h.eventsUrl(), commandBody(), {
      contentType: formContentType,
      ...options,
    });
    expect(response.status).toBe(401);
    await h.adapter.idle();
    expect(h.commands.commands).toEqual([]);
    expect(h.fake.responses).toEqual([]);
  });

  it('refuses a future-dated request even when its signature is valid for that timestamp', async () => {
    h = await startHarness({ mode: 'http' });
    const body = commandBody();
    const timestamp = nowSeconds() + 3_600;
    const response = await sendSignedRequest(h.eventsUrl(), body, {
      secret: signingSecret,
      contentType: formContentType,
      timestamp,
      signature: slackSignature(signingSecret, timestamp, body),
    });
    expect(response.status).toBe(401);
    expect(h.logs.some((line) => line.msg === 'refused a Slack request dated in the future')).toBe(true);
  });

  it('tolerates a few seconds of clock skew', async () => {
    h = await startHarness({ mode: 'http' });
    const response = await sendSignedRequest(h.eventsUrl(), commandBody(), {
      secret: signingSecret,
      contentType: formContentType,
      timestamp: nowSeconds() + 5,
    });
    expect(response.status).toBe(200);
  });

  it("answers Slack's url_verification challenge", async () => {
    h = await startHarness({ mode: 'http' });
    const body = JSON.stringify({ token: 'legacy', challenge: 'challenge-abc', type: 'url_verification' });
    const response = await sendSignedRequest(h.eventsUrl(), body, {
      secret: signingSecret,
      contentType: 'application/json',
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('challenge-abc');
  });
});
