/**
 * Which words a card's reason may name, learnt from the channel's own stored papers: a word papers name
 * their subject by. A topic word ("hallucinations", "humanoid", "diffusion") is in titles and AI keywords
 * as often as in abstracts; filler ("remarkable", "demonstrates", "requires", "abilities") fills abstracts
 * and is almost never in a title or keyword. A word common to most papers ("models") says nothing either.
 * So a word (or pair) may be named when enough of the papers that use it have it in their title or AI
 * keywords, and few enough papers use it at all (a high document frequency is a low idf).
 */
import type { Paper } from '../records/paper';
import { isTextFeature, paperTerms, type TermCounts } from './paper-features';

/** Of the papers using a word, at least this share have it in their title or AI keywords. */
const minSubjectShare = 0.3;
/** A word in more than this share of the papers is too common to say what is distinctive. */
const maxDocumentShare = 0.2;

export type SubjectTerms = ReadonlySet<string>;

/** `terms(paper)`: the paper's features (the reader's, cached). */
export function subjectTerms(papers: Paper[], terms: (paper: Paper) => TermCounts): SubjectTerms {
  const used = new Map<string, number>();
  const named = new Map<string, number>();
  for (const paper of papers) {
    for (const feature of terms(paper).keys())
      if (isTextFeature(feature)) used.set(feature, (used.get(feature) ?? 0) + 1);
    const subject = paperTerms({ ...paper, abstract: '', aiSummary: null, authors: [], organization: null });
    for (const feature of subject.keys()) named.set(feature, (named.get(feature) ?? 0) + 1);
  }
  const subjects = new Set<string>();
  for (const [feature, count] of used) {
    const inSubject = named.get(feature) ?? 0;
    if (inSubject / count >= minSubjectShare && count / papers.length <= maxDocumentShare)
      subjects.add(feature);
  }
  return subjects;
}

/** Authors and organisations always say something; a word only when it is a subject word. */
export const nameable = (feature: string, subjects: SubjectTerms) =>
  !isTextFeature(feature) || subjects.has(feature);
