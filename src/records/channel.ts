/**
 * A platform module's id (`PlatformModule.id`, listed in src/app/platform-modules.ts; `console` is the
 * terminal's). The core treats it as an opaque key: it never branches on a platform.
 */
export type Platform = string;

/** A channel on a platform. `workspaceId` is the Discord guild or the Slack team. */
export interface ChannelRef {
  platform: Platform;
  workspaceId: string;
  channelId: string;
}
