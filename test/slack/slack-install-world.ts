/**
 * Slack installed in several workspaces, through the composition root: `runBot` (BotHarness) in HTTP mode
 * with the OAuth install flow, on the fake Slack holding two workspaces (Alpha and Beta), each with its own
 * channel and admin. A "browser" follows the install: `/slack/install` (state cookie + redirect), Slack's
 * authorize page on the fake (approved for one team), then `/slack/oauth_redirect` with the cookie.
 */

import type { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSlack } from '../fakes/slack/fake-slack';
import { SlackInbound } from '../fakes/slack/fake-slack-inbound';
import { BotHarness, type BotOptions } from '../support/bot-harness';
import { asSeen, visibleText } from './block-text';

export const signingSecret = 'install-signing-secret-5c1d';
export const stateSecret = 'install-state-secret-0123456789abcdef';
/** 32 bytes as base64, as `openssl rand -base64 32` writes them. */
export const encryptionKey = Buffer.alloc(32, 7).toString('base64');

export interface WorkspaceSpec {
  teamId: string;
  teamName: string;
  channel: string;
  admin: string;
}

export const alpha: WorkspaceSpec = {
  teamId: 'T_ALPHA',
  teamName: 'Alpha Lab',
  channel: 'C_ALPHA_PAPERS',
  admin: 'U_ALPHA_ADMIN',
};
export const beta: WorkspaceSpec = {
  teamId: 'T_BETA',
  teamName: 'Beta Group',
  channel: 'C_BETA_PAPERS',
  admin: 'U_BETA_ADMIN',
};

/** The fake Slack with Alpha and Beta, neither installed yet. */
export async function startTwoWorkspaces(): Promise<FakeSlack> {
  const fake = await FakeSlack.start();
  for (const spec of [alpha, beta]) {
    const team = fake.addTeam({ teamId: spec.teamId, teamName: spec.teamName });
    team.workspace.addChannel({ id: spec.channel, name: 'papers', creator: spec.admin });
    team.workspace.addUser({ id: spec.admin, isAdmin: true, displayName: `${spec.teamName} admin` });
    team.workspace.addUser({ id: `${spec.admin}_FAN`, displayName: `${spec.teamName} fan` });
    team.workspace.addUser({ id: team.botUserId, isBot: true });
  }
  return fake;
}

/** The install flow's environment (no SLACK_BOT_TOKEN: every workspace installs). */
export const installEnv = (fake: FakeSlack, extra: Record<string, string> = {}): Record<string, string> => ({
  SLACK_CLIENT_ID: fake.teams.app.clientId,
  SLACK_CLIENT_SECRET: fake.teams.app.clientSecret,
  SLACK_SIGNING_SECRET: signingSecret,
  SLACK_STATE_SECRET: stateSecret,
  SLACK_TOKEN_ENCRYPTION_KEY: encryptionKey,
  SLACK_API_URL: fake.apiUrl,
  SLACK_PORT: '0',
  SLACK_PROCESS_BEFORE_RESPONSE: 'true',
  ...extra,
});

/** One paperboy instance: the bot, and where its HTTP listener is. */
export class SlackInstance {
  private constructor(
    readonly bot: BotHarness,
    readonly url: string,
  ) {}

  static async start(
    fake: FakeSlack,
    hf: FakeHfServer,
    options: Partial<BotOptions> & { now?: string } = {},
  ): Promise<SlackInstance> {
    const bot = await BotHarness.start({
      now: '2024-10-26T08:00:00Z',
      hf,
      discord: null,
      ...options,
      env: installEnv(fake, options.env),
    });
    const started = bot.logs.entries.find((line) => line.msg === 'slack adapter started');
    if (typeof started?.port !== 'number') throw new Error('the Slack adapter logged no port');
    return new SlackInstance(bot, `http://127.0.0.1:${started.port}`);
  }

  inbound(fake: FakeSlack, spec: WorkspaceSpec): SlackInbound {
    return new SlackInbound(
      fake,
      { kind: 'http', url: `${this.url}/slack/events`, signingSecret },
      spec.teamId,
    );
  }
}

export interface InstallResult {
  status: number;
  html: string;
}

/**
 * A person installs the app into `spec`'s workspace: the install starts on `start` and Slack sends the
 * browser back to `finish` (another instance behind the load balancer, or the same one).
 */
export async function install(
  fake: FakeSlack,
  spec: WorkspaceSpec,
  start: SlackInstance,
  finish: SlackInstance = start,
): Promise<InstallResult> {
  const begun = await fetch(`${start.url}/slack/install`, { redirect: 'manual' });
  const authorize = begun.headers.get('location');
  const cookie = begun.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (begun.status !== 302 || !authorize) throw new Error(`/slack/install answered ${begun.status}`);
  fake.teams.app.redirectUrl = `${finish.url}/slack/oauth_redirect`;
  const approved = await fetch(`${authorize}&team=${spec.teamId}`, { redirect: 'manual' });
  const back = approved.headers.get('location');
  if (approved.status !== 302 || !back) throw new Error(`the authorize page answered ${approved.status}`);
  const done = await fetch(back, { headers: { cookie } });
  return { status: done.status, html: await done.text() };
}

/** `/papers <text>` from the workspace's admin in its channel, through `via`; resolves with the reply's text. */
export async function command(
  fake: FakeSlack,
  via: SlackInstance,
  spec: WorkspaceSpec,
  text: string,
): Promise<string> {
  const sent = await via.inbound(fake, spec).command({ channel: spec.channel, user: spec.admin, text });
  const answers = () => fake.responsesTo(sent.responseUrlId);
  const post = await fake.waitFor(() => answers()[0], `the answer to /papers ${text}`);
  return asSeen(visibleText(post.body));
}

/** Web API calls that name a channel, with the workspace the token belongs to and the channel's. */
export function channelCalls(fake: FakeSlack) {
  const owner = (channel: string) =>
    [...fake.teams.byId.values()].find((team) => team.workspace.channels.has(channel))?.teamId ?? null;
  const tokenTeam = (token: string | null) =>
    [...fake.teams.byId.values()].find((team) => token && fake.teams.tokensOf(team.teamId).includes(token))
      ?.teamId ?? (token ? fake.teams.revokedTeamOf(token) : null);
  return fake.calls
    .filter((call) => typeof call.args.channel === 'string')
    .map((call) => ({
      method: call.method,
      channel: call.args.channel as string,
      channelTeam: owner(call.args.channel as string),
      tokenTeam: tokenTeam(call.token),
      status: call.status,
      ok: typeof call.response === 'object' && call.response.ok === true,
    }));
}
