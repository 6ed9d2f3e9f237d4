/**
 * A quoted phrase means its words as written, in that order: the index matches stems ("graph
 * convolutional" would find "Graph Convolution"), so the papers it returns for a phrase are checked here
 * against their own folded words. Folding (case, accents, ligatures) is the only liberty taken.
 */
import type { Paper } from '../records/paper';
import { words } from './search-text';

/** The texts a phrase may be written in: every field the index searches. */
const fieldsOf = (paper: Paper) => [
  paper.title,
  paper.aiKeywords.join(' · '),
  paper.aiSummary ?? '',
  paper.abstract,
  paper.authors.join(' · '),
  paper.organization?.name ?? '',
  paper.organization?.fullname ?? '',
];

function holds(text: string, phrase: string[]): boolean {
  const found = words(text);
  const first = phrase[0];
  if (first === undefined) return true;
  for (let at = found.indexOf(first); at >= 0; at = found.indexOf(first, at + 1))
    if (phrase.every((word, offset) => found[at + offset] === word)) return true;
  return false;
}

/** Whether one field of the paper holds the phrase's words (folded), adjacent and in order. */
export const writesPhrase = (paper: Paper, phrase: string[]) =>
  fieldsOf(paper).some((text) => holds(text, phrase));
