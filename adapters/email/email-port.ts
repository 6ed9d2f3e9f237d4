/**
 * The email delivery port: a digest is one mail (`postDigest`), multipart HTML and text, with
 * `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
 *
 * What "in flight" means here: the core records the digest's papers `sending` before the SMTP transaction
 * and `sent` once the server has answered the end of DATA with 250. SMTP offers no way to ask a server
 * afterwards whether it took a message, so `findPosted` finds nothing and a digest interrupted in that
 * window is sent again by the next tick. Doing so is right when the crash came before the server's 250
 * (the mail was not taken) and a duplicate only when it came in the instant between the 250 and the
 * database write; that duplicate carries the same Message-ID (made from the delivery key), which mail
 * clients thread with the first and Gmail drops. We prefer that to losing a day's digest.
 */
import type { DeliveryPort, PostedMessage } from '../../src/chat/chat-port';
import type { DigestHeader, PaperCard } from '../../src/chat/replies';
import type { ChannelRef } from '../../src/records/channel';
import { type Mailer, smtpConnections } from './email-mailer';
import { type RenderedMail, renderDigestMail, renderTextMail } from './email-render';
import { signToken } from './email-tokens';

export interface EmailPortOptions {
  mailer: Mailer;
  publicUrl: string;
  signingKey: string;
  /** The database's random id (Store.databaseId): in every Message-ID, so a new database never reuses one. */
  databaseId: () => Promise<string>;
}

export const unsubscribeUrl = (
  options: Pick<EmailPortOptions, 'publicUrl' | 'signingKey'>,
  address: string,
) =>
  `${options.publicUrl}/email/unsubscribe?t=${signToken(options.signingKey, { kind: 'unsubscribe', address })}`;

export function createEmailPort(options: EmailPortOptions): DeliveryPort {
  const domain = new URL(options.publicUrl).hostname || 'paperboy.invalid';
  let databaseId: Promise<string> | null = null;
  const idPart = (text: string) => text.replace(/[^\w.-]/g, '.');
  /** `<delivery key>.<database id>.<address>@<host>`: the same for every attempt of one delivery, unique in the world. */
  const messageIdFor = async (key: string, address: string) => {
    databaseId ??= options.databaseId();
    return `<${idPart(key)}.${(await databaseId).slice(0, 16)}.${idPart(address)}@${domain}>`;
  };

  async function send(
    channel: ChannelRef,
    render: (links: { unsubscribe: string; address: string }) => RenderedMail,
    key?: string,
  ): Promise<PostedMessage> {
    const address = channel.channelId;
    const unsubscribe = unsubscribeUrl(options, address);
    const mail = render({ unsubscribe, address });
    const messageId = key ? await messageIdFor(key, address) : null;
    const sent = await options.mailer.send({
      ...mail,
      to: address,
      ...(messageId ? { messageId } : {}),
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return { messageId: sent.messageId, url: null };
  }

  return {
    platform: 'email',
    concurrentChannels: smtpConnections,
    postDigest: (channel, header: DigestHeader, cards: PaperCard[], key) =>
      send(channel, (links) => renderDigestMail(header, cards, links), key),
    // The core uses postDigest; these keep the port whole for anything that posts piece by piece.
    postDigestHeader: (channel, header, key) =>
      send(channel, (links) => renderDigestMail(header, [], links), key),
    postPaper: (channel, card, key) =>
      send(
        channel,
        (links) =>
          renderDigestMail(
            { title: card.title, batchDay: card.batchDay ?? '', count: 1, total: 1, dayUrl: card.hfUrl },
            [card],
            links,
          ),
        key,
      ),
    postText: (channel, text) => send(channel, (links) => renderTextMail(text, links)),
    // SMTP cannot be asked whether it took a message: see the header.
    findPosted: async () => null,
  };
}
