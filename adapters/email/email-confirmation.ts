/** Sends the double opt-in mail: a signed confirm link carrying the address and the settings asked for. */
import type { Clock } from '../../src/clock';
import type { EmailSettings } from './email-env';
import { createMailer } from './email-mailer';
import { renderConfirmMail } from './email-render';
import { confirmLifetimeMs, signToken } from './email-tokens';

export async function sendConfirmation(
  settings: EmailSettings,
  clock: Clock,
  request: { address: string; settingsText: string; description: string },
): Promise<void> {
  const token = signToken(settings.signingKey, {
    kind: 'confirm',
    address: request.address,
    settings: request.settingsText,
    expires: clock.now().getTime() + confirmLifetimeMs,
  });
  const mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.from });
  try {
    const url = `${settings.publicUrl}/email/confirm?t=${token}`;
    await mailer.send({
      to: request.address,
      ...renderConfirmMail(request.address, request.description, url),
    });
  } finally {
    mailer.close();
  }
}
