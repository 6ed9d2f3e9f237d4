/**
 * The fake Slack's other workspaces and its OAuth v2 install flow. `GET /oauth/v2/authorize` stands for the
 * person on Slack's page approving the install into `team` (a query parameter, as Slack's authorize URL
 * takes one): it redirects to the app's redirect URL with a one-time code and the app's `state`.
 * `oauth.v2.access` trades the code, with the app's client id and secret, for that workspace's bot token.
 * Each workspace has its own channels, users and messages, so a token used on another workspace's channel
 * fails as Slack fails it (`channel_not_found`); a revoked token fails with `token_revoked`.
 */
import type { ServerResponse } from 'node:http';
import type { ApiResult, Json } from './fake-slack-api';
import { FakeWorkspace } from './fake-slack-workspace';

export interface FakeTeam {
  teamId: string;
  teamName: string;
  workspace: FakeWorkspace;
  botUserId: string;
  botId: string;
  /** chat.postMessage's last post per channel (the per-channel rate). */
  lastPost: Map<string, number>;
}

export interface FakeOAuthApp {
  clientId: string;
  clientSecret: string;
  /** Where Slack sends the browser back when the authorize URL names no redirect_uri. */
  redirectUrl: string | null;
}

interface Grant {
  teamId: string;
  scope: string;
  redirectUri: string | null;
  used: boolean;
}

export class FakeTeams {
  readonly byId = new Map<string, FakeTeam>();
  private readonly tokens = new Map<string, string>();
  /** Revoked token → the team it belonged to. */
  private readonly revoked = new Map<string, string>();
  private readonly grants = new Map<string, Grant>();
  readonly app: FakeOAuthApp = {
    clientId: '1111.2222',
    clientSecret: 'fake-client-secret',
    redirectUrl: null,
  };
  private issued = 0;

  constructor(private readonly now: () => number) {}

  add(options: {
    teamId: string;
    teamName?: string;
    teamDomain?: string;
    botUserId?: string;
    botId?: string;
  }) {
    const team: FakeTeam = {
      teamId: options.teamId,
      teamName: options.teamName ?? options.teamId,
      workspace: new FakeWorkspace(
        { teamId: options.teamId, teamDomain: options.teamDomain ?? options.teamId.toLowerCase() },
        this.now,
      ),
      botUserId: options.botUserId ?? `U_BOT_${options.teamId}`,
      botId: options.botId ?? `B_BOT_${options.teamId}`,
      lastPost: new Map(),
    };
    this.byId.set(team.teamId, team);
    return team;
  }

  /** Makes `token` a bot token of `teamId` (the primary workspace's configured token). */
  grantToken(token: string, teamId: string): void {
    this.tokens.set(token, teamId);
    this.revoked.delete(token);
  }

  /** The team a revoked token belonged to. */
  revokedTeamOf(token: string): string | null {
    return this.revoked.get(token) ?? null;
  }

  /** The team a live token belongs to; `revoked` when it was revoked (the app was uninstalled). */
  teamOf(token: string): FakeTeam | 'revoked' | null {
    if (this.revoked.has(token)) return 'revoked';
    const teamId = this.tokens.get(token);
    return teamId ? (this.byId.get(teamId) ?? null) : null;
  }

  /** Tokens issued to a team (by the install flow or configured). */
  tokensOf(teamId: string): string[] {
    return [...this.tokens].filter(([, team]) => team === teamId).map(([token]) => token);
  }

  /** The app is uninstalled from the team: each of its tokens now fails with `token_revoked`. */
  uninstall(teamId: string): void {
    for (const token of this.tokensOf(teamId)) {
      this.tokens.delete(token);
      this.revoked.set(token, teamId);
    }
  }

  /** The authorize page, approved at once for `team`. */
  authorize(url: URL, res: ServerResponse): void {
    const teamId = url.searchParams.get('team') ?? '';
    const redirect = url.searchParams.get('redirect_uri') ?? this.app.redirectUrl;
    const problem =
      url.searchParams.get('client_id') !== this.app.clientId
        ? 'unknown client_id'
        : !this.byId.has(teamId)
          ? `no workspace ${teamId}`
          : !redirect
            ? 'no redirect URL'
            : null;
    if (problem || !redirect) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(problem);
      return;
    }
    const code = `code-${teamId}-${++this.issued}`;
    this.grants.set(code, {
      teamId,
      scope: url.searchParams.get('scope') ?? '',
      redirectUri: url.searchParams.get('redirect_uri'),
      used: false,
    });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  /** oauth.v2.access: a one-time code and the app's credentials → the workspace's bot token. */
  access(args: Json, basicAuth: string | null): ApiResult {
    const fail = (error: string): ApiResult => ({ status: 200, body: { ok: false, error } });
    const [clientId, clientSecret] = basicAuth
      ? Buffer.from(basicAuth, 'base64').toString('utf8').split(':')
      : [args.client_id, args.client_secret];
    if (clientId !== this.app.clientId) return fail('invalid_client_id');
    if (clientSecret !== this.app.clientSecret) return fail('bad_client_secret');
    const grant = typeof args.code === 'string' ? this.grants.get(args.code) : undefined;
    if (!grant || grant.used) return fail('invalid_code');
    if (grant.redirectUri !== null && args.redirect_uri !== grant.redirectUri)
      return fail('bad_redirect_uri');
    grant.used = true;
    const team = this.byId.get(grant.teamId);
    if (!team) return fail('invalid_code');
    const token = `xoxb-${team.teamId}-${++this.issued}-fake`;
    this.grantToken(token, team.teamId);
    return {
      status: 200,
      body: {
        ok: true,
        access_token: token,
        token_type: 'bot',
        scope: grant.scope,
        bot_user_id: team.botUserId,
        app_id: 'A_PAPERBOY',
        team: { id: team.teamId, name: team.teamName },
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: `U_INSTALLER_${team.teamId}` },
      },
    };
  }
}
