/**
 * British and American spellings of a word, so `behaviour` finds `behavior` and `modelling` finds
 * `modeling`, and the Latin plurals stemming misses (`corpus`, `corpora`). Rules cover the regular
 * patterns; a short list covers the rest. A rule may produce a
 * non-word (`error` → `errour`): the query planner keeps only variants that occur in some paper.
 */

const irregular: Array<[string, string]> = [
  ['centre', 'center'],
  ['centres', 'centers'],
  ['metre', 'meter'],
  ['metres', 'meters'],
  ['fibre', 'fiber'],
  ['litre', 'liter'],
  ['theatre', 'theater'],
  ['grey', 'gray'],
  ['programme', 'program'],
  ['programmes', 'programs'],
  ['catalogue', 'catalog'],
  ['dialogue', 'dialog'],
  ['dialogues', 'dialogs'],
  ['analogue', 'analog'],
  ['defence', 'defense'],
  ['licence', 'license'],
  ['offence', 'offense'],
  ['judgement', 'judgment'],
  ['ageing', 'aging'],
  ['aluminium', 'aluminum'],
  ['artefact', 'artifact'],
  ['artefacts', 'artifacts'],
  ['sceptical', 'skeptical'],
  ['manoeuvre', 'maneuver'],
  ['tonne', 'ton'],
  // Latin and Greek plurals the stemmer cannot join to their singulars.
  ['corpus', 'corpora'],
  ['criterion', 'criteria'],
  ['phenomenon', 'phenomena'],
  ['matrix', 'matrices'],
  ['vertex', 'vertices'],
  ['index', 'indices'],
  ['hypothesis', 'hypotheses'],
  ['analysis', 'analyses'],
  ['axis', 'axes'],
  ['formula', 'formulae'],
];

const irregularLookup = new Map<string, string>();
for (const [british, american] of irregular) {
  irregularLookup.set(british, american);
  irregularLookup.set(american, british);
}

/** [pattern, replacement] pairs, each applied once to the end of the word; both directions listed. */
const rules: Array<[RegExp, string]> = [
  // behaviour ↔ behavior, colours ↔ colors (not four, hour, your: the stem must be 3+ letters)
  [/^(\p{L}{3,})our(s|ed|ing|al|ally|ite|ites)?$/u, '$1or$2'],
  [/^(\p{L}{3,})or(s|ed|ing|al|ally|ite|ites)?$/u, '$1our$2'],
  // optimise ↔ optimize, tokenisation ↔ tokenization, normalised ↔ normalized
  [/^(\p{L}{3,})is(e|es|ed|ing|er|ers|ation|ations|able)$/u, '$1iz$2'],
  [/^(\p{L}{3,})iz(e|es|ed|ing|er|ers|ation|ations|able)$/u, '$1is$2'],
  // analyse ↔ analyze, paralysed ↔ paralyzed
  [/^(\p{L}{3,})ys(e|es|ed|ing|er|ers)$/u, '$1yz$2'],
  [/^(\p{L}{3,})yz(e|es|ed|ing|er|ers)$/u, '$1ys$2'],
  // modelling ↔ modeling, labelled ↔ labeled, travellers ↔ travelers
  [/^(\p{L}{2,}[aeiou])ll(ed|ing|er|ers)$/u, '$1l$2'],
  [/^(\p{L}{2,}[aeiou])l(ed|ing|er|ers)$/u, '$1ll$2'],
];

/** Other spellings of `word` (folded), without `word` itself. */
export function spellingVariants(word: string): string[] {
  const variants = new Set<string>();
  const listed = irregularLookup.get(word);
  if (listed) variants.add(listed);
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) variants.add(word.replace(pattern, replacement));
  }
  variants.delete(word);
  return [...variants];
}
