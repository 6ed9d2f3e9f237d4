/**
 * The contract suite's email side: the real email port (nodemailer) against a real SMTP server on
 * 127.0.0.1. A "channel" is an address (`<name>@contract.test`); its commands are run as its owner, as
 * the signed confirm link does; what it "sees" is the mails it received, each digest mail read back as a
 * header message and one message per card (text, links and images from the HTML part).
 */
import { channelOf, ownerContext } from '../../adapters/email/email-address';
import { createMailer, type Mailer } from '../../adapters/email/email-mailer';
import { createEmailPort } from '../../adapters/email/email-port';
import type { CommandService } from '../../commands/command-service';
import type { DeliveryPort } from '../../src/chat/chat-port';
import type { ChannelRef } from '../../src/records/channel';
import type { ChatDriver, CommandInput, DriverMessage, DriverReply } from '../contract/chat-driver';
import { FakeSmtpServer } from '../fakes/smtp/fake-smtp-server';

const decode = (html: string) =>
  html
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

function messageFrom(html: string, id: string): DriverMessage {
  const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((match) => ({
    label: decode(match[2] ?? ''),
    url: decode(match[1] ?? ''),
  }));
  const images = [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => decode(match[1] ?? ''));
  return { id, text: textOf(html), buttons: [], links, images, threadOf: null };
}

/** A digest mail as messages: the header (its block before the first card), then each card (without its number). */
export function mailAsMessages(html: string, mailId: string): DriverMessage[] {
  const start = html.indexOf('<table role="presentation" width="640"');
  // The footer row is the one whose style goes on after the border.
  const body = html.slice(
    start,
    html.lastIndexOf('<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;'),
  );
  const [head = '', ...rest] = body.split('<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">');
  const cards = rest.map((card, index) => {
    const content = card.slice(card.indexOf('</td>') + 5);
    const message = messageFrom(content, `${mailId}#${index + 1}`);
    // The title link is the card's heading, not one of its links.
    return { ...message, links: message.links.slice(1) };
  });
  return [messageFrom(head, mailId), ...cards];
}

const unsupported = (what: string) => () => Promise.reject(new Error(`email has no ${what}`));

export class EmailDriver implements ChatDriver {
  readonly platform = 'email' as const;

  private constructor(
    private readonly commands: CommandService,
    readonly smtp: FakeSmtpServer,
    private readonly mailer: Mailer,
    readonly port: DeliveryPort,
  ) {}

  static async start(options: { commands: CommandService }): Promise<EmailDriver> {
    const smtp = await FakeSmtpServer.start();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'paperboy <papers@contract.test>' });
    const port = createEmailPort({
      mailer,
      publicUrl: 'http://127.0.0.1:9',
      signingKey: 'contract-signing-key-0123456789abcdef',
      databaseId: async () => 'c0ffee00c0ffee00c0ffee00c0ffee00',
    });
    return new EmailDriver(options.commands, smtp, mailer, port);
  }

  address(channel: string): string {
    return `${channel.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}@contract.test`;
  }

  channelRef(channel: string): ChannelRef {
    return channelOf(this.address(channel));
  }

  async runCommand(input: CommandInput): Promise<DriverReply> {
    const context = { ...ownerContext(this.address(input.channel)), canManageChannel: input.admin ?? false };
    const reply = await this.commands.executeText(input.text, context);
    return {
      text: reply.kind === 'text' ? reply.text : JSON.stringify(reply),
      ephemeral: reply.visibility === 'private',
      buttons: [],
    };
  }

  clickButton = unsupported('buttons');
  react = unsupported('reactions');
  replayLastReaction = unsupported('reactions');
  postAsUser = unsupported('messages from people');

  /** The mails the address received, read back as messages. */
  async channelMessages(channel: string): Promise<DriverMessage[]> {
    const address = this.address(channel);
    return this.smtp.mails
      .filter((mail) => mail.to.includes(address))
      .flatMap((mail, index) => mailAsMessages(String(mail.parsed.html), `mail${index + 1}`));
  }

  /** SMTP attempts for the address, refused ones included. */
  attemptsTo(channel: string): number {
    return this.smtp.attempts.filter((address) => address === this.address(channel)).length;
  }

  async close(): Promise<void> {
    this.mailer.close();
    await this.smtp.close();
  }
}
