/**
 * The OAuth v2 install flow, as Bolt's installer runs it on the HTTP receiver: `/slack/install` sets the
 * state cookie and redirects to Slack's authorize page; Slack sends the browser back to
 * `/slack/oauth_redirect?code&state`, where the state is checked against the cookie, its signature and
 * the database (slack-oauth-state.ts: any instance sharing `SLACK_STATE_SECRET` can finish a flow another
 * began, and a state finishes one install only) and the code is exchanged (oauth.v2.access) for the
 * workspace's bot token. This file holds what paperboy adds: the scopes (those of slack-app-manifest.yml),
 * the single-use state and the pages the person installing sees.
 */
import type { ServerResponse } from 'node:http';
import type { HTTPReceiverOptions, InstallationStore, webApi } from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';
import { alreadyUsed, singleUseStateStore, stateLifetimeSeconds } from './slack-oauth-state';
import type { ClaimOnce } from './slack-replays';

export const installPath = '/slack/install';
export const redirectPath = '/slack/oauth_redirect';

/** The bot scopes of slack-app-manifest.yml (test/slack/slack-manifest.test.ts keeps them equal). */
export const botScopes = [
  'chat:write',
  'commands',
  'reactions:read',
  'channels:history',
  'groups:history',
  'channels:read',
  'groups:read',
  'channels:join',
  'users:read',
] as const;

export interface InstallFlowOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  installationStore: InstallationStore;
  /** Needed only when the app lists several redirect URLs; must end with `/slack/oauth_redirect`. */
  redirectUri?: string | undefined;
  /** Slack's authorize page; by default the one beside the Web API base (`https://slack.com/oauth/v2/authorize`). */
  authorizationUrl: string;
  clientOptions: webApi.WebClientOptions;
  log: Logger;
  /** Consumes a state once across every instance (the shared database). */
  claimOnce: ClaimOnce;
}

/** Slack's authorize page beside a Web API base: `https://slack.com/api/` → `https://slack.com/oauth/v2/authorize`. */
export const authorizeUrlBeside = (apiUrl: string) => new URL('../oauth/v2/authorize', apiUrl).toString();

/** The installer part of the HTTP receiver's options. */
export function installFlowOptions(options: InstallFlowOptions): Partial<HTTPReceiverOptions> {
  const { logger: _logger, logLevel: _level, ...clientOptions } = options.clientOptions;
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    installationStore: options.installationStore,
    scopes: [...botScopes],
    ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
    installerOptions: {
      installPath,
      redirectUriPath: redirectPath,
      directInstall: true,
      stateVerification: true,
      stateStore: singleUseStateStore(options.stateSecret, options.claimOnce),
      stateCookieExpirationSeconds: stateLifetimeSeconds,
      authorizationUrl: options.authorizationUrl,
      clientOptions,
      callbackOptions: {
        success: (installation, _options, _req, res) => {
          const team = installation.team?.name ?? installation.team?.id ?? 'your workspace';
          page(res, 200, `paperboy is installed in ${team}`, [
            'In a channel, run <code>/papers subscribe 09:00 Europe/Paris</code> to get the Daily Papers there ' +
              '(a workspace admin or owner, or the channel’s creator, can). <code>/papers help</code> lists the rest.',
          ]);
        },
        failure: (error, _options, _req, res) => {
          options.log.warn({ code: error.code, reason: error.message }, 'slack install refused');
          const [status, title, text] = failurePage(error.code, error.message ?? '');
          page(res, status, title, [text]);
        },
      },
    },
  };
}

function failurePage(code: string, message: string): [number, string, string] {
  const again = `Start again from <a href="${installPath}">${installPath}</a>.`;
  if (code === 'slack_oauth_invalid_state' && message === alreadyUsed) {
    return [
      400,
      'This install link was already used',
      `An install link works once; this one already finished an install. Nothing more was installed. ${again}`,
    ];
  }
  if (code === 'slack_oauth_invalid_state' || code === 'slack_oauth_missing_state') {
    return [
      400,
      'This install link is not valid',
      'It has expired (a link lasts 10 minutes), was opened in another browser than the one that started ' +
        `the install, or was not made by this paperboy. Nothing was installed. ${again}`,
    ];
  }
  if (code === 'slack_oauth_missing_code') {
    return [400, 'Slack sent no authorization code', `Nothing was installed. ${again}`];
  }
  if (/cancelled/i.test(message)) {
    return [200, 'The install was cancelled', `Nothing was installed. ${again}`];
  }
  return [
    500,
    'Slack did not complete the install',
    `Nothing was installed; the paperboy log says why (${escapeHtml(code)}). ${again}`,
  ];
}

function page(res: ServerResponse, status: number, title: string, paragraphs: string[]): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><h1>${escapeHtml(title)}</h1>${paragraphs.map((text) => `<p>${text}</p>`).join('')}</body></html>`,
  );
}

/** Only the team name is outside text here; the five characters HTML gives meaning to are escaped. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
