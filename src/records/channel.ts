/**
 * A platform module's id (`PlatformModule.id`, listed in src/app/platform-modules.ts), or `console` for the
 * terminal. The core treats it as an opaque key: it never branches on a platform.
 */
export type Platform = string;

/** A channel on a platform. `workspaceId` is the Discord guild or the Slack team. */
export interface ChannelRef {
  platform: Platform;
  workspaceId: string;
  channelId: string;
}
