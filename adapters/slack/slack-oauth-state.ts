/**
 * The OAuth `state`, single-use. A state is signed with SLACK_STATE_SECRET (so any instance can check one
 * another instance made) and carries a random nonce and when it was made; it is good for 10 minutes and
 * once: finishing an install claims its hash in the database every instance shares, atomically, so the
 * same state and cookie with a fresh code are refused on every instance, the one that made it included.
 *
 * Bolt's installer checks first that the state matches the browser's cookie, then asks this store.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/bolt';
import type { ClaimOnce } from './slack-replays';

/** How long an install link works (Bolt's state cookie lasts as long). */
export const stateLifetimeSeconds = 600;

/** Bolt's installer maps this code to its "invalid state" failure (our page: "This install link is not valid"). */
const invalidState = 'slack_oauth_invalid_state';

export const alreadyUsed = 'the install link was already used';

class InvalidStateError extends Error {
  readonly code = invalidState;
}

interface StatePayload {
  installOptions: InstallURLOptions;
  issuedAt: number;
  nonce: string;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`slack-oauth-state.${payload}`).digest('base64url');

export const stateKey = (state: string) =>
  `slack:oauth-state:${createHash('sha256').update(state).digest('hex')}`;

export function singleUseStateStore(secret: string, claimOnce: ClaimOnce): StateStore {
  return {
    async generateStateParam(installOptions, now) {
      const payload: StatePayload = {
        installOptions,
        issuedAt: now.getTime(),
        nonce: randomBytes(16).toString('hex'),
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${sign(secret, encoded)}`;
    },
    async verifyStateParam(now, state) {
      const [encoded = '', signature = '', extra] = state.split('.');
      const expected = Buffer.from(sign(secret, encoded));
      const given = Buffer.from(signature);
      if (extra !== undefined || expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new InvalidStateError('the state was not made by this paperboy');
      const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as StatePayload;
      if (now.getTime() - payload.issuedAt > stateLifetimeSeconds * 1_000)
        throw new InvalidStateError('the state has expired');
      if (!(await claimOnce(stateKey(state)))) throw new InvalidStateError(alreadyUsed);
      return payload.installOptions;
    },
  };
}
