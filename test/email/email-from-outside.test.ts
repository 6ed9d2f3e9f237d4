/**
 * Email as the world meets it (issue 24, item 9): mail scanners that fetch every link, a link of one kind
 * opened on the other's route, a mail server that refuses or is not there, a fresh database mailing the
 * same address, an operator with only email configured, an http:// link base. The bot runs through runBot
 * (fake Hugging Face, a real SMTP server on 127.0.0.1); `paperboy email …` and `paperboy trending` run as
 * processes.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSmtpServer, type ReceivedMail } from '../fakes/smtp/fake-smtp-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let bots: BotHarness[] = [];
let smtp: FakeSmtpServer | null = null;
let hf: FakeHfServer | null = null;
afterEach(async () => {
  for (const bot of bots) await bot.stop(false);
  await smtp?.close();
  await hf?.stop();
  bots = [];
  smtp = null;
  hf = null;
});

async function world(options: { database?: string } = {}) {
  smtp ??= await FakeSmtpServer.start();
  if (!hf) {
    hf = await new FakeHfServer().start();
    hf.setDay('2024-10-25', oct25Batch());
  }
  const linkPort = await freePort();
  const env = {
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'paperboy <papers@lab.test>',
    EMAIL_PUBLIC_URL: `http://127.0.0.1:${linkPort}`,
    EMAIL_PORT: String(linkPort),
    EMAIL_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123',
    REFRESH_INTERVAL_MINUTES: '6000',
  };
  const bot = await BotHarness.start({
    now: '2024-10-26T08:00:00Z',
    hf,
    discord: null,
    env,
    ...(options.database ? { database: options.database } : {}),
  });
  bots.push(bot);
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-email-'));
  const source = hf;
  const cli = (...args: string[]) =>
    runCli(['email', ...args], { env: { ...env, HF_BASE_URL: source.url, DATABASE_URL: bot.database }, cwd });
  return { smtp, hf: source, env, cli, bot };
}

const linkIn = (mail: ReceivedMail | undefined, path: string) => {
  const found = new RegExp(`https?://[^\\s"<>]+${path}\\?t=[\\w.-]+`).exec(mail?.parsed.text ?? '');
  if (!found) throw new Error(`no ${path} link in the mail`);
  return found[0];
};

type World = Awaited<ReturnType<typeof world>>;

/** `paperboy email subscribe`, then the confirm link's button; resolves with both mails' links. */
async function subscribed(w: World, address: string) {
  const before = w.smtp.mails.length;
  const asked = await w.cli('subscribe', address, '09:00', 'UTC', 'top=2');
  expect(asked.stderr).toBe('');
  const confirmation = (await w.smtp.waitForMails(before + 1))[before];
  const confirm = linkIn(confirmation, '/email/confirm');
  const done = await fetch(confirm, { method: 'POST' });
  expect(await done.text()).toContain(`${address} now gets`);
  return confirm;
}

describe('email links, as scanners and people open them', () => {
  it('a GET never changes a subscription, and a confirm and an unsubscribe link never stand in for each other', async () => {
    const w = await world();
    const before = w.smtp.mails.length;
    await w.cli('subscribe', 'ada@lab.test', '09:00', 'UTC', 'top=2');
    const [confirmation] = (await w.smtp.waitForMails(before + 1)).slice(before);
    const confirm = linkIn(confirmation, '/email/confirm');

    // A scanner fetches the confirm link: a page with a button, and nobody is subscribed yet.
    const scanned = await fetch(confirm);
    expect(scanned.status).toBe(200);
    const page = await scanned.text();
    expect(page).toContain('<form method="post"');
    expect(page).toContain('Confirm the subscription');
    expect((await w.cli('list')).stdout).toContain('No email subscribers yet');

    // The person presses it; a second press says so in mail words, not chat words.
    const pressed = await fetch(confirm, { method: 'POST' });
    expect(await pressed.text()).toContain('ada@lab.test now gets the Hugging Face Daily Papers');
    const again = await (await fetch(confirm, { method: 'POST' })).text();
    expect(again).not.toMatch(/this channel/i);
    expect(again).toContain('ada@lab.test');

    await w.bot.tickAt('2024-10-26T09:00:00Z');
    const digest = (await w.smtp.waitForMails(before + 2))[before + 1];
    const unsubscribe = linkIn(digest, '/email/unsubscribe');
    const token = unsubscribe.split('?t=')[1] ?? '';
    const origin = new URL(unsubscribe).origin;

    // The unsubscribe token on the confirm route, by GET or POST: refused, and still subscribed.
    for (const method of ['GET', 'POST']) {
      const crossed = await fetch(`${origin}/email/confirm?t=${token}`, { method });
      expect(crossed.status, method).toBe(400);
      expect(await crossed.text()).toContain('not a confirmation link');
    }
    // The confirm token on the unsubscribe route: refused too.
    const confirmToken = confirm.split('?t=')[1] ?? '';
    expect((await fetch(`${origin}/email/unsubscribe?t=${confirmToken}`, { method: 'POST' })).status).toBe(
      400,
    );
    // A GET of the unsubscribe link (a link preview) shows the one-click form and changes nothing.
    expect(await (await fetch(unsubscribe)).text()).toContain('List-Unsubscribe');
    expect((await w.cli('list')).stdout).toMatch(/^ada@lab\.test {2}09:00 UTC {2}top 2/m);
    // RFC 8058's POST unsubscribes.
    const stopped = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await stopped.text()).toContain('Unsubscribed');
    expect((await w.cli('list')).stdout).toContain('No email subscribers yet');
  }, 60_000);

  it('a refused address is listed as paused, and why does not promise a retry the pause prevents', async () => {
    const w = await world();
    await subscribed(w, 'gone@lab.test');
    w.smtp.refuse('gone@lab.test');
    await w.bot.tickAt('2024-10-26T09:00:00Z');
    const listed = (await w.cli('list')).stdout;
    expect(listed).toMatch(/^gone@lab\.test {2}09:00 UTC {2}top 2 {2}daily {2}paused: /m);
    const paperId = oct25Batch()
      .map(({ paper }) => paper)
      .sort((a, b) => b.upvotes - a.upvotes)[0]?.id;
    const why = (await w.cli('why', 'gone@lab.test', paperId ?? '')).stdout;
    expect(why).toContain('550');
    expect(why).not.toContain('retried on the next digest tick');
    expect(why).toContain('paperboy email subscribe');
  }, 60_000);
});

describe('email set-up and delivery', () => {
  it('prints one line and exits 1 when the mail server refuses the confirmation or is not there', async () => {
    const w = await world();
    w.smtp.refuse('nobody@lab.test');
    const refused = await w.cli('subscribe', 'nobody@lab.test', '09:00');
    const closed = await runCli(['email', 'subscribe', 'ada@lab.test'], {
      env: {
        ...w.env,
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        HF_BASE_URL: w.hf.url,
        DATABASE_URL: w.bot.database,
      },
      cwd: mkdtempSync(join(tmpdir(), 'paperboy-email-')),
    });
    for (const run of [refused, closed]) {
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^paperboy: No confirmation mail could be sent: /);
      expect(run.stderr).not.toMatch(/\bat \S+ \(|DeliveryError/);
    }
    expect(refused.stderr).toContain('550');
  }, 60_000);

  it('gives each digest mail a Message-ID no other database uses, warns about http:// links, and keeps a blocked figure from repeating the title', async () => {
    const first = await world();
    const address = 'ada@lab.test';
    await subscribed(first, address);
    expect(
      first.bot.logs.entries.some(
        (line) => line.level === 40 && String(line.msg).startsWith('EMAIL_PUBLIC_URL is http://'),
      ),
    ).toBe(true);
    await first.bot.tickAt('2024-10-26T09:00:00Z');
    const one = first.smtp.mails.at(-1);
    // A fresh database (a new install) mails the same address its first digest too.
    const second = await world();
    await subscribed(second, address);
    await second.bot.tickAt('2024-10-26T09:00:00Z');
    const two = second.smtp.mails.at(-1);
    expect(one?.parsed.subject).toBe(two?.parsed.subject);
    expect(one?.parsed.messageId).toMatch(/^<pb\.run\.1\.[0-9a-f]{16}\.ada\.lab\.test@127\.0\.0\.1>$/);
    expect(two?.parsed.messageId).toMatch(/^<pb\.run\.1\./);
    expect(one?.parsed.messageId).not.toBe(two?.parsed.messageId);

    const html = String(one?.parsed.html);
    const figures = [...html.matchAll(/<img src="[^"]+" alt="([^"]*)" width="540"/g)];
    expect(figures.length).toBeGreaterThan(0);
    for (const [, alt] of figures) expect(alt).toBe('');
  }, 60_000);

  it('keeps the console prompt on when email is the only platform', async () => {
    const w = await world();
    await w.bot.logs.waitFor((line) => line.msg === 'email links listening', 'the email listener');
    const deadline = Date.now() + 10_000;
    while (!w.bot.stdout.includes('Type a command') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(w.bot.stdout).toContain('Type a command');
  }, 30_000);
});

describe('paperboy trending against a failing list', () => {
  it('prints its one failure line and no retry lines before it', async () => {
    const source = await new FakeHfServer().start();
    hf = source;
    source.failNext('sort=trending', { kind: 'status', status: 500 }, 50);
    const run = await runCli(['trending'], {
      env: { HF_BASE_URL: source.url, HF_RETRY_BUDGET_MS: '1500', DATABASE_URL: ':memory:' },
      cwd: mkdtempSync(join(tmpdir(), 'paperboy-trending-')),
    });
    expect(run.code).toBe(1);
    expect(source.requestsFor('sort=trending').length).toBeGreaterThan(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^paperboy: Could not reach /)]);
  }, 60_000);
});
