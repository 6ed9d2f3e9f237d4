/**
 * The email adapter: a delivery port over SMTP (digests as mails) and the HTTP listener for the links in
 * them (confirm, unsubscribe). Start-up checks the SMTP server answers and takes the login, so a wrong
 * SMTP_URL stops the bot with one line instead of failing at the first digest.
 */
import type { Server } from 'node:http';
import type { CommandService } from '../../commands/command-service';
import type { ChatAdapter } from '../../src/chat/chat-adapter';
import type { Clock } from '../../src/clock';
import type { Logger } from '../../src/logging/logger';
import type { EmailSettings } from './email-env';
import { createLinkHandler, listen } from './email-links';
import { createMailer } from './email-mailer';
import { createEmailPort } from './email-port';

export interface EmailAdapterOptions {
  settings: EmailSettings;
  commands: CommandService;
  clock: Clock;
  log: Logger;
  databaseId: () => Promise<string>;
}

export function createEmailAdapter(options: EmailAdapterOptions): ChatAdapter {
  const { settings } = options;
  const log = options.log.child({ platform: 'email' });
  const mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.from });
  const port = createEmailPort({
    mailer,
    publicUrl: settings.publicUrl,
    signingKey: settings.signingKey,
    databaseId: options.databaseId,
  });
  let server: Server | null = null;
  return {
    port,
    async start() {
      if (new URL(settings.publicUrl).protocol === 'http:') {
        log.warn(
          { publicUrl: settings.publicUrl },
          'EMAIL_PUBLIC_URL is http://: mail clients offer one-click unsubscribe (RFC 8058) only for https links, and the signed links travel in clear; serve them behind https',
        );
      }
      await mailer.verify();
      const handler = createLinkHandler({
        commands: options.commands,
        signingKey: settings.signingKey,
        clock: options.clock,
        log,
      });
      server = await listen(handler, settings.port, settings.host, log);
    },
    async stop() {
      mailer.close();
      const open = server;
      server = null;
      if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
    connected: () => server?.listening === true,
  };
}
