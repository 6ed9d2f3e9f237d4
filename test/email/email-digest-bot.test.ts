/**
 * The email digest as a user meets it: the bot runs (runBot, manual clock, fake Hugging Face, a real SMTP
 * server on 127.0.0.1), `paperboy email subscribe` is typed at the command line, the confirmation mail's
 * signed link is opened, and the digest mail arrives at the subscription's time with the cards' content,
 * once. Its one-click unsubscribe works; a refused address shows in `paperboy email why`.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeArxiv, startFakeArxiv } from '../fakes/arxiv/fake-arxiv-server';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { FakeSmtpServer, type ReceivedMail } from '../fakes/smtp/fake-smtp-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';
import { trendingList } from '../support/trending';

const byUpvotes = oct25Batch()
  .map(({ paper }) => ({ ...paper, title: paper.title.replace(/\s+/g, ' ') }))
  .sort((a, b) => b.upvotes - a.upvotes);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let bot: BotHarness | null = null;
let smtp: FakeSmtpServer | null = null;
let arxiv: FakeArxiv | null = null;
afterEach(async () => {
  await bot?.stop();
  await smtp?.close();
  await arxiv?.close();
  bot = null;
  smtp = null;
  arxiv = null;
});

async function world(options: { discord?: boolean; arxiv?: FakeArxiv; now?: string } = {}) {
  smtp = await FakeSmtpServer.start();
  const hf = await new FakeHfServer().start();
  hf.setDay('2024-10-25', oct25Batch());
  hf.setTrending(trendingList().slice(0, 5));
  const linkPort = await freePort();
  const env = {
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'paperboy <papers@lab.test>',
    EMAIL_PUBLIC_URL: `http://127.0.0.1:${linkPort}`,
    EMAIL_PORT: String(linkPort),
    EMAIL_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123',
    REFRESH_INTERVAL_MINUTES: '6000',
  };
  bot = await BotHarness.start({
    now: options.now ?? '2024-10-26T08:00:00Z',
    hf,
    ...(options.discord ? {} : { discord: null }),
    ...(options.arxiv ? { arxiv: options.arxiv } : {}),
    env,
  });
  const started = bot;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-email-'));
  const cli = (...args: string[]) =>
    runCli(['email', ...args], { env: { ...env, HF_BASE_URL: hf.url, DATABASE_URL: started.database }, cwd });
  return { smtp, hf, env, cli, bot: started };
}

const linkIn = (mail: ReceivedMail | undefined, path: string) => {
  const found = new RegExp(`https?://[^\\s"<>]+${path}\\?t=[\\w.-]+`).exec(mail?.parsed.text ?? '');
  if (!found) throw new Error(`no ${path} link in the mail`);
  return found[0];
};

async function subscribeAndConfirm(
  w: Awaited<ReturnType<typeof world>>,
  address: string,
  ...settings: string[]
) {
  const before = w.smtp.mails.length;
  const asked = await w.cli('subscribe', address, ...settings);
  expect(asked.stderr).toBe('');
  expect(asked.stdout).toContain(`A confirmation mail went to ${address}`);
  const [confirmation] = (await w.smtp.waitForMails(before + 1)).slice(before);
  expect(confirmation?.to).toEqual([address]);
  // The link shows a page; its button (a POST) confirms.
  const confirmed = await fetch(linkIn(confirmation, '/email/confirm'), { method: 'POST' });
  return { confirmation, confirmed, page: await confirmed.text() };
}

describe('email digests in the running bot', () => {
  it("mails an arXiv subscription its categories' newest mailing at its time, with the categories on the cards, once", async () => {
    arxiv = await startFakeArxiv();
    arxiv.setDay('cs.RO', '2026-12-01', [
      { id: '2611.50001', title: 'Tactile grasping in clutter' },
      { id: '2611.50002', title: 'Legged robots on ice' },
      { id: '2611.50003', title: 'Swarm mapping at night' },
    ]);
    const w = await world({ arxiv, now: '2026-12-01T08:00:00Z' });
    const asked = await subscribeAndConfirm(
      w,
      'ada@lab.test',
      '09:00',
      'UTC',
      'top=2',
      'source=arxiv',
      'categories=cs.ro',
    );
    expect(asked.confirmed.status).toBe(200);
    expect((await w.cli('list')).stdout).toContain('ada@lab.test  09:00 UTC  top 2  arxiv');

    await w.bot.tickAt('2026-12-01T09:00:00Z');
    const [, digest] = await w.smtp.waitForMails(2);
    expect(digest?.parsed.subject).toContain('arXiv cs.RO');
    const text = digest?.parsed.text ?? '';
    expect(text).toContain('Tactile grasping in clutter');
    expect(text).toContain('Legged robots on ice');
    expect(text).not.toContain('Swarm mapping at night');
    expect(String(digest?.parsed.html)).toContain('cs.RO');
    expect(String(digest?.parsed.html)).not.toContain('upvotes');

    await w.bot.tickAt('2026-12-01T09:30:00Z');
    expect(w.smtp.mails).toHaveLength(2);
  }, 60_000);

  it('subscribes with double opt-in, then mails the digest at its time with the cards, once, even across a restart', async () => {
    const w = await world();
    const asked = await subscribeAndConfirm(w, 'ada@lab.test', '09:00', 'UTC', 'top=3');
    expect(asked.confirmation?.parsed.subject).toBe('Confirm your paperboy digest subscription');
    expect(asked.confirmation?.parsed.text).toContain('Posts every day at 09:00 UTC: the top 3 papers');
    expect(asked.confirmed.status).toBe(200);
    expect(asked.page).toContain('ada@lab.test now gets the Hugging Face Daily Papers');
    expect((await w.cli('list')).stdout).toContain('ada@lab.test  09:00 UTC  top 3  daily');

    await w.bot.tickAt('2024-10-26T08:59:00Z');
    expect(w.smtp.mails).toHaveLength(1);
    await w.bot.tickAt('2024-10-26T09:00:00Z');
    const [, digest] = await w.smtp.waitForMails(2);
    expect(digest?.to).toEqual(['ada@lab.test']);
    expect(digest?.parsed.subject).toContain('Daily Papers — Fri 25 Oct · top 3 of 29');
    const html = String(digest?.parsed.html);
    const text = digest?.parsed.text ?? '';
    for (const paper of byUpvotes.slice(0, 3)) {
      expect(html).toContain(paper.title);
      expect(text).toContain(paper.title);
      expect(html).toContain(`https://huggingface.co/papers/${paper.id}`);
      expect(text).toContain(`https://arxiv.org/pdf/${paper.id}`);
    }
    expect(html).not.toContain(byUpvotes[3]?.title);
    expect(html).toMatch(/<table role="presentation"/);
    expect(digest?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(digest?.raw).toMatch(/^List-Unsubscribe:\s*<http:\/\/127\.0\.0\.1:\d+\/email\/unsubscribe\?t=/m);
    expect(digest?.parsed.messageId).toMatch(/^<pb\.run\.\d+\.[0-9a-f]{16}\.ada\.lab\.test@127\.0\.0\.1>$/);

    // Restarted on the same database the same day: the digest is done, no second mail.
    await w.bot.stop(false);
    bot = await BotHarness.start({
      now: '2024-10-26T09:05:00Z',
      hf: w.hf,
      discord: null,
      database: w.bot.database,
      env: w.env,
    });
    await bot.tickAt('2024-10-26T09:05:00Z');
    await bot.tickAt('2024-10-26T10:00:00Z');
    expect(w.smtp.mails).toHaveLength(2);
  });

  it('unsubscribes in one click from the link in the mail, and refuses a link that was tampered with', async () => {
    const w = await world();
    const { confirmation } = await subscribeAndConfirm(w, 'bob@lab.test', '09:00', 'top=2');
    // Eve keeps the signature and puts her own address in the token: the signature no longer matches.
    const link = linkIn(confirmation, '/email/confirm');
    const [payload = '', signature] = (link.split('?t=')[1] ?? '').split('.');
    const token = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const evePayload = Buffer.from(JSON.stringify({ ...token, address: 'eve@lab.test' })).toString(
      'base64url',
    );
    const forged = `${link.split('?t=')[0]}?t=${evePayload}.${signature}`;
    const refused = await fetch(forged);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('not one this paperboy sent');

    await w.bot.tickAt('2024-10-26T09:00:00Z');
    const [, digest] = await w.smtp.waitForMails(2);
    const page = await fetch(linkIn(digest, '/email/unsubscribe'));
    const unsubscribe = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(digest?.raw ?? '')?.[1] ?? 'missing';
    expect(await page.text()).toContain('<form method="post"');
    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the header's URL.
    const oneClick = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Unsubscribed');
    expect((await w.cli('list')).stdout).toContain('No email subscribers yet');
    await w.bot.tickAt('2024-10-27T09:00:00Z');
    expect(w.smtp.mails).toHaveLength(2);
  });

  it('shows an address the mail server refuses in why, and pauses it instead of retrying forever', async () => {
    const w = await world();
    await subscribeAndConfirm(w, 'gone@lab.test', '09:00', 'top=2');
    w.smtp.refuse('gone@lab.test');
    await w.bot.tickAt('2024-10-26T09:00:00Z');
    expect(w.smtp.mails).toHaveLength(1);
    const why = await w.cli('why', 'gone@lab.test', byUpvotes[0]?.id ?? '');
    expect(why.stdout).toContain('the mail server refused the mail to gone@lab.test');
    expect(why.stdout).toContain('550');
    expect((await w.cli('list')).stdout).toMatch(/^gone@lab\.test .*paused: /m);
  });

  it('says what is wrong with an address or a setting before sending anything', async () => {
    const w = await world();
    const bad = await w.cli('subscribe', 'not-an-address');
    expect(bad.stderr).toContain('"not-an-address" is not an email address');
    const badTime = await w.cli('subscribe', 'ada@lab.test', '25:00');
    expect(badTime.code).toBe(1);
    expect(badTime.stderr).toMatch(/time|25:00/);
    expect(w.smtp.mails).toHaveLength(0);
  });

  it('/papers email from a member who may not manage the channel is refused privately, and nothing is mailed', async () => {
    const w = await world({ discord: true });
    const answer = await w.bot.slash('email', [{ name: 'address', type: 3, value: 'eve@lab.test' }], {
      admin: false,
    });
    expect(answer).toContain('Only members with the Manage Channels permission can');
    expect(answer).toContain('"flags":64');
    expect(w.smtp.mails).toHaveLength(0);
    expect(await w.bot.core.store.subscriptions.listActive()).toEqual([]);
  });

  it("/papers email in a channel mails a confirmation, and the address then gets the channel's digest, trending included", async () => {
    const w = await world({ discord: true });
    const STRING = 3;
    await w.bot.slash('subscribe', [
      { name: 'time', type: STRING, value: '09:00' },
      { name: 'top', type: 4, value: 2 },
      { name: 'source', type: STRING, value: 'trending' },
    ]);
    const answer = await w.bot.slash('email', [{ name: 'address', type: STRING, value: 'Ada@Lab.test' }]);
    expect(answer).toContain('A confirmation mail went to ada@lab.test');
    const [confirmation] = await w.smtp.waitForMails(1);
    expect(confirmation?.parsed.text).toContain('the top 2 trending papers');
    const confirmed = await fetch(linkIn(confirmation, '/email/confirm'), { method: 'POST' });
    expect(await confirmed.text()).toContain("ada@lab.test now gets Hugging Face's trending papers");

    await w.bot.tickAt('2024-10-26T09:00:00Z');
    const [, digest] = await w.smtp.waitForMails(2);
    expect(digest?.parsed.subject).toContain('Trending on Hugging Face');
    expect(String(digest?.parsed.html)).toContain(
      'Large Multimodal Models as General In-Context Classifiers',
    );
    expect(w.bot.postsInPapers()).toHaveLength(3);
  });
});
