/**
 * `paperboy email subscribe <address> [settings]`, `unsubscribe <address>`, `list` and
 * `why <address> <paper>`. Subscribing only sends the confirmation mail: the digest starts when the
 * address's owner clicks its signed link, so nobody can subscribe someone else.
 */

import type { Reply } from '../../src/chat/replies';
import { systemClock } from '../../src/clock';
import { DeliveryError, PaperboyError } from '../../src/errors';
import type { PlatformCliCommand, PlatformCore } from '../platform-module';
import { emailPlatform, normalAddress, ownerContext } from './email-address';
import { sendConfirmation } from './email-confirmation';
import { type EmailConfig, emailSettings, requiredWithSmtp } from './email-env';
import { forAddress } from './email-links';

const usage = 'email subscribe <address> [settings]  mail the digest there (also: unsubscribe, list, why)';
const help = `Usage:
  paperboy email subscribe <address> [09:00] [Europe/Paris] [top=10] [include=…] [weekdays=mon-fri] [source=daily|trending|arxiv] [categories=cs.LG,cs.RO]
  paperboy email unsubscribe <address>
  paperboy email list
  paperboy email why <address> <arXiv id>`;

const textOf = (reply: Reply) => (reply.kind === 'text' ? reply.text : '');

function addressArg(value: string | undefined): string {
  const address = value === undefined ? null : normalAddress(value);
  if (!address) {
    throw new PaperboyError(
      'invalid_input',
      `${value === undefined ? 'An address is missing' : `"${value}" is not an email address`}: expected one such as you@lab.org.\n\n${help}`,
    );
  }
  return address;
}

/** Settings as typed, quoted again where the shell took the quotes away (`include="diffusion, llm"`). */
const settingsText = (args: string[]) =>
  args
    .map((arg) => (/\s/.test(arg) && /^[a-z_]+=/.test(arg) ? arg.replace(/=(.*)$/s, '="$1"') : arg))
    .join(' ');

async function subscribe(
  config: EmailConfig,
  args: string[],
  openCore: (where?: 'database' | 'scratch') => Promise<PlatformCore>,
) {
  const address = addressArg(args[0]);
  const settings = emailSettings(config);
  if (!settings) {
    throw new PaperboyError(
      'config_invalid',
      `email subscribe needs SMTP_URL, ${requiredWithSmtp.join(', ')}`,
    );
  }
  const wanted = settingsText(args.slice(1));
  // The settings are checked now (on a scratch database), not when the link is clicked.
  const trial = await (await openCore('scratch')).commands.executeText(
    `subscribe ${wanted}`.trim(),
    ownerContext(address),
  );
  if (trial.kind !== 'text' || trial.tone === 'error')
    throw new PaperboyError('invalid_input', textOf(trial));
  const description = textOf(trial).split('\n').slice(1, -1).join('\n');
  try {
    await sendConfirmation(settings, systemClock, { address, settingsText: wanted, description });
  } catch (error) {
    // One line, as every CLI refusal: the mail server's answer, never a stack.
    const reason = error instanceof DeliveryError ? error.message : 'the mail server did not answer';
    throw new PaperboyError('delivery_failed', `No confirmation mail could be sent: ${reason}.`, {
      cause: error,
    });
  }
  return `A confirmation mail went to ${address}. The digest starts once its link is clicked (it works for 7 days).\n${description}`;
}

export const emailCli: PlatformCliCommand<EmailConfig> = {
  name: 'email',
  usage,
  async run({ config, argv, stdout, openCore }) {
    const [action, ...args] = argv.filter((arg) => arg !== '--verbose');
    let output: string;
    switch (action) {
      case 'subscribe':
        output = await subscribe(config, args, openCore);
        break;
      case 'unsubscribe':
        output = forAddress(
          textOf(
            await (await openCore()).commands.executeText('unsubscribe', ownerContext(addressArg(args[0]))),
          ),
          addressArg(args[0]),
        );
        break;
      case 'why': {
        const address = addressArg(args[0]);
        if (!args[1]) throw new PaperboyError('invalid_input', `Which paper? ${help}`);
        output = forAnAddress(
          textOf(await (await openCore()).commands.executeText(`why ${args[1]}`, ownerContext(address))),
          address,
        );
        break;
      }
      case 'list': {
        const subscribers = await (await openCore()).subscriptions(emailPlatform);
        output = subscribers.length
          ? subscribers
              .map(
                (s) =>
                  `${s.channel.channelId}  ${s.time} ${s.timezone}  top ${s.topN}  ${s.source}${s.pausedReason ? `  paused: ${s.pausedReason}` : ''}`,
              )
              .join('\n')
          : 'No email subscribers yet: paperboy email subscribe you@lab.org';
        break;
      }
      default:
        throw new PaperboyError(
          'invalid_input',
          `${action === undefined ? 'What should email do?' : `Unknown email command "${action}".`}\n\n${help}`,
        );
    }
    stdout.write(`${output}\n`);
  },
};

/**
 * The core explains a paper to a channel ("this channel's first digest", "posted here"); for an address the
 * same facts are said of the address and its mail.
 */
export function forAnAddress(text: string, address: string): string {
  return text
    .replace(/\b[Tt]his channel's\b/g, (word) => `${word[0] === 'T' ? 'T' : 't'}his address's`)
    .replace(/\bThis channel\b/g, address)
    .replace(/\b(this|the) channel\b/g, (_word, article: string) => `${article} address`)
    .replace(/\bposted here\b/g, 'mailed to it')
    .replace(/\bposted\b/g, 'mailed')
    .replace(/\bpost(s|ing)?\b/g, (_word, ending: string | undefined) => `mail${ending ?? ''}`);
}
