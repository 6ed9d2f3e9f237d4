/**
 * What the contract suite needs from each platform's test harness (real adapter + real library + fake
 * server). Each platform implements it once; every contract scenario runs against every driver.
 */
export interface DriverReply {
  /** Every visible string of the reply flattened into one text (titles, fields, block texts, links). */
  text: string;
  /** Seen only by the caller (Discord ephemeral flag / Slack ephemeral response). */
  ephemeral: boolean;
  /** Button labels in order, e.g. ['Previous', 'Next', 'Share in channel']. */
  buttons: string[];
}

export interface DriverMessage {
  id: string;
  text: string;
  buttons: string[];
  /** Buttons that open a web page, with their address (e.g. Hugging Face, arXiv, PDF). */
  links: { label: string; url: string }[];
  /** Addresses of every image the message shows (figures, thumbnails, organisation avatars). */
  images: string[];
  /** Set when the message was posted in a thread under another message. */
  threadOf: string | null;
}

export interface CommandInput {
  channel: string;
  user: string;
  /** Whether the user may manage the channel (Manage Channels / workspace admin). */
  admin?: boolean;
  /** The text after `/papers`, e.g. `search diffusion since:7d`. */
  text: string;
}

export interface ReactionInput {
  channel: string;
  user: string;
  messageId: string;
  emoji: string;
  action: 'added' | 'removed';
}

export interface ChatDriver {
  readonly platform: 'discord' | 'slack' | 'email';
  /** Runs `/papers <text>` as a user would and resolves with the bot's reply to it. */
  runCommand(input: CommandInput): Promise<DriverReply>;
  /** Clicks a button of the last reply to this user, by label; resolves with the reply that results. */
  clickButton(input: { channel: string; user: string; label: string }): Promise<DriverReply>;
  /** Adds or removes a reaction as a user; resolves once the adapter has handed the event to the core. */
  react(input: ReactionInput): Promise<void>;
  /**
   * Delivers the last reaction event again, as the platform does after a lost ack (Slack: same `event_id`
   * with a retry number) or a gateway resume (Discord: the same dispatch); resolves once the adapter is done.
   */
  replayLastReaction(): Promise<void>;
  /** Posts a plain message as a user (for shared links); returns its id. */
  postAsUser(input: { channel: string; user: string; text: string }): Promise<string>;
  /** Messages the bot has posted into a channel (not replies to commands), oldest first. */
  channelMessages(channel: string): Promise<DriverMessage[]>;
  close(): Promise<void>;
}
