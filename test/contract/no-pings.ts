/**
 * What each platform must receive so that no text from papers or people pings anyone, read from what the
 * fake recorded on the wire. Discord: every message body sent says `allowed_mentions: { parse: [] }`.
 * Slack: mrkdwn (the `text` fallback and every mrkdwn text object; plain_text is never parsed) has `<`, `>`
 * and `&` escaped (`&lt;!channel&gt;`), so no `<!…>`, `<@…>` or foreign `<url|label>` survives, and
 * `link_names` (which would turn a plain `@here` into a ping) is never set.
 */
import type { DiscordDriver } from '../discord/discord-driver';
import type { SlackDriver } from '../slack/slack-driver';

export interface WireReport {
  /** How many outbound messages were checked (so an empty check cannot pass by accident). */
  checked: number;
  problems: string[];
  /** Every message text sent, raw, joined: for spot checks of the escaping. */
  raw: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Message creates, interaction answers and their edits and follow-ups. */
const DISCORD_MESSAGE_PATHS =
  /^\/channels\/\d+\/messages$|^\/interactions\/\d+\/[^/]+\/callback$|^\/webhooks\/\d+\/[^/]+(\/messages\/[^/]+)?$/;

const isEmptyList = (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0);

/** `{ parse: [] }`, with no user or role let through by id either. */
const allowsNoMentions = (mentions: unknown) =>
  isObject(mentions) &&
  Array.isArray(mentions.parse) &&
  mentions.parse.length === 0 &&
  isEmptyList(mentions.users) &&
  isEmptyList(mentions.roles);

export function discordWire(driver: DiscordDriver): WireReport {
  const report: WireReport = { checked: 0, problems: [], raw: '' };
  for (const request of driver.harness.fake.requests.entries) {
    if (!['POST', 'PATCH'].includes(request.method) || !DISCORD_MESSAGE_PATHS.test(request.path)) continue;
    const sent = isObject(request.body) ? request.body : {};
    const body = isObject(sent.data) ? sent.data : sent;
    if (body.content === undefined && body.embeds === undefined) continue;
    report.checked += 1;
    report.raw += `${JSON.stringify([body.content, body.embeds])}\n`;
    if (!allowsNoMentions(body.allowed_mentions))
      report.problems.push(
        `${request.method} ${request.path}: allowed_mentions ${JSON.stringify(body.allowed_mentions)}`,
      );
  }
  return report;
}

/** A special mention (`<!channel>`, `<!subteam^…>`), a user or channel mention, or the scenario's fake link. */
const SLACK_PINGS = /<[!@#]|<https?:\/\/evil\.example/;

/** The message's `text` and every mrkdwn text object in its blocks, however deep. */
function mrkdwnTexts(body: Json): string[] {
  const texts = typeof body.text === 'string' ? [body.text] : [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      if (value.type === 'mrkdwn' && typeof value.text === 'string') texts.push(value.text);
      Object.values(value).forEach(walk);
    }
  };
  walk(body.blocks);
  return texts;
}

export function slackWire(driver: SlackDriver): WireReport {
  const report: WireReport = { checked: 0, problems: [], raw: '' };
  const { fake } = driver.harness;
  const sent = [
    ...fake.callsTo('chat.postMessage').map((call) => ({ what: 'chat.postMessage', body: call.args })),
    ...fake.responses.map((post) => ({ what: `response_url ${post.urlId}`, body: post.body })),
  ];
  for (const { what, body } of sent) {
    report.checked += 1;
    const raw = mrkdwnTexts(body).join('\n');
    report.raw += `${raw}\n`;
    if (body.link_names !== undefined && body.link_names !== false && body.link_names !== 'false')
      report.problems.push(`${what}: link_names ${String(body.link_names)}`);
    const ping = SLACK_PINGS.exec(raw);
    if (ping) report.problems.push(`${what}: "${raw.slice(Math.max(0, ping.index - 30), ping.index + 40)}"`);
  }
  return report;
}
