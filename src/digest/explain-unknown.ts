import type { Store } from '../store/store';
import type { DeliveryExplanation } from './sources/digest-source';

/**
 * An item Hugging Face listed and paperboy refused at the source edge, by its arXiv id or (for an id that is
 * not one) the id as listed; null when nothing was refused under that id.
 */
export async function explainRefused(
  store: Store,
  id: string,
  arxivId: boolean,
): Promise<DeliveryExplanation | null> {
  // `#3`: the stand-in key of an item that came with no id at all, not something a user can name.
  const rejected = id.startsWith('#') ? undefined : (await store.sourceLog.rejectsFor(id)).at(-1);
  if (!rejected) return null;
  const shown = arxivId ? id : JSON.stringify(id.length > 60 ? `${id.slice(0, 60)}…` : id);
  const outlook = arxivId
    ? 'It is posted if a later fetch of that day lists it complete.'
    : 'paperboy posts only papers with an arXiv id, since every link it shows is built from it, so this item will not be posted.';
  return {
    verdict: 'rejected',
    text: `Hugging Face listed ${shown} on ${rejected.day}, but paperboy left it out because ${rejected.reason}. ${outlook}`,
  };
}

/** Not stored: refused at the source edge, perhaps on a day Hugging Face could not serve, or never seen. */
export async function explainUnknown(store: Store, paperId: string): Promise<DeliveryExplanation> {
  const refused = await explainRefused(store, paperId, true);
  if (refused) return refused;
  const failing = await store.sourceLog.failingDays();
  if (failing.length > 0) {
    // What it means for the channel; the error itself (URL, status, attempts) is the operator's, in the log.
    const days = failing.map((failure) => failure.day).join(', ');
    const next = failing.map((failure) => failure.retryAt).sort()[0] ?? '';
    const when = next ? ` (next at ${next.slice(11, 16)} UTC)` : '';
    return {
      verdict: 'day_unavailable',
      text: `${paperId} is not in any batch paperboy has stored, but Hugging Face's list for ${days} could not be fetched (Hugging Face did not serve it when paperboy asked). paperboy keeps asking on its own${when}, and the paper may be in it: once the list is fetched, the next digest includes it. Meanwhile the digests go out with the days known.`,
    };
  }
  return {
    verdict: 'unknown_paper',
    text: `${paperId} is not in any Daily Papers batch paperboy has seen yet; a paper is posted once it is listed on Hugging Face Daily Papers.`,
  };
}
