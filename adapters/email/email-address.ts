/** A subscriber is an address; as a channel it is `email/email/<address>`, so it has a channel's settings. */
import type { CommandContext } from '../../commands/command-context';
import type { ChannelRef } from '../../src/records/channel';

export const emailPlatform = 'email';

const addressShape = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** The address in its stored form (lower case), or null when it is not one. */
export function normalAddress(value: string): string | null {
  const address = value.trim().toLowerCase();
  return addressShape.test(address) && address.length <= 254 ? address : null;
}

export const channelOf = (address: string): ChannelRef => ({
  platform: emailPlatform,
  workspaceId: 'email',
  channelId: address,
});

/** The owner of the address, who proved it by clicking a signed link (or the operator at the CLI). */
export const ownerContext = (address: string): CommandContext => ({
  channel: channelOf(address),
  userId: address,
  canManageChannel: true,
  manageChannelRequirement: 'the owner of the address',
  commandPrefix: 'paperboy email',
});
