/** Email as a platform module: digests by mail to confirmed subscribers, on when SMTP_URL is set. */
import { definePlatform } from '../platform-module';
import { createEmailAdapter } from './email-adapter';
import { emailChatCommand } from './email-chat-command';
import { emailCli } from './email-cli';
import { emailEnv, emailSettings, requiredWithSmtp } from './email-env';

export const emailModule = definePlatform({
  id: 'email',
  name: 'Email',
  env: emailEnv,
  secrets: ['SMTP_URL', 'EMAIL_SIGNING_KEY'],
  plan(config) {
    const settings = emailSettings(config);
    if (!settings) return { on: false, reason: 'SMTP_URL not set' };
    return {
      on: true,
      reason: `SMTP via ${new URL(settings.smtpUrl).host}, links at ${settings.publicUrl}`,
      deliveryOnly: true,
    };
  },
  halfConfigured(config) {
    const missing = requiredWithSmtp.filter((key) => !config[key]);
    if (config.SMTP_URL && missing.length > 0) {
      return [
        `Email is half configured: SMTP_URL is set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not`,
      ];
    }
    const stray = requiredWithSmtp.filter((key) => config[key]);
    if (!config.SMTP_URL && stray.length > 0) {
      return [`Email is half configured: ${stray.join(', ')} set but SMTP_URL is not`];
    }
    return [];
  },
  createAdapter(config, deps) {
    const settings = emailSettings(config);
    if (!settings) throw new Error('SMTP_URL is not set');
    return createEmailAdapter({
      settings,
      commands: deps.commands,
      clock: deps.clock,
      log: deps.log,
      databaseId: () => deps.store.databaseId(),
    });
  },
  credentialHint: 'check SMTP_URL (host, port, user and password) and EMAIL_PORT',
  cliCommands: [emailCli],
  chatCommands: [emailChatCommand],
});
