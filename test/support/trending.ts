import { type DailyItem, march2026Item, oct25Batch } from './fixtures';

/**
 * A trending list as Hugging Face serves it: a March 2026 paper no stored batch has, then the 2024-10-25
 * batch from its least upvoted up (trending is its own rank, not upvotes). 30 items.
 */
export const trendingList = (): DailyItem[] => [march2026Item(), ...oct25Batch().reverse()];
