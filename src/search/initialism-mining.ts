/**
 * Acronyms the papers spell out without defining them: a title "Denoising Diffusion Probabilistic Models"
 * with no "(DDPM)", an abstract that writes "the Tensor Processing Unit" and never "TPU". Runs of
 * consecutive content words whose initials spell a candidate acronym are mined at sync time from each
 * paper's title and from the capitalised runs of its abstract, and counted per paper beside the defined
 * acronyms (acronym-mining.ts); the query planner uses them more cautiously than a definition
 * (corpus-acronyms.ts): one paper spelling a phrase says far less than one paper defining an acronym.
 */
import type { AcronymDefinition } from '../search-query/text-query';
import { isEnglishWord } from './english-words';
import { foldText, stopwords } from './search-text';

export interface SpelledOutForm {
  /** The initials, folded: `ddpm`. */
  acronym: string;
  /** The run's folded words, fillers included: ["generalized", "method", "of", "moments"]. */
  words: string[];
  /**
   * The run as stored: its words one space apart, a hyphenated compound's parts joined by `-`, since
   * letters read inside a compound ("back-propagating errors" as BPE) are the less certain reading.
   */
  longForm: string;
}

/** A stored spelled-out row as the planner reads it (both engines). */
export function spelledDefinition(acronym: string, longForm: string, papers: number): AcronymDefinition {
  return {
    acronym,
    words: longForm.split(/[ -]/),
    papers,
    spelled: true,
    ...(longForm.includes('-') ? { compound: true } : {}),
  };
}

/** Initialisms shorter than this are too ambiguous to mine (2-letter ones come from definitions). */
export const minInitials = 3;
/** Longer runs are rarely one name. */
export const maxInitials = 6;

/** Where a run of words stops: clause punctuation, brackets, quotes, dashes between spaces. */
const breaks = /[.,;:!?()[\]{}"“”'‘’/|]|\s[-–—]\s/u;
/** A word a run may hold: letters only, so "E(3)", "3D" and "2018" end one. */
const letters = /^\p{L}+$/u;

/** A word of a stretch; `joined` when hyphenated to a neighbour, where even "in" spells (Just-in-Time). */
interface Part {
  word: string;
  joined: boolean;
  /** Hyphenated to the next part: a run neither ends here nor starts after it (Long-Context). */
  joinedNext?: boolean;
}

const isFiller = (part: Part) => !part.joined && stopwords.has(part.word);

/**
 * The candidate acronyms of one stretch of words: every run of 3–6 content words (one stopword between two
 * of them allowed, `Method of Moments`), spelled by the initials of its content words and, when it holds a
 * stopword, also with that stopword's initial (`Learning with Errors` → LWE). Acronyms that are English
 * words (`its`, `did`) are left out: the planner never expands those (corpus-acronyms.ts).
 */
function runs(stretch: Part[], found: Map<string, SpelledOutForm>) {
  for (let start = 0; start < stretch.length; start++) {
    if (isFiller(stretch[start] ?? { word: '', joined: false }) || stretch[start - 1]?.joinedNext) continue;
    let content = 0;
    let fillers = 0;
    for (let end = start; end < stretch.length; end++) {
      const part = stretch[end] ?? { word: '', joined: false };
      if (isFiller(part)) {
        if (++fillers > 1) break;
        continue;
      }
      content++;
      if (content > maxInitials) break;
      if (part.joinedNext) continue;
      const run = stretch.slice(start, end + 1);
      const short = run.filter((entry) => !isFiller(entry)).map((entry) => entry.word[0]);
      const long = run.map((entry) => entry.word[0]);
      for (const initials of new Set([short.join(''), long.join('')]))
        if (initials.length >= minInitials && initials.length <= maxInitials && !isEnglishWord(initials))
          found.set(`${initials} ${stored(run)}`, {
            acronym: initials,
            words: run.map((entry) => entry.word),
            longForm: stored(run),
          });
    }
  }
}

const stored = (run: Part[]) =>
  run
    .map((entry, index) => `${index === 0 ? '' : run[index - 1]?.joinedNext ? '-' : ' '}${entry.word}`)
    .join('');

/** The stretches of `text` between breaks, as folded words (hyphenated parts separate: just-in-time). */
function stretches(text: string): Part[][] {
  return text.split(breaks).map((stretch) =>
    stretch
      .split(/\s+/u)
      .filter(Boolean)
      .flatMap((token) => {
        const parts = foldText(token)
          .split(/[-‐‑–]+/u)
          .filter(Boolean);
        return parts.map((word, index) => ({
          word,
          joined: parts.length > 1,
          joinedNext: index < parts.length - 1,
        }));
      }),
  );
}

/** Splits a stretch at every word that is not letters only. */
function letterRuns(parts: Part[]): Part[][] {
  const result: Part[][] = [[]];
  for (const part of parts) {
    if (letters.test(part.word)) result.at(-1)?.push(part);
    else result.push([]);
  }
  return result.filter((run) => run.length > 0);
}

const opening = new Set(['(', '[', '{', '"', '“', "'", '‘']);
const closing = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '}', '"', '”', "'", '’', '/', '|']);

/**
 * The runs of the abstract whose words are capitalised (a stopword between them may be lower case), read
 * token by token since abstracts are long and mostly lower case: only a capital or a filler extends a run.
 */
function capitalisedRuns(abstract: string): Part[][] {
  const result: Part[][] = [];
  let run: Part[] = [];
  const flush = () => {
    while (run.length > 0 && isFiller(run.at(-1) ?? { word: '', joined: false })) run.pop();
    if (run.filter((part) => !isFiller(part)).length >= 2) result.push(run);
    run = [];
  };
  for (const raw of abstract.split(/\s+/u)) {
    let from = 0;
    let to = raw.length;
    while (from < to && opening.has(raw[from] ?? '')) from++;
    while (to > from && closing.has(raw[to - 1] ?? '')) to--;
    if (from > 0) flush();
    const token = raw.slice(from, to);
    const first = token[0] ?? '';
    if (first !== '' && first === first.toLowerCase() && first !== first.toUpperCase()) {
      const filler = { word: token.toLowerCase(), joined: false };
      if (run.length > 0 && stopwords.has(filler.word)) run.push(filler);
      else flush();
    } else {
      const pieces = token.split(/[-‐‑–]+/u).filter(Boolean);
      const capitalised =
        pieces.length > 0 &&
        pieces.every(
          (piece, index) => /^\p{Lu}\p{Ll}*$/u.test(piece) || (index > 0 && /^\p{Ll}+$/u.test(piece)),
        );
      if (capitalised)
        run.push(
          ...pieces.map((piece, index) => ({
            word: foldText(piece),
            joined: pieces.length > 1,
            joinedNext: index < pieces.length - 1,
          })),
        );
      else flush();
    }
    if (to < raw.length) flush();
  }
  flush();
  return result;
}

/** Every spelled-out candidate of one paper, each once. */
export function mineSpelledOut(title: string, abstract: string): SpelledOutForm[] {
  const found = new Map<string, SpelledOutForm>();
  for (const stretch of stretches(title)) for (const run of letterRuns(stretch)) runs(run, found);
  for (const run of capitalisedRuns(abstract)) runs(run, found);
  return [...found.values()];
}
