/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1, port 0, that records every mail it takes,
 * parsed by `mailparser` (headers, text and HTML parts). `refuse(address)` makes it answer RCPT TO for that
 * address with 550, as a server does for an unknown mailbox; `stall` makes it read a mail and never answer.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

export class FakeSmtpServer {
  readonly mails: ReceivedMail[] = [];
  /** Every RCPT TO, taken or refused, in order. */
  readonly attempts: string[] = [];
  /** Mails taken in whole but never answered (while `stall` is on): the sender cannot know their fate. */
  readonly unanswered: ReceivedMail[] = [];
  /** While true, the server reads each mail to its end and then says nothing, as a hung server would. */
  stall = false;
  /** How long the server waits after a mail's end of DATA before its 250 (a slow server). */
  answerAfterMs = 0;
  /** Mails read to their end whose answer is still pending (while `answerAfterMs` holds it). */
  pendingAnswers = 0;
  private readonly refused = new Set<string>();
  private waiters: (() => void)[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  static async start(): Promise<FakeSmtpServer> {
    const fake = new FakeSmtpServer();
    fake.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        fake.attempts.push(address.address.toLowerCase());
        if (fake.refused.has(address.address.toLowerCase())) {
          const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`);
          (error as Error & { responseCode: number }).responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              if (fake.stall) {
                fake.unanswered.push({
                  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                  parsed,
                  raw,
                });
                for (const wake of fake.waiters.splice(0)) wake();
                return;
              }
              const answer = () => {
                fake.pendingAnswers--;
                fake.mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed, raw });
                for (const wake of fake.waiters.splice(0)) wake();
                callback();
              };
              fake.pendingAnswers++;
              if (fake.answerAfterMs > 0) setTimeout(answer, fake.answerAfterMs);
              else answer();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve) => fake.server?.listen(0, '127.0.0.1', () => resolve()));
    fake.port = (fake.server as unknown as { server: { address(): AddressInfo } }).server.address().port;
    return fake;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  refuse(address: string): void {
    this.refused.add(address.toLowerCase());
  }

  /** Resolves once `count` mails have arrived in all. */
  async waitForMails(count: number, timeoutMs = 5_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${this.mails.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.mails;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
