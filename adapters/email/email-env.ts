/** The email module's slice of the environment (documented in `.env.example`). */
import { z } from 'zod';
import { port, url } from '../../src/config/env.schema';

export const emailEnv = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; the password is a secret. */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]+/i.test(value), {
      message: 'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.org:587',
    })
    .optional(),
  EMAIL_FROM: z
    .string()
    .regex(
      /^(.*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/,
      'EMAIL_FROM is an address such as "paperboy <papers@lab.org>"',
    )
    .optional(),
  /** Where subscribers' confirm and unsubscribe links point: this bot's listener as the world reaches it. */
  EMAIL_PUBLIC_URL: url('EMAIL_PUBLIC_URL').optional(),
  /** The listener for those links (0 picks a free port). */
  EMAIL_PORT: port.default(8025),
  EMAIL_HOST: z.string().min(1, 'EMAIL_HOST is a host name or address such as 0.0.0.0').default('127.0.0.1'),
  /** Signs confirm and unsubscribe links, so nobody can subscribe or unsubscribe someone else. */
  EMAIL_SIGNING_KEY: z
    .string()
    .min(32, 'EMAIL_SIGNING_KEY must be at least 32 characters (e.g. openssl rand -hex 32)')
    .optional(),
};

export type EmailConfig = z.infer<z.ZodObject<typeof emailEnv>>;

/** The settings the module cannot work without, once SMTP_URL says it should. */
export const requiredWithSmtp = ['EMAIL_FROM', 'EMAIL_PUBLIC_URL', 'EMAIL_SIGNING_KEY'] as const;

export interface EmailSettings {
  smtpUrl: string;
  from: string;
  publicUrl: string;
  port: number;
  host: string;
  signingKey: string;
}

/** The complete settings, or null when SMTP_URL or one of its partners is missing. */
export function emailSettings(config: EmailConfig): EmailSettings | null {
  const { SMTP_URL, EMAIL_FROM, EMAIL_PUBLIC_URL, EMAIL_SIGNING_KEY } = config;
  if (!SMTP_URL || !EMAIL_FROM || !EMAIL_PUBLIC_URL || !EMAIL_SIGNING_KEY) return null;
  return {
    smtpUrl: SMTP_URL,
    from: EMAIL_FROM,
    publicUrl: EMAIL_PUBLIC_URL,
    port: config.EMAIL_PORT,
    host: config.EMAIL_HOST,
    signingKey: EMAIL_SIGNING_KEY,
  };
}
