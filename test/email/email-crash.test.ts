/**
 * Exactly once under a crash, over SMTP: the real bot as a child process mails a digest, the server takes
 * the whole mail but the bot is killed (SIGKILL) before the server's answer. After a restart the digest goes
 * out once, with the same Message-ID, and not again.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelOf } from '../../adapters/email/email-address';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { defaultDigestSettings } from '../../src/records/subscription';
import { exitOf, startBot, waitUntil } from '../crash/bot-world';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSmtpServer } from '../fakes/smtp/fake-smtp-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv } from '../support/run-cli';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('an email digest interrupted by a crash', () => {
  it('goes out once after the restart, with the same Message-ID, when the bot died before the server answered', async () => {
    const smtp = await FakeSmtpServer.start();
    const hf = await new FakeHfServer().start();
    closers.push(
      async () => await smtp.close(),
      () => hf.stop(),
    );
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    for (const back of [1, 2]) hf.setDay(day(back), oct25Batch());
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-email-crash-')), 'bot.db');
    const store = openSqliteStore(database);
    // A confirmed subscriber whose digest is due as soon as the bot starts.
    await store.subscriptions.upsert(
      channelOf('ada@lab.test'),
      { ...defaultDigestSettings, time: '00:00', topN: 3 },
      day(7),
    );
    await store.close();
    const linkPort = await freePort();
    const env = childEnv({
      HF_BASE_URL: hf.url,
      DATABASE_URL: database,
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'paperboy <papers@lab.test>',
      EMAIL_PUBLIC_URL: `http://127.0.0.1:${linkPort}`,
      EMAIL_PORT: String(linkPort),
      EMAIL_SIGNING_KEY: 'crash-signing-key-0123456789abcdef0123',
      LOG_LEVEL: 'warn',
    });

    smtp.stall = true;
    const first = startBot(env);
    await waitUntil(() => smtp.unanswered.length === 1, 20_000);
    expect(smtp.unanswered).toHaveLength(1);
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    expect(smtp.mails).toHaveLength(0);

    smtp.stall = false;
    const second = startBot(env);
    await waitUntil(() => smtp.mails.length === 1, 20_000);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    const after = openSqliteStore(database);
    expect(await after.deliveries.inFlight()).toEqual([]);
    await after.close();
    expect(smtp.mails[0]?.parsed.messageId).toBe(smtp.unanswered[0]?.parsed.messageId);
    expect(smtp.mails[0]?.parsed.subject).toContain('top 3 of 29');
    expect(second.stderr()).not.toMatch(/"level":(50|60)/);
  });
});
