/** The digest sources, one line each: the core finds a channel's source here by its name. */
import type { DigestSource } from '../../records/subscription';
import { arxivSource } from './arxiv';
import { dailySource } from './daily';
import { type AnyDigestSource, anySource } from './digest-source';
import { trendingSource } from './trending';

const registry: Record<DigestSource, AnyDigestSource> = {
  daily: anySource(dailySource),
  trending: anySource(trendingSource),
  arxiv: anySource(arxivSource),
};

/** Every source, in the order a tick asks them. */
export const allDigestSources: readonly AnyDigestSource[] = Object.values(registry);

export const digestSourceOf = (id: DigestSource): AnyDigestSource => registry[id];
