/**
 * The console process as a person meets a Hugging Face that misbehaves or a HF_BASE_URL that is wrong
 * (#23.9, #23.10, #23.13, #28.4): the prompt never waits on Hugging Face, an HTML page is a configuration
 * error at once, a corrected URL works at once after the restart, and every failure names the URL in force.
 */

import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { oct25Batch } from '../support/fixtures';
import { runCli } from '../support/run-cli';

const cwd = mkdtempSync(join(tmpdir(), 'paperboy-hf-misbehaving-'));
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** `needles` appear in `text` in this order. */
function expectInOrder(text: string, needles: string[]): void {
  const at = needles.map((needle) => text.indexOf(needle));
  expect(
    at.every((index) => index >= 0),
    `all of ${JSON.stringify(needles)} in:\n${text}`,
  ).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
}

let servers: FakeHfServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.stop();
  servers = [];
});
const fakeHf = async () => {
  const hf = await new FakeHfServer().start();
  servers.push(hf);
  return hf;
};

describe('the console with a Hugging Face that misbehaves', () => {
  it('comes up with a fetching line while Hugging Face hangs, and today and paper answer from the store', async () => {
    const database = join(cwd, 'hang.db');
    // An earlier day is stored; the newest complete day is not.
    const good = (await fakeHf()).setDay(daysAgo(3), oct25Batch());
    const seeded = await runCli(['fetch', '--date', daysAgo(3)], {
      env: { HF_BASE_URL: good.url, DATABASE_URL: database },
      cwd,
    });
    expect(seeded.stdout).toContain('Fetched 1 day: 29 papers');

    const hanging = await fakeHf();
    hanging.failNext('/api/', { kind: 'hang' }, 10_000);
    // Hugging Face's own timeout is far beyond this test: nothing below can have waited for it.
    const run = await runCli(['start'], {
      env: {
        HF_BASE_URL: hanging.url,
        DATABASE_URL: database,
        HF_TIMEOUT_MS: '120000',
        HF_RETRY_BUDGET_MS: '240000',
      },
      cwd,
      input: 'today\npaper 2410.99999\nexit\n',
    });
    expect(run.code).toBe(0);
    expectInOrder(run.stdout, [
      `Fetching the newest Daily Papers from ${hanging.url}…`,
      'Hugging Face has not answered yet; the digest is printed here when it comes.',
      'Type a command',
      'is late: Hugging Face has not answered yet',
      'Breaking the Memory Barrier',
      'paperboy has not stored 2410.99999, and could not ask Hugging Face about it in time',
    ]);
    expect(run.stdout).not.toMatch(/could not be reached|Could not reach/);
    expect(hanging.requestsFor('daily_papers').length).toBeGreaterThan(0);
    expect(hanging.requestsFor('/api/papers/2410.99999')).toHaveLength(1);
    expect(hanging.answered).toBe(0);
  }, 60_000);

  it('takes an HTML page with status 200 for a configuration error at once, asking once', async () => {
    const html = await fakeHf();
    html.failNext('/api/', { kind: 'html' }, 1_000);
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: html.url, DATABASE_URL: join(cwd, 'html.db') },
      cwd,
      input: 'exit\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /✖ http:\/\/127\.0\.0\.1:\d+\/api\/daily_papers\?date=[\d-]+&limit=100&p=0 answered an HTML page instead of JSON: check HF_BASE_URL/,
    );
    expect(run.stdout).not.toMatch(/Could not reach|could not be reached|attempt\(s\)/);
    expect(html.requestsFor('daily_papers')).toHaveLength(1);
  }, 60_000);

  it('after a restart with the corrected HF_BASE_URL, fetches at once and repeats no error of the wrong one', async () => {
    const database = join(cwd, 'corrected.db');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const wrongUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const wrong = await runCli(['start'], {
      env: { HF_BASE_URL: wrongUrl, DATABASE_URL: database },
      cwd,
      input: 'exit\n',
    });
    expect(wrong.stdout).toContain(`✖ Could not reach ${wrongUrl}/api/daily_papers`);

    // Fixed at once, well inside the minute the failed day would otherwise wait before it is asked again.
    const hf = (await fakeHf()).setDay(daysAgo(1), oct25Batch()).setDay(daysAgo(2), oct25Batch());
    const fixed = await runCli(['start'], {
      env: { HF_BASE_URL: hf.url, DATABASE_URL: database },
      cwd,
      input: 'today\nexit\n',
    });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).not.toContain(wrongUrl);
    expect(fixed.stdout).not.toMatch(/✖|Could not reach|could not be reached|could not be fetched/);
    expect(fixed.stdout.match(/Daily Papers — \w{3} \d{1,2} \w{3} · top 10 of 29/g)).toHaveLength(2);
  }, 60_000);

  it('with a wrong HF_BASE_URL, paper and hf name the URL instead of blaming the id or the network', async () => {
    const hf = (await fakeHf()).setDay(daysAgo(1), oct25Batch());
    const run = await runCli(['start'], {
      env: { HF_BASE_URL: `${hf.url}/api`, DATABASE_URL: join(cwd, 'wrong-url.db') },
      cwd,
      input: 'paper 2410.17243\nsearch contrastive loss\nhf\nexit\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `✖ ${hf.url}/api/api/papers/2410.17243 answered 404 Not Found: check HF_BASE_URL (${hf.url}/api); it should be the site root without the trailing /api`,
    );
    expect(run.stdout).toMatch(
      /✖ http:\/\/127\.0\.0\.1:\d+\/api\/api\/papers\/search\?q=contrastive%20loss&limit=25 answered 404 Not Found: check HF_BASE_URL/,
    );
    expect(run.stdout).not.toMatch(/No paper 2410\.17243|Check the id|could not be reached/);
  }, 60_000);
});
