/**
 * Discord's documented posting limits, and the fan-out they allow. discord.js's REST manager does the
 * pacing: it queues each route bucket (one per channel for posting) from the `X-RateLimit-*` headers and
 * holds the per-bot global limit itself; the core only needs to know how many channels to post at once.
 */
export const discordRateLimits = {
  /** Requests per second per bot, across every route. */
  globalRequestsPerSecond: 50,
  /** Messages one channel accepts per window (the channel's route bucket). */
  channelMessages: 5,
  channelWindowSeconds: 5,
} as const;

/**
 * Channels posted at once: a channel sustains 5 messages per 5 s (1/s), so 50 of them keep the global
 * 50 requests/s busy; more would only wait in discord.js's global queue.
 */
export const discordConcurrentChannels = Math.floor(
  discordRateLimits.globalRequestsPerSecond /
    (discordRateLimits.channelMessages / discordRateLimits.channelWindowSeconds),
);
