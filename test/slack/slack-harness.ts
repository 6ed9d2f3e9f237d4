/**
 * Starts the real Slack adapter (real Bolt) against the fake Slack, in Socket Mode or HTTP mode, with a
 * manual clock shared by the adapter's pacing and the fake's rate limit: sleeping advances the clock, so
 * pacing is exercised without waiting.
 */
import pino from 'pino';
import {
  createSlackAdapter,
  type SlackAdapter,
  type SlackAdapterOptions,
} from '../../adapters/slack/slack-adapter';
import type { CommandService } from '../../commands/command-service';
import { ManualClock } from '../../src/clock';
import type { ChannelRef } from '../../src/records/channel';
import { FakeSlack, type FakeSlackOptions } from '../fakes/slack/fake-slack';
import { SlackInbound } from '../fakes/slack/fake-slack-inbound';
import { FakeCommandService } from './fake-command-service';

export type Mode = 'socket' | 'http';

export const signingSecret = 'test-signing-secret-8f3a';
export const channelId = 'C_GENERAL';

export interface HarnessOptions<C extends CommandService> {
  mode: Mode;
  commands?: C;
  fake?: FakeSlackOptions;
  adapter?: Partial<SlackAdapterOptions>;
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface Harness<C extends CommandService> {
  fake: FakeSlack;
  adapter: SlackAdapter;
  inbound: SlackInbound;
  commands: C;
  clock: ManualClock;
  /** Every sleep the adapter asked for, in ms. */
  sleeps: number[];
  logs: LogLine[];
  channel(id?: string): ChannelRef;
  eventsUrl(): string;
  close(): Promise<void>;
}

export async function startHarness<C extends CommandService = FakeCommandService>(
  options: HarnessOptions<C>,
): Promise<Harness<C>> {
  const clock = new ManualClock(new Date());
  const now = () => clock.now().getTime();
  const fake = await FakeSlack.start({ now, ...options.fake });
  seedWorkspace(fake);
  const commands = options.commands ?? (new FakeCommandService() as unknown as C);
  const logs: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const sleeps: number[] = [];
  const adapter = createSlackAdapter({
    botToken: fake.botToken,
    ...(options.mode === 'socket' ? { appToken: fake.appToken } : { signingSecret }),
    port: 0,
    host: '127.0.0.1',
    apiUrl: fake.apiUrl,
    commands,
    log,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
    retryConfig: { retries: 2, factor: 1, minTimeout: 1, maxTimeout: 5 },
    processBeforeResponse: true,
    ...options.adapter,
  });
  await adapter.start();
  const eventsUrl = () => `http://127.0.0.1:${adapter.httpPort()}/slack/events`;
  const inbound = new SlackInbound(
    fake,
    options.mode === 'socket' ? { kind: 'socket' } : { kind: 'http', url: eventsUrl(), signingSecret },
  );
  if (options.mode === 'socket') await fake.socket.waitForConnection();
  return {
    fake,
    adapter,
    inbound,
    commands,
    clock,
    sleeps,
    logs,
    channel: (id = channelId) => ({ platform: 'slack', workspaceId: fake.teamId, channelId: id }),
    eventsUrl,
    async close() {
      await adapter.stop();
      await fake.close();
    },
  };
}

/** Channels and people every test can use. */
function seedWorkspace(fake: FakeSlack): void {
  fake.workspace.addChannel({ id: channelId, name: 'general', creator: 'U_CREATOR' });
  fake.workspace.addChannel({ id: 'C_RANDOM', name: 'random', creator: 'U_CREATOR' });
  fake.workspace.addUser({ id: 'U_ADMIN', isAdmin: true });
  fake.workspace.addUser({ id: 'U_OWNER', isOwner: true });
  fake.workspace.addUser({ id: 'U_PRIMARY', isPrimaryOwner: true, isOwner: true, isAdmin: true });
  fake.workspace.addUser({ id: 'U_CREATOR' });
  fake.workspace.addUser({ id: 'U_MEMBER' });
  fake.workspace.addUser({ id: fake.botUserId, isBot: true });
}
