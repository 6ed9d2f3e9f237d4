/**
 * The Slack install flow and key rotation while another process holds the SQLite database's write lock
 * (#24 item 6, #28 item 3), through the composition root in HTTP mode (acknowledging before the listener
 * runs, as in production). An install waits for the lock, off the event loop, and completes once it is
 * gone; a workspace already installed keeps being acknowledged and answered meanwhile, even when its token
 * must be sealed again with a new key (that write is left to after the request).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import type { FakeSlack } from '../fakes/slack/fake-slack';
import { oct25Batch } from '../support/fixtures';
import { holdWriteLock, type LockHolder } from '../support/lock-holder';
import {
  alpha,
  beta,
  command,
  encryptionKey,
  install,
  SlackInstance,
  startTwoWorkspaces,
  type WorkspaceSpec,
} from './slack-install-world';

/** Long enough for anything that is not stuck; Slack's 3 s is what the fake marks. */
const patience = 15_000;

let fake: FakeSlack | null = null;
let hf: FakeHfServer | null = null;
let holder: LockHolder | null = null;
let instances: SlackInstance[] = [];
afterEach(async () => {
  await holder?.release();
  await Promise.all(instances.map((instance) => instance.bot.stop(false)));
  await fake?.close();
  await hf?.stop();
  holder = null;
  instances = [];
  fake = null;
  hf = null;
});

async function startInstance(env: Record<string, string> = {}, database?: string) {
  fake ??= await startTwoWorkspaces();
  hf ??= (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  const instance = await SlackInstance.start(fake, hf, {
    env: { SLACK_PROCESS_BEFORE_RESPONSE: 'false', ...env },
    ...(database ? { database } : {}),
  });
  instances.push(instance);
  return { fake, instance };
}

/** `/papers <text>` sent while the lock is held: acknowledged (status, in time) and answered. */
async function sendWhileHeld(fake: FakeSlack, via: SlackInstance, spec: WorkspaceSpec, text: string) {
  const sent = await via.inbound(fake, spec).command({ channel: spec.channel, user: spec.admin, text });
  const answer = await fake.waitFor(
    () => fake.responsesTo(sent.responseUrlId)[0],
    `the answer to ${text}`,
    patience,
  );
  return { acked: [sent.status, sent.inTime], answer: JSON.stringify(answer.body) };
}

describe('the Slack install flow while another process holds the database write lock', () => {
  it('finishes an install once the lock is gone, while an installed workspace is acknowledged and answered', async () => {
    const { fake, instance } = await startInstance();
    expect((await install(fake, alpha, instance)).status).toBe(200);
    // The day is fetched and stored before the lock is taken.
    expect(await command(fake, instance, alpha, 'today')).toContain('Breaking the Memory Barrier');

    holder = await holdWriteLock(instance.bot.database);
    let finished = false;
    const installing = install(fake, beta, instance).finally(() => {
      finished = true;
    });
    // Finishing the install (claiming its link, saving the installation) meets the lock.
    await instance.bot.logs.waitFor(
      (line) =>
        /database is locked by another process: (the install link|saving the installation) waits/.test(
          line.msg,
        ),
      'the install waiting for the lock',
      patience,
    );
    const alphaToday = await sendWhileHeld(fake, instance, alpha, 'today');
    expect(alphaToday.acked).toEqual([200, true]);
    expect(alphaToday.answer).toContain('Breaking the Memory Barrier');
    // The install waits for the lock instead of failing.
    expect(finished).toBe(false);
    await holder.release();

    const done = await installing;
    expect(done.status).toBe(200);
    expect(done.html).toContain('paperboy is installed in Beta Group');
    expect(await command(fake, instance, beta, 'subscribe 09:00 UTC')).toContain('now gets');
  }, 60_000);

  it('answers a workspace whose token needs sealing with the new key while the lock is held, and seals it once it is gone', async () => {
    const { fake, instance: first } = await startInstance();
    expect((await install(fake, alpha, first)).status).toBe(200);
    expect(await command(fake, first, alpha, 'today')).toContain('Breaking the Memory Barrier');
    await first.bot.stop(false);
    instances = [];
    const next = Buffer.alloc(32, 11).toString('base64');
    const { instance: rotating } = await startInstance(
      { SLACK_TOKEN_ENCRYPTION_KEY: next, SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS: encryptionKey },
      first.bot.database,
    );
    const keyId = async () =>
      (await rotating.bot.core.store.installations.get('slack', alpha.teamId))?.secret.split('.')[1];
    const sealedBefore = await keyId();

    holder = await holdWriteLock(rotating.bot.database);
    const today = await sendWhileHeld(fake, rotating, alpha, 'today');
    expect(today.acked).toEqual([200, true]);
    expect(today.answer).toContain('Breaking the Memory Barrier');
    expect(await keyId()).toBe(sealedBefore);
    await holder.release();

    expect(await command(fake, rotating, alpha, 'help')).toContain('/papers');
    await rotating.bot.logs.waitFor(
      (line) => line.msg === 'slack token sealed again with the current encryption key',
      'the token sealed again',
      patience,
    );
    expect(await keyId()).not.toBe(sealedBefore);
  }, 60_000);
});
