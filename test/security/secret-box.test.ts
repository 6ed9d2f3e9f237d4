import { describe, expect, it } from 'vitest';
import { createSecretBox, parseKey, SecretBoxError } from '../../src/secrets/secret-box';

const key = (fill: number) => Buffer.alloc(32, fill);
const token = 'xoxb-1111-2222-PLAINTEXT';

function failure(work: () => unknown): SecretBoxError {
  try {
    work();
  } catch (error) {
    if (error instanceof SecretBoxError) return error;
    throw error;
  }
  throw new Error('expected the secret box to refuse');
}

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time, and never shows the plaintext', () => {
    const box = createSecretBox([key(1)], 'THE_KEY');
    const one = box.seal(token, 'slack:T1');
    const two = box.seal(token, 'slack:T1');
    expect(one).not.toBe(two);
    expect(one).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(one).not.toContain('PLAINTEXT');
    expect(box.open(one, 'slack:T1')).toEqual({ plaintext: token, keyId: box.keyId });
  });

  it('refuses a value copied onto another workspace, or altered, naming the workspace and the variable', () => {
    const box = createSecretBox([key(1)], 'THE_KEY');
    const sealed = box.seal(token, 'slack:T1');
    expect(failure(() => box.open(sealed, 'slack:T2'))).toMatchObject({ reason: 'wrong_key' });
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    const altered = failure(() => box.open(parts.join('.'), 'slack:T1'));
    expect(altered.message).toContain('slack:T1');
    expect(altered.message).toContain('THE_KEY');
    expect(failure(() => box.open('xoxb-not-sealed', 'slack:T1'))).toMatchObject({ reason: 'malformed' });
  });

  it('says a value was sealed with another key; the previous key still opens it while rotating', () => {
    const old = createSecretBox([key(1)], 'THE_KEY');
    const sealed = old.seal(token, 'slack:T1');
    const wrong = failure(() => createSecretBox([key(2)], 'THE_KEY').open(sealed, 'slack:T1'));
    expect(wrong.reason).toBe('unknown_key');
    expect(wrong.message).toMatch(/encrypted with another key \(key id [0-9a-f]{8}\) than THE_KEY/);
    const rotating = createSecretBox([key(2), key(1)], 'THE_KEY');
    expect(rotating.open(sealed, 'slack:T1')).toEqual({ plaintext: token, keyId: old.keyId });
    expect(rotating.keyId).not.toBe(old.keyId);
  });

  it('takes 32 bytes as base64 (as openssl rand -base64 32 prints them) or hex, and nothing else', () => {
    expect(parseKey(key(3).toString('base64'))).toEqual(key(3));
    expect(parseKey(key(3).toString('base64url'))).toEqual(key(3));
    expect(parseKey(key(3).toString('hex'))).toEqual(key(3));
    expect(parseKey(Buffer.alloc(31, 3).toString('base64'))).toBeNull();
    expect(parseKey('correct horse battery staple')).toBeNull();
  });
});
