/** arXiv identifiers: new style `2410.17243` (4 or 5 digits after the dot), old style `cs/0112017`. */

const newStyle = /^(\d{4}\.\d{4,5})(v\d+)?$/;
const oldStyle = /^([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?$/i;

/** The id without its version, or null if `text` is not an arXiv id. */
export function canonicalArxivId(text: string): string | null {
  const trimmed = text.trim();
  const match = newStyle.exec(trimmed) ?? oldStyle.exec(trimmed);
  return match?.[1] ?? null;
}

const linkPattern =
  /(?:https?:\/\/)?(?:www\.)?(?:arxiv\.org\/(?:abs|pdf|html)|huggingface\.co\/papers|hf\.co\/papers)\/([a-z-]+(?:\.[A-Z]{2})?\/\d{7}|\d{4}\.\d{4,5})(?:v\d+)?(?:\.pdf)?/i;

/** An id from a bare id, an `arXiv:` prefix, or an arXiv / Hugging Face papers URL. */
export function parsePaperReference(text: string): string | null {
  const trimmed = text.trim().replace(/^<|>$/g, '');
  const bare = canonicalArxivId(trimmed.replace(/^arxiv:\s*/i, ''));
  if (bare) return bare;
  const link = linkPattern.exec(trimmed);
  return link?.[1] ? canonicalArxivId(link[1]) : null;
}

/** Every paper id linked in a message's text, in order, without repeats. */
export function findPaperLinks(text: string): string[] {
  const global = new RegExp(linkPattern.source, 'gi');
  const ids = [...text.matchAll(global)].map((match) => (match[1] ? canonicalArxivId(match[1]) : null));
  return [...new Set(ids.filter((id): id is string => id !== null))];
}
