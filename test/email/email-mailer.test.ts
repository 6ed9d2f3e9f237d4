/**
 * The mailer through real nodemailer against servers on 127.0.0.1: its timeouts apply (a server that
 * accepts the connection and never greets is given up on, as a retryable failure), and several mails go
 * out at once over the pool.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/email/email-mailer';
import { DeliveryError } from '../../src/errors';
import { FakeSmtpServer } from '../fakes/smtp/fake-smtp-server';

const mail = (to: string) => ({ to, subject: 'Daily Papers', text: 'hello', html: '<p>hello</p>' });

describe('the SMTP mailer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('gives up on a server that never greets after its timeout, as a failure worth retrying', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as AddressInfo;
    // nodemailer's own greeting timeout is 30 s, beyond this test's 20 s: only the mailer's own can end it.
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'paperboy@lab.test',
      timeoutMs: 300,
    });
    cleanups.push(() => mailer.close());
    const failure = await mailer.send(mail('ada@lab.test')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryError);
    expect((failure as DeliveryError).failure).toBe('transient');
    expect(sockets.length).toBeGreaterThan(0);
  });

  it('has several mails in flight at once, each on its own connection', async () => {
    const smtp = await FakeSmtpServer.start();
    cleanups.push(async () => await smtp.close());
    // The server takes each mail and never answers: over one connection only the first would ever arrive.
    smtp.stall = true;
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'paperboy@lab.test', timeoutMs: 1_000 });
    const to = ['a@lab.test', 'b@lab.test', 'c@lab.test', 'd@lab.test'];
    const sends = to.map((address) => mailer.send(mail(address)).catch(() => undefined));
    for (let waited = 0; smtp.unanswered.length < to.length && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(smtp.unanswered.flatMap((item) => item.to).sort()).toEqual(to);
    mailer.close();
    await Promise.all(sends);
  });
});
