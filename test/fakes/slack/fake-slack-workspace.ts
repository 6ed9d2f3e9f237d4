/** The fake workspace's state: channels, users and the messages in each channel. */

export interface FakeChannel {
  id: string;
  name: string;
  creator: string;
  isPrivate: boolean;
  isArchived: boolean;
  /** Whether the bot is in the channel; it can post and read history only if so. */
  isMember: boolean;
  /** When set, every write (and read) in this channel fails with this Slack error. */
  error: string | null;
}

export interface FakeUser {
  id: string;
  /** The handle (`ada`). */
  name: string;
  realName: string;
  /** What people see; may be empty, as in Slack. */
  displayName: string;
  isAdmin: boolean;
  isOwner: boolean;
  isPrimaryOwner: boolean;
  isBot: boolean;
}

export interface FakeMessage {
  ts: string;
  channel: string;
  /** Who posted it: the bot user, or a person. */
  user: string;
  botId: string | null;
  text: string;
  blocks: unknown[];
  metadata: { event_type: string; event_payload: Record<string, unknown> } | null;
  threadTs: string | null;
  edited: boolean;
}

export interface FakeEphemeral {
  channel: string;
  user: string;
  text: string;
  blocks: unknown[];
  messageTs: string;
}

export class FakeWorkspace {
  readonly teamId: string;
  readonly teamDomain: string;
  readonly channels = new Map<string, FakeChannel>();
  readonly users = new Map<string, FakeUser>();
  readonly messages: FakeMessage[] = [];
  readonly ephemerals: FakeEphemeral[] = [];
  private tsSequence = 0;

  constructor(
    options: { teamId: string; teamDomain: string },
    private readonly now: () => number,
  ) {
    this.teamId = options.teamId;
    this.teamDomain = options.teamDomain;
  }

  addChannel(channel: Partial<FakeChannel> & { id: string }): FakeChannel {
    const full: FakeChannel = {
      name: channel.id.toLowerCase(),
      creator: 'U_CREATOR',
      isPrivate: false,
      isArchived: false,
      isMember: true,
      error: null,
      ...channel,
    };
    this.channels.set(full.id, full);
    return full;
  }

  addUser(user: Partial<FakeUser> & { id: string }): FakeUser {
    const full: FakeUser = {
      name: user.id.toLowerCase(),
      realName: `Real ${user.id}`,
      displayName: `Display ${user.id}`,
      isAdmin: false,
      isOwner: false,
      isPrimaryOwner: false,
      isBot: false,
      ...user,
    };
    this.users.set(full.id, full);
    return full;
  }

  /** A fresh, strictly increasing message timestamp (`seconds.sequence`), as Slack's ts values are. */
  nextTs(): string {
    this.tsSequence += 1;
    return `${Math.floor(this.now() / 1_000)}.${String(this.tsSequence).padStart(6, '0')}`;
  }

  addMessage(message: Omit<FakeMessage, 'ts' | 'edited'> & { ts?: string }): FakeMessage {
    const full: FakeMessage = { ...message, ts: message.ts ?? this.nextTs(), edited: false };
    this.messages.push(full);
    return full;
  }

  channelMessages(channel: string): FakeMessage[] {
    return this.messages.filter((message) => message.channel === channel);
  }
}
