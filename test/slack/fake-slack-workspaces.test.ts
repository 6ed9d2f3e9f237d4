import { afterEach, describe, expect, it } from 'vitest';
import { FakeSlack } from '../fakes/slack/fake-slack';

/** The fake's workspaces and install flow enforce Slack's rules, or the multi-workspace tests prove nothing. */
describe('fake Slack: several workspaces and the OAuth install flow', () => {
  let fake: FakeSlack;
  afterEach(async () => {
    await fake?.close();
  });

  async function call(method: string, token: string | null, args: Record<string, string>) {
    const response = await fetch(`${fake.apiUrl}${method}`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(args).toString(),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  /** The authorize page approved for `teamId`: the code it redirects with. */
  async function approve(teamId: string, redirect = 'http://127.0.0.1:9/slack/oauth_redirect') {
    fake.teams.app.redirectUrl = redirect;
    const url = `${fake.authorizeUrl}?client_id=${fake.teams.app.clientId}&scope=chat:write&state=s1&team=${teamId}`;
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('s1');
    return back.searchParams.get('code') ?? '';
  }

  it('trades a code once, with the app credentials, for the workspace bot token', async () => {
    fake = await FakeSlack.start();
    fake.addTeam({ teamId: 'T_A', teamName: 'Alpha' });
    const code = await approve('T_A');
    const { clientId, clientSecret } = fake.teams.app;
    expect(
      await call('oauth.v2.access', null, { code, client_id: clientId, client_secret: 'nope' }),
    ).toMatchObject({
      ok: false,
      error: 'bad_client_secret',
    });
    const granted = await call('oauth.v2.access', null, {
      code,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(granted).toMatchObject({
      ok: true,
      token_type: 'bot',
      scope: 'chat:write',
      bot_user_id: 'U_BOT_T_A',
      team: { id: 'T_A', name: 'Alpha' },
    });
    expect(String(granted.access_token)).toMatch(/^xoxb-/);
    expect(
      await call('oauth.v2.access', null, { code, client_id: clientId, client_secret: clientSecret }),
    ).toMatchObject({
      ok: false,
      error: 'invalid_code',
    });
    const authorize = await fetch(`${fake.authorizeUrl}?client_id=someone-else&team=T_A`, {
      redirect: 'manual',
    });
    expect(authorize.status).toBe(400);
  });

  it("lets each token see only its own workspace: another's channel is channel_not_found, a revoked token token_revoked", async () => {
    fake = await FakeSlack.start();
    const a = fake.addTeam({ teamId: 'T_A' });
    const b = fake.addTeam({ teamId: 'T_B' });
    a.workspace.addChannel({ id: 'C_A' });
    b.workspace.addChannel({ id: 'C_B' });
    const { clientId, clientSecret } = fake.teams.app;
    const tokenOf = async (teamId: string) =>
      String(
        (
          await call('oauth.v2.access', null, {
            code: await approve(teamId),
            client_id: clientId,
            client_secret: clientSecret,
          })
        ).access_token,
      );
    const tokenA = await tokenOf('T_A');
    const tokenB = await tokenOf('T_B');
    expect(await call('chat.postMessage', tokenA, { channel: 'C_A', text: 'hi' })).toMatchObject({
      ok: true,
    });
    expect(await call('chat.postMessage', tokenA, { channel: 'C_B', text: 'hi' })).toMatchObject({
      ok: false,
      error: 'channel_not_found',
    });
    expect(await call('auth.test', tokenB, {})).toMatchObject({ team_id: 'T_B', user_id: 'U_BOT_T_B' });
    expect(await call('auth.test', 'xoxb-made-up', {})).toMatchObject({ ok: false, error: 'invalid_auth' });
    expect(b.workspace.channelMessages('C_B')).toEqual([]);
    fake.teams.uninstall('T_A');
    expect(await call('chat.postMessage', tokenA, { channel: 'C_A', text: 'hi' })).toMatchObject({
      ok: false,
      error: 'token_revoked',
    });
    expect(await call('chat.postMessage', tokenB, { channel: 'C_B', text: 'hi' })).toMatchObject({
      ok: true,
    });
  });
});
