import type { ChannelRef } from '../src/records/channel';

/** Who is asking, and where. Adapters fill it; handlers never look at the platform itself. */
export interface CommandContext {
  channel: ChannelRef;
  userId: string;
  /** Whether the caller may change this channel's subscription, as the platform decides it. */
  canManageChannel: boolean;
  /**
   * Who has that right on this platform, for refusals ("Only … can subscribe this channel"):
   * `members with the Manage Channels permission`, `a workspace admin, a workspace owner or …`.
   */
  manageChannelRequirement: string;
  /** How to write a command on this platform, for examples in messages: `/papers` */
  commandPrefix: string;
  /** What this platform adds to `help` (the console's own words: next, react, exit…), one line each. */
  platformHelp?: readonly string[];
}
