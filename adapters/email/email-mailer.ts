/**
 * Sends mail through SMTP with nodemailer, and turns its failures into the core's delivery failures: the
 * address refused (5xx on the recipient) pauses the subscription, as a revoked channel does, and shows in
 * `why`; a rejected login is `unauthorized`; anything else (connection, 4xx, timeout) is retried.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { DeliveryError } from '../../src/errors';
import type { RenderedMail } from './email-render';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** Deterministic per delivery key: a mail sent again after a crash carries the same Message-ID. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  verify(): Promise<void>;
  close(): void;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message: string;
}

export function toDeliveryError(error: unknown, to: string): DeliveryError {
  const smtp = error as SmtpError;
  const said = smtp.response ?? smtp.message;
  if (smtp.code === 'EAUTH') {
    return new DeliveryError('unauthorized', `the mail server refused paperboy's login: ${said}`, {
      cause: error,
    });
  }
  if (smtp.responseCode !== undefined && smtp.responseCode >= 500) {
    const failure = smtp.code === 'EENVELOPE' ? 'channel_unavailable' : 'rejected';
    return new DeliveryError(failure, `the mail server refused the mail to ${to}: ${said}`, { cause: error });
  }
  return new DeliveryError('transient', `the mail to ${to} could not be sent yet: ${said}`, { cause: error });
}

/** Mails sent at once, over as many SMTP connections: the email port posts this many subscribers at a time. */
export const smtpConnections = 4;

export function createMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 30_000;
  // A pool built here, not `createTransport(url, …)`: given a URL, nodemailer takes its options from the URL
  // alone (the second argument is message defaults), so the timeouts would be silently dropped.
  const pool = new SMTPPool({
    url: options.smtpUrl,
    pool: true,
    maxConnections: smtpConnections,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const transport: Transporter = nodemailer.createTransport(pool);
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        return { messageId: String(info.messageId) };
      } catch (error) {
        throw toDeliveryError(error, mail.to);
      }
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
