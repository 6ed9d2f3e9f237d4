/**
 * The composition root derives everything platform-specific from its list of modules: these check what a
 * new module gets for free (its variables parsed, its secrets blanked, its banner line) and that the core
 * asks before using a platform's interactive part.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { planAdapters } from '../../src/app/adapter-plan';
import { envSchema, parseConfig } from '../../src/app/config';
import { anyModules, secretKeys } from '../../src/app/platform-modules';
import type { DeliveryPort, PostedMessage } from '../../src/chat/chat-port';
import { createLogger } from '../../src/logging/logger';
import type { ChannelRef } from '../../src/records/channel';
import { defaultDigestSettings } from '../../src/records/subscription';
import { oct25Batch } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';

describe('the platform module list', () => {
  it("merges every module's variables into the one schema, and lists each module's secrets", () => {
    for (const module of anyModules) {
      for (const key of Object.keys(module.env)) expect(Object.keys(envSchema.shape)).toContain(key);
      for (const secret of module.secrets) expect(secretKeys).toContain(secret);
    }
    const ids = anyModules.map((module) => module.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['discord', 'slack']));
  });

  it("blanks every module's secret keys in log objects, whatever object carries them", () => {
    let output = '';
    const destination = new Writable({
      write(chunk, _encoding, done) {
        output += chunk;
        done();
      },
    });
    const log = createLogger({ level: 'info', format: 'json', secretKeys, destination });
    log.info({ config: { SLACK_SIGNING_SECRET: 'signing-1234', DISCORD_TOKEN: 'disc-1234' } }, 'config');
    log.info({ options: { SLACK_BOT_TOKEN: 'xoxb-1234' } }, 'options');
    expect(output).not.toMatch(/signing-1234|disc-1234|xoxb-1234/);
    expect(output.match(/\[redacted\]/g)).toHaveLength(3);
  });

  it("asks each module whether it is on, in the module's own words", () => {
    const config = parseConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
    expect(planAdapters(config).filter((status) => ['discord', 'slack'].includes(status.id))).toEqual([
      {
        id: 'discord',
        name: 'Discord',
        on: false,
        reason: 'DISCORD_TOKEN and DISCORD_APPLICATION_ID not set',
      },
      { id: 'slack', name: 'Slack', on: true, reason: 'HTTP on port 3000' },
    ]);
  });
});

/** A channel that takes posts and nothing else: no threads, no messages to read back. */
class DeliveryOnlyPort implements DeliveryPort {
  readonly platform = 'pager';
  readonly posts: string[] = [];
  private post(text: string): PostedMessage {
    this.posts.push(text);
    return { messageId: `p${this.posts.length}`, url: null };
  }
  async postDigestHeader(_channel: ChannelRef, header: { title: string }) {
    return this.post(header.title);
  }
  async postPaper(_channel: ChannelRef, card: { id: string }) {
    return this.post(card.id);
  }
  async postText(_channel: ChannelRef, text: string) {
    return this.post(text);
  }
  async findPosted() {
    return null;
  }
}

describe('a delivery-only platform', () => {
  let t: TestCore | undefined;
  afterEach(async () => await t?.close());

  it('gets its digest, and reactions are handled without asking it for threads or messages', async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    const port = new DeliveryOnlyPort();
    t.core.ports.register(port);
    const channel = { platform: 'pager', workspaceId: 'w', channelId: 'c' };
    await t.core.store.subscriptions.upsert(
      channel,
      { ...defaultDigestSettings, topN: 2 },
      '2024-10-01T00:00:00Z',
    );
    await t.core.digests.runDueDigests(t.clock.now());
    expect(port.posts).toHaveLength(3);
    const outcome = await t.core.commands.react({
      channel,
      messageId: 'p2',
      userId: 'u1',
      userName: 'Ada',
      emoji: '🔖',
      action: 'added',
    });
    expect(outcome.outcome).toBe('flagged');
    expect(port.posts).toHaveLength(3);
    // A message the bot did not post would be read back on a chat platform; here there is nothing to read.
    const elsewhere = { channel, messageId: 'x9', userId: 'u1', userName: 'Ada', emoji: '🔖' };
    expect((await t.core.commands.react({ ...elsewhere, action: 'added' })).outcome).toBe('not_a_paper');
  });
});
