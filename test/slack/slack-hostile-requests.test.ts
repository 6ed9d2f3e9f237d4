/**
 * Slack as a hostile world sends it, to the running bot (runBot in HTTP mode with the install flow, on the
 * fake Slack): an OAuth state used twice, a signed slash command sent twice, bodies larger than Slack ever
 * sends, and what the debug log keeps of an install. State and replays are claimed in the database, so
 * they hold across instances (PostgreSQL: two at once; SQLite: one bot per file, so across a restart).
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import type { FakeSlack } from '../fakes/slack/fake-slack';
import { formBody, formContentType, sendSignedRequest, slackSignature } from '../fakes/slack/slack-signing';
import { oct25Batch } from '../support/fixtures';
import { testStores } from '../support/test-stores';
import {
  alpha,
  install,
  SlackInstance,
  signingSecret,
  startTwoWorkspaces,
  type WorkspaceSpec,
} from './slack-install-world';

let fake: FakeSlack | null = null;
let hf: FakeHfServer | null = null;
let instances: SlackInstance[] = [];
let stores: Store[] = [];
afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.bot.stop(false)));
  await Promise.all(stores.map((store) => store.close()));
  await fake?.close();
  await hf?.stop();
  instances = [];
  stores = [];
  fake = null;
  hf = null;
});

async function world(): Promise<{ fake: FakeSlack; hf: FakeHfServer }> {
  fake = await startTwoWorkspaces();
  hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  return { fake, hf };
}

/**
 * `count` instances on one fresh database of `kind`: on PostgreSQL running side by side; on SQLite (one
 * bot per file) the second starts on the same file once the first has stopped, as after a restart.
 */
async function onOneDatabase(kind: (typeof testStores)[number]) {
  const slack = fake as FakeSlack;
  const source = hf as FakeHfServer;
  if (kind.name === 'sqlite') {
    const first = await SlackInstance.start(slack, source);
    instances.push(first);
    return {
      first,
      second: async () => {
        await first.bot.stop(false);
        instances = instances.filter((instance) => instance !== first);
        const again = await SlackInstance.start(slack, source, { database: first.bot.database });
        instances.push(again);
        return again;
      },
    };
  }
  const opened = await kind.openShared(2);
  stores.push(...opened);
  const started: SlackInstance[] = [];
  for (const store of opened) {
    started.push(
      await SlackInstance.start(slack, source, {
        store,
        env: { DATABASE_URL: 'postgres://shared-test-database/paperboy' },
      }),
    );
  }
  instances.push(...started);
  const [first, second] = started as [SlackInstance, SlackInstance];
  return { first, second: async () => second };
}

interface Begun {
  authorize: string;
  state: string;
  cookie: string;
  setCookie: string[];
}

/** The browser opens `/slack/install`: the state cookie and the redirect to Slack's authorize page. */
async function beginInstall(at: SlackInstance): Promise<Begun> {
  const begun = await fetch(`${at.url}/slack/install`, { redirect: 'manual' });
  const authorize = begun.headers.get('location') ?? '';
  expect(begun.status).toBe(302);
  const setCookie = begun.headers.getSetCookie();
  return {
    authorize,
    state: new URL(authorize).searchParams.get('state') ?? '',
    cookie: setCookie.map((line) => line.split(';')[0]).join('; '),
    setCookie,
  };
}

/** Slack's page approves the install (a fresh code each time) and sends the browser back to `at`. */
async function finishInstall(slack: FakeSlack, spec: WorkspaceSpec, begun: Begun, at: SlackInstance) {
  slack.teams.app.redirectUrl = `${at.url}/slack/oauth_redirect`;
  const approved = await fetch(`${begun.authorize}&team=${spec.teamId}`, { redirect: 'manual' });
  const back = approved.headers.get('location') ?? '';
  expect(new URL(back).searchParams.get('state')).toBe(begun.state);
  const done = await fetch(back, { headers: { cookie: begun.cookie } });
  return { status: done.status, html: await done.text() };
}

/** A `/papers <text>` body as Slack signs it, with the response_url its answer goes to. */
function commandBody(
  slack: FakeSlack,
  spec: WorkspaceSpec,
  text: string,
  extra: Record<string, string> = {},
) {
  const response = slack.createResponseUrl();
  const body = formBody({
    token: 'legacy-verification-token',
    command: '/papers',
    text,
    response_url: response.url,
    trigger_id: 'trigger-replayed',
    user_id: spec.admin,
    user_name: 'admin',
    team_id: spec.teamId,
    team_domain: spec.teamId.toLowerCase(),
    channel_id: spec.channel,
    channel_name: 'papers',
    api_app_id: 'A_PAPERBOY',
    ...extra,
  });
  return { body, responseUrlId: response.id };
}

describe.each(testStores)('Slack requests sent twice, on $name', (kind) => {
  it('an OAuth state installs once (its cookie SameSite=Lax): the same state and cookie with a fresh code are refused, on every instance', async () => {
    const { fake } = await world();
    const { first, second } = await onOneDatabase(kind);
    const begun = await beginInstall(first);
    const stateCookie = begun.setCookie.find((line) => line.startsWith('slack-app-oauth-state='));
    expect(stateCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(stateCookie).toMatch(/;\s*HttpOnly/i);
    const installed = await finishInstall(fake, alpha, begun, first);
    expect(installed.status).toBe(200);
    expect(installed.html).toContain('paperboy is installed in Alpha Lab');
    // Same instance, then the other one (or the same file after a restart): refused before any code is spent.
    const again = await finishInstall(fake, alpha, begun, first);
    const next = await second();
    const other = await finishInstall(fake, alpha, begun, next);
    for (const refused of [again, other]) {
      expect(refused.status).toBe(400);
      expect(refused.html).toContain('This install link was already used');
      expect(refused.html).toContain('/slack/install');
    }
    expect(fake.callsTo('oauth.v2.access')).toHaveLength(1);
    expect(fake.teams.tokensOf(alpha.teamId)).toHaveLength(1);
    // A new install link still works.
    const fresh = await finishInstall(fake, alpha, await beginInstall(next), next);
    expect(fresh.status).toBe(200);
  }, 60_000);

  it('a signed slash command sent twice inside the five minutes is answered once, whichever instance gets the copy', async () => {
    const { fake } = await world();
    const { first, second } = await onOneDatabase(kind);
    expect((await install(fake, alpha, first)).status).toBe(200);
    const { body, responseUrlId } = commandBody(fake, alpha, 'help');
    const timestamp = Math.floor(Date.now() / 1_000);
    const send = (at: SlackInstance) =>
      sendSignedRequest(`${at.url}/slack/events`, body, {
        secret: signingSecret,
        contentType: formContentType,
        timestamp,
      });
    expect((await send(first)).status).toBe(200);
    await fake.waitFor(() => fake.responsesTo(responseUrlId)[0], 'the answer');
    const replayed = async (at: SlackInstance) => {
      expect((await send(at)).status).toBe(200);
      await at.bot.logs.waitFor(
        (line) => line.msg === 'refused a replayed slack request (its signature was already used)',
        'the refusal',
      );
    };
    await replayed(first);
    const next = await second();
    await replayed(next);
    expect(fake.responsesTo(responseUrlId)).toHaveLength(1);
    // The same command signed anew (another timestamp) is a new request, and is answered.
    const later = commandBody(fake, alpha, 'help');
    const fresh = await sendSignedRequest(`${next.url}/slack/events`, later.body, {
      secret: signingSecret,
      contentType: formContentType,
      timestamp: timestamp - 1,
    });
    expect(fresh.status).toBe(200);
    await fake.waitFor(() => fake.responsesTo(later.responseUrlId)[0], 'the fresh answer');
  }, 60_000);
});

interface Answer {
  status: number;
  reused: boolean;
  body: string;
}

/** A POST over `agent` (one keep-alive socket); `chunks` are written one by one without a length when given. */
function post(
  agent: HttpAgent,
  url: string,
  body: string | string[],
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunked = Array.isArray(body);
    const req = httpRequest(url, {
      method: 'POST',
      agent,
      headers: chunked ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, body: text }));
    });
    req.on('error', reject);
    for (const chunk of chunked ? body : [body]) req.write(chunk);
    req.end();
  });
}

const signedHeaders = (body: string, contentType: string): Record<string, string> => {
  const timestamp = Math.floor(Date.now() / 1_000);
  return {
    'content-type': contentType,
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(signingSecret, timestamp, body),
  };
};

describe('Slack HTTP bodies and the listener, through runBot', () => {
  it('refuses a command past 64 kB and an event past 1 MB with 413 before reading them, and the keep-alive connection answers the next request', async () => {
    const { fake, hf } = await world();
    const bot = await SlackInstance.start(fake, hf);
    instances.push(bot);
    expect((await install(fake, alpha, bot)).status).toBe(200);
    const events = `${bot.url}/slack/events`;
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    try {
      const huge = commandBody(fake, alpha, 'search diffusion', { filler: 'x'.repeat(1_200_000) });
      const refused = await post(agent, events, huge.body, signedHeaders(huge.body, formContentType));
      expect(refused.status).toBe(413);
      const small = commandBody(fake, alpha, 'help');
      const next = await post(agent, events, small.body, signedHeaders(small.body, formContentType));
      expect(next).toMatchObject({ status: 200, reused: true });
      await fake.waitFor(() => fake.responsesTo(small.responseUrlId)[0], 'the answer after the 413');
      expect(fake.responsesTo(huge.responseUrlId)).toEqual([]);

      // 70 kB: too much for a command, not for an event.
      const overForm = commandBody(fake, alpha, 'help', { filler: 'y'.repeat(70_000) });
      expect(
        (await post(agent, events, overForm.body, signedHeaders(overForm.body, formContentType))).status,
      ).toBe(413);
      const event = (filler: string) =>
        JSON.stringify({
          token: 'legacy-verification-token',
          team_id: alpha.teamId,
          api_app_id: 'A_PAPERBOY',
          type: 'event_callback',
          event_id: `Ev${filler.length}`,
          event_time: Math.floor(Date.now() / 1_000),
          event: { type: 'app_mention', text: filler, user: alpha.admin, channel: alpha.channel },
        });
      const midEvent = event('z'.repeat(70_000));
      expect(await post(agent, events, midEvent, signedHeaders(midEvent, 'application/json'))).toMatchObject({
        status: 200,
        reused: true,
      });
      // An event past 1 MB sent without a length (chunked): counted as it comes, refused, the socket kept.
      const bigEvent = event('w'.repeat(1_100_000));
      const chunks = bigEvent.match(/[\s\S]{1,65536}/g) ?? [];
      expect(await post(agent, events, chunks, signedHeaders(bigEvent, 'application/json'))).toMatchObject({
        status: 413,
        reused: true,
      });
      const last = commandBody(fake, alpha, 'help');
      expect(await post(agent, events, last.body, signedHeaders(last.body, formContentType))).toMatchObject({
        status: 200,
        reused: true,
      });
      await fake.waitFor(() => fake.responsesTo(last.responseUrlId)[0], 'the last answer');
    } finally {
      agent.destroy();
    }
    const refusals = bot.bot.logs.entries.filter(
      (line) => line.msg === 'refused a Slack request larger than Slack sends',
    );
    expect(refusals.map((line) => line.limit)).toEqual([65_536, 65_536, 1_048_576]);
  }, 60_000);

  it('listens on SLACK_HOST and keeps OAuth codes and states out of the debug log', async () => {
    const { fake, hf } = await world();
    const bot = await SlackInstance.start(fake, hf, { env: { SLACK_HOST: '127.0.0.1' } });
    instances.push(bot);
    const started = bot.bot.logs.entries.find((line) => line.msg === 'slack adapter started');
    expect(started?.host).toBe('127.0.0.1');
    const begun = await beginInstall(bot);
    expect((await finishInstall(fake, alpha, begun, bot)).status).toBe(200);
    const code = fake.callsTo('oauth.v2.access')[0]?.args.code;
    expect(code).toMatch(/^code-T_ALPHA-/);
    const logged = JSON.stringify(bot.bot.logs.entries);
    expect(logged).toContain('oauth.v2.access');
    expect(logged).not.toContain(String(code));
    expect(logged).not.toContain(begun.state);
    expect(logged).not.toContain(begun.state.split('.')[1] ?? 'no signature');
  }, 60_000);
});
