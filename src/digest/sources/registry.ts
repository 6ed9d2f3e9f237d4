/** The digest sources, one line each: the core finds a channel's source here by its name. */
import { PaperboyError } from '../../errors';
import type { DigestSource } from '../../records/subscription';
import { dailySource } from './daily';
import { type AnyDigestSource, anySource } from './digest-source';
import { trendingSource } from './trending';

// Partial while a stored source (records/subscription.ts) has no digest source yet: `arxiv`, until it is listed.
const registry: Partial<Record<DigestSource, AnyDigestSource>> = {
  daily: anySource(dailySource),
  trending: anySource(trendingSource),
};

/** Every source, in the order a tick asks them. */
export const allDigestSources: readonly AnyDigestSource[] = Object.values(registry);

export const digestSourceOf = (id: DigestSource): AnyDigestSource => {
  const source = registry[id];
  if (!source) throw new PaperboyError('invalid_input', `no digest posts from ${id} yet`);
  return source;
};
