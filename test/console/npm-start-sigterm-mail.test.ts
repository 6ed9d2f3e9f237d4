/**
 * systemd and Ctrl-C signal the whole `npm start` group: npm passes SIGTERM on to node, which has already
 * had its own, so node gets it twice. A mail whose end-of-DATA answer is pending at that moment must still
 * be finished (answered and recorded as sent) within the shutdown grace, not cut off by the second signal.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf } from '../../adapters/email/email-address';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { defaultDigestSettings } from '../../src/records/subscription';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSmtpServer } from '../fakes/smtp/fake-smtp-server';
import { oct25Batch } from '../support/fixtures';
import { childEnv, repoRoot } from '../support/run-cli';

describe('npm start, SIGTERM to the process group, and a mail in flight', () => {
  let hf: FakeHfServer;
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    for (const back of [1, 2])
      hf.setDay(new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10), oct25Batch());
    smtp = await FakeSmtpServer.start();
  });
  afterAll(async () => {
    await smtp.close();
    await hf.stop();
  });

  it('finishes the mail whose answer is pending, within the grace, although node is signalled twice', async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'paperboy-npm-mail-')), 'bot.db');
    const store = openSqliteStore(database);
    // Subscribed since yesterday at 00:00 UTC: today's digest is due the moment the bot starts.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await store.subscriptions.upsert(
      channelOf('ada@lab.test'),
      { ...defaultDigestSettings, time: '00:00', topN: 2 },
      yesterday,
    );
    await store.close();
    smtp.answerAfterMs = 2_500;
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: repoRoot,
      detached: true,
      env: childEnv({
        HF_BASE_URL: hf.url,
        DATABASE_URL: database,
        SMTP_URL: smtp.url,
        EMAIL_FROM: 'paperboy <papers@lab.test>',
        EMAIL_PUBLIC_URL: 'https://papers.lab.test',
        EMAIL_PORT: '0',
        EMAIL_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123',
        LOG_LEVEL: 'info',
      }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    npm.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    npm.stdout.resume();
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    while (smtp.pendingAnswers === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(smtp.pendingAnswers, stderr).toBe(1);
    process.kill(-(npm.pid ?? 0), 'SIGTERM');
    // Two signals sent at once may arrive as one (a pending signal is not queued twice), so the second comes
    // once node has begun shutting down, as npm's forwarded copy or a second Ctrl-C does on a busy machine.
    const shuttingBy = Date.now() + 10_000;
    while (!stderr.includes('"msg":"shutting down"') && Date.now() < shuttingBy)
      await new Promise((r) => setTimeout(r, 20));
    expect(stderr).toContain('"msg":"shutting down"');
    expect(smtp.pendingAnswers, 'the mail is still unanswered at the second signal').toBe(1);
    process.kill(-(npm.pid ?? 0), 'SIGTERM');
    expect(await exited).toBe(0);
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['ada@lab.test']]);
    const db = new Database(database, { readonly: true });
    const states = db.prepare("SELECT state FROM deliveries WHERE state <> 'skipped'").all() as {
      state: string;
    }[];
    db.close();
    expect(states.length).toBe(2);
    expect(
      states.every((row) => row.state === 'sent'),
      JSON.stringify(states),
    ).toBe(true);
    expect(stderr).toMatch(/"msg":"already shutting down/);
  }, 60_000);
});
