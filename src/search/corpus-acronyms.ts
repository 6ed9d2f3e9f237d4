/**
 * The acronyms the stored papers define (mined at sync time, src/search/acronym-mining.ts), as the query
 * planner uses them: a typed acronym stands for the long forms the corpus gives it, most defined first,
 * and a typed long form for its acronym. An acronym with several long forms (SAM: segment anything model,
 * sharpness aware minimization) keeps them all; the query's other words decide between them, since a
 * paper is ranked by how much of the whole query it covers.
 *
 * Long forms the papers only spell out (initialism-mining.ts: "Tensor Processing Unit", never "(TPU)")
 * count for less than definitions, and only for a typed word shaped like an acronym that is not an English
 * word (`tpu`, `dkt`; never `its` or `did`); a typed long form stands for such an acronym only when some
 * paper writes the acronym, so the clause gains papers rather than only regrouping the words.
 */
import type { AcronymDefinition } from '../search-query/text-query';
import { isEnglishWord } from './english-words';

/** Long forms kept per acronym, most defined first. */
const maxLongForms = 3;
/** A long form defined by fewer papers than this share of the acronym's commonest one is left out (noise). */
const minShare = 0.1;
/** A spelled-out form must be spelled by at least this share of the papers that write the acronym. */
const writtenShare = 0.25;
/** What one paper spelling a long form out weighs against one paper defining it. */
const spelledWeight = 0.5;

/** `tpu`, `dsls`: 3–6 letters (a plural s aside) and no English word, so worth reading as initials. */
export function isAcronymShaped(word: string): boolean {
  const letters = /^\p{L}{3,6}$/u.test(singular(word)) ? singular(word) : word;
  return /^\p{L}{3,6}$/u.test(letters) && !isEnglishWord(word) && !isEnglishWord(letters);
}

const strength = (definition: AcronymDefinition) =>
  definition.spelled ? definition.papers * spelledWeight : definition.papers;

/** The runs of 2–6 consecutive typed words (and with the last singular or plural) a long form may be. */
export function typedPhrases(words: string[]): string[] {
  const phrases = new Set<string>();
  for (let start = 0; start < words.length; start++)
    for (let end = start + 2; end <= Math.min(words.length, start + 6); end++) {
      const run = words.slice(start, end);
      const last = run.at(-1) ?? '';
      for (const variant of [last, singular(last), `${singular(last)}s`])
        phrases.add([...run.slice(0, -1), variant].join(' '));
    }
  return [...phrases];
}

/** `llms` → `llm`: plural acronyms are written with a lower-case s. */
export const singular = (word: string) => (word.length > 2 && word.endsWith('s') ? word.slice(0, -1) : word);

/**
 * The long forms the corpus defines for `word` (or its singular), as words; `written` is how many papers
 * contain `word` itself. A spelled-out form is a guess, used only when the acronym is not already written
 * by many more papers than spell the form (then the acronym finds its papers by itself: `gpu`), and one
 * read inside a hyphenated compound ("back-propagating errors") only for an acronym no paper defines.
 */
export function corpusExpansions(
  word: string,
  definitions: AcronymDefinition[],
  written = 0,
): Array<{ words: string[]; spelled: boolean }> {
  const own = definitions.filter(
    (definition) => definition.acronym === word || definition.acronym === singular(word),
  );
  const shaped = own.some((definition) => definition.spelled) && isAcronymShaped(word);
  const defined = own.some((definition) => !definition.spelled);
  // The best few in one pass, ties in code-unit order of the long form (definitions first): an acronym can
  // have a thousand long forms, and sorting them all (by a locale comparison) was most of a query's time.
  const best: Array<{ words: string[]; strength: number; spelled: boolean; key: string }> = [];
  for (const definition of own) {
    if (definition.spelled && !(shaped && definition.papers >= written * writtenShare)) continue;
    if (definition.compound && defined) continue;
    const entry = {
      words: definition.words,
      strength: strength(definition),
      spelled: definition.spelled ?? false,
      key: definition.words.join(' '),
    };
    const at = best.findIndex(
      (other) =>
        entry.strength > other.strength ||
        (entry.strength === other.strength &&
          (Number(entry.spelled) < Number(other.spelled) ||
            (entry.spelled === other.spelled && entry.key < other.key))),
    );
    if (at >= 0) best.splice(at, 0, entry);
    else best.push(entry);
    if (best.length > maxLongForms) best.pop();
  }
  const most = best[0]?.strength ?? 0;
  return best
    .filter((entry) => entry.strength >= most * minShare)
    .map((entry) => ({ words: entry.words, spelled: entry.spelled }));
}

const sameWord = (a: string, b: string) => a === b || singular(a) === singular(b);

/** The longest long form of the corpus spelled out in `words` from `start`, with its acronym. */
export function corpusSpelledOut(
  words: string[],
  start: number,
  definitions: AcronymDefinition[],
  written: (acronym: string) => boolean = () => true,
): { acronym: string; length: number } | null {
  let best: { acronym: string; length: number; papers: number } | null = null;
  for (const definition of definitions) {
    const length = definition.words.length;
    if (length < 2 || length > words.length - start) continue;
    if (definition.spelled && !(isAcronymShaped(definition.acronym) && written(definition.acronym))) continue;
    if (!definition.words.every((word, index) => sameWord(word, words[start + index] ?? ''))) continue;
    const papers = strength(definition);
    if (
      !best ||
      length > best.length ||
      (length === best.length &&
        (papers > best.papers || (papers === best.papers && definition.acronym < best.acronym)))
    )
      best = { acronym: definition.acronym, length, papers };
  }
  return best ? { acronym: best.acronym, length: best.length } : null;
}
