/**
 * Seals secrets (a workspace's bot token) before they are stored, with node:crypto's AES-256-GCM: a fresh
 * 96-bit IV per seal, the 128-bit tag checked on open, and what the secret belongs to (`platform:workspace`)
 * bound in as associated data, so a sealed value copied onto another workspace's row does not open.
 * Sealed form: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url); the key id (a hash prefix of the key, not
 * the key) says which key sealed it, so a value sealed with a key that is not configured fails by name.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { PaperboyError } from '../errors';

export interface SecretBox {
  /** The id of the key new seals use. */
  readonly keyId: string;
  seal(plaintext: string, boundTo: string): string;
  /** The plaintext and the id of the key that opened it; throws `SecretBoxError` when it cannot. */
  open(sealed: string, boundTo: string): { plaintext: string; keyId: string };
}

export class SecretBoxError extends PaperboyError {
  constructor(
    readonly reason: 'malformed' | 'unknown_key' | 'wrong_key',
    message: string,
  ) {
    super('config_invalid', message);
    this.name = 'SecretBoxError';
  }
}

/** 32 bytes written as base64 (44 characters with padding) or hex (64 characters); null otherwise. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('paperboy secret key id').update(key).digest('hex').slice(0, 8);

/**
 * `keys[0]` seals; every key opens what it sealed (the others are earlier keys kept while rotating).
 * `keyName` names the variable in error messages.
 */
export function createSecretBox(keys: readonly Buffer[], keyName: string): SecretBox {
  const [current] = keys;
  if (!current) throw new Error('a secret box needs a key');
  const byId = new Map(keys.map((key) => [keyIdOf(key), key]));
  const keyId = keyIdOf(current);
  return {
    keyId,
    seal(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', keyId, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, id, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== 'v1' || !id || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError(
          'malformed',
          `A stored secret for ${boundTo} is not in paperboy's sealed form.`,
        );
      }
      const key = byId.get(id);
      if (!key) {
        throw new SecretBoxError(
          'unknown_key',
          `The stored token for ${boundTo} was encrypted with another key (key id ${id}) than ${keyName} ` +
            `(key id ${keyId}): set ${keyName} back to the key it was installed with, or install the app in ` +
            'that workspace again.',
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plaintext = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
        return { plaintext: plaintext.toString('utf8'), keyId: id };
      } catch {
        throw new SecretBoxError(
          'wrong_key',
          `The stored token for ${boundTo} does not decrypt with ${keyName} (key id ${id}): it was altered, ` +
            'or copied from another workspace. Install the app in that workspace again.',
        );
      }
    },
  };
}
