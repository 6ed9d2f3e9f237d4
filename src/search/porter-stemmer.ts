/**
 * The original Porter (1980) stemmer, as SQLite's FTS5 `porter` tokenizer applies it, so snippets mark the
 * same words the index matched: `watermarks` and `watermarking` both stem to `watermark`.
 */

const step2Suffixes: Array<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const step3Suffixes: Array<[string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const step4Suffixes = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

const consonant = '[^aeiou]';
const vowel = '[aeiouy]';
const consonants = `${consonant}[^aeiouy]*`;
const vowels = `${vowel}[aeiou]*`;
const measureAbove0 = new RegExp(`^(${consonants})?${vowels}${consonants}`);
const measureIs1 = new RegExp(`^(${consonants})?${vowels}${consonants}(${vowels})?$`);
const measureAbove1 = new RegExp(`^(${consonants})?${vowels}${consonants}${vowels}${consonants}`);
const hasVowel = new RegExp(`^(${consonants})?${vowel}`);
const endsCvc = new RegExp(`^${consonants}${vowel}[^aeiouwxy]$`);

function replaceSuffix(word: string, suffixes: Array<[string, string]>): string {
  for (const [suffix, replacement] of suffixes) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      return measureAbove0.test(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1(input: string): string {
  let word = input;
  if (word.endsWith('sses') || word.endsWith('ies')) word = word.slice(0, -2);
  else if (word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);

  if (word.endsWith('eed')) {
    if (measureAbove0.test(word.slice(0, -3))) word = word.slice(0, -1);
  } else {
    const match = /^(.+?)(ed|ing)$/.exec(word);
    if (match?.[1] && hasVowel.test(match[1])) {
      word = match[1];
      if (/(at|bl|iz)$/.test(word)) word += 'e';
      else if (/([^aeiouylsz])\1$/.test(word)) word = word.slice(0, -1);
      else if (endsCvc.test(word)) word += 'e';
    }
  }
  const y = /^(.+?)y$/.exec(word);
  if (y?.[1] && hasVowel.test(y[1])) word = `${y[1]}i`;
  return word;
}

function step4(word: string): string {
  for (const suffix of step4Suffixes) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (suffix === 'ion' && !/[st]$/.test(stem)) return word;
    return measureAbove1.test(stem) ? stem : word;
  }
  return word;
}

function step5(input: string): string {
  let word = input;
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    if (measureAbove1.test(stem) || (measureIs1.test(stem) && !endsCvc.test(stem))) word = stem;
  }
  if (word.endsWith('ll') && measureAbove1.test(word)) word = word.slice(0, -1);
  return word;
}

/** The Porter stem of a lower-case word; words of one or two letters and non-ASCII words are left alone. */
export function stem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  const start = word[0] === 'y' ? `Y${word.slice(1)}` : word;
  const stemmed = step5(step4(replaceSuffix(replaceSuffix(step1(start), step2Suffixes), step3Suffixes)));
  return stemmed[0] === 'Y' ? `y${stemmed.slice(1)}` : stemmed;
}
