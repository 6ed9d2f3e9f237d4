import { didYouMean } from '../src/text/edit-distance';
import type { CommandInvocation, CommandSpec, OptionSpec, OptionValue } from './command-spec';

export type ParseResult = { ok: true; invocation: CommandInvocation } | { ok: false; message: string };

type Tokens = { ok: true; tokens: string[] } | { ok: false; message: string };

/**
 * Splits on spaces, keeping "quoted phrases" (straight or curly quotes) together, also after `name=` /
 * `name:`. A quote that is never closed is an error: guessing where it ends would file words under the
 * wrong option.
 */
export function tokenize(text: string): Tokens {
  const tokens: string[] = [];
  const pattern = /(\S+?[=:])?(?:"([^"]*)"|“([^”]*)”|(\S+))/g;
  for (const match of text.matchAll(pattern)) {
    const key = match[1] ?? '';
    const bare = match[4];
    if (bare !== undefined && /^["“]/.test(bare)) {
      const from = text.slice(match.index);
      return { ok: false, message: `unclosed quote in ${from}: end the quoted text with a closing "` };
    }
    tokens.push(key + (match[2] ?? match[3] ?? bare ?? ''));
  }
  return { ok: true, tokens };
}

/** The positional a bare word fills: the first open one whose shape it has (a time, a zone), else the first open one. */
function slotFor(token: string, open: OptionSpec[]): OptionSpec | undefined {
  return open.find((option) => !option.shape || option.shape.test(token)) ?? open[0];
}

/**
 * `subscribe 09:00 Europe/Paris top=5 include="diffusion, llm"` → an invocation of `subscribe`.
 * `name=value` (or `name:value`) sets an option; bare words fill the positional options in order; a `rest`
 * option takes the remaining text verbatim.
 */
export function parseCommandText(text: string, specs: readonly CommandSpec[]): ParseResult {
  const trimmed = text.trim().replace(/^\/?papers\b\s*/i, '');
  const [first = 'help', ...afterName] = trimmed ? trimmed.split(/\s+/) : [];
  const name = first.toLowerCase();
  const spec = specs.find((candidate) => candidate.name === name);
  const names = specs.map((candidate) => candidate.name);
  if (!spec) {
    return {
      ok: false,
      message: `Unknown subcommand "${first}"${didYouMean(name, names)}. Try one of: ${names.join(', ')}.`,
    };
  }
  // `search --help` asks for help on search (as a query it would only leave papers out).
  if (
    afterName.length === 1 &&
    /^(--help|-h|-\?)$/i.test(afterName[0] ?? '') &&
    specs.some((c) => c.name === 'help')
  )
    return { ok: true, invocation: { name: 'help', options: { command: name } } };
  const restSpec = spec.options.find((option) => option.rest);
  const remainder = trimmed.slice(first.length).trim();
  if (restSpec && afterName.length > 0) {
    // Free text (a search query) keeps its own syntax: the command parses it.
    return { ok: true, invocation: { name, options: { [restSpec.name]: remainder } } };
  }
  const options: Record<string, OptionValue> = {};
  const positionals = spec.options.filter((option) => option.positional);
  const accepted = spec.options.map((option) => option.name).join(', ');
  const tokens = tokenize(remainder);
  if (!tokens.ok) return tokens;
  const optionNamed = (word: string) =>
    spec.options.find((candidate) => candidate.name === word || candidate.aliases?.includes(word));
  for (const token of joinSpacedValues(tokens.tokens, optionNamed)) {
    const named = /^([a-z_-]+)([=:])(.*)$/is.exec(token);
    const word = named?.[1]?.toLowerCase().replace(/-/g, '_') ?? '';
    const option = optionNamed(word);
    if (named && option) {
      const value = named[3] ?? '';
      const given = options[option.name];
      if (given !== undefined) {
        return {
          ok: false,
          message: `${option.name} is given twice (${option.name}=${String(given)} and ${option.name}=${value}); give it once.`,
        };
      }
      options[option.name] = value;
      continue;
    }
    // `name=value` is always meant as an option; `name:value` may be a value itself (arXiv:2410.17243, a URL).
    if (named?.[2] === '=') {
      const optionNames = spec.options.map((candidate) => candidate.name);
      return {
        ok: false,
        message: `unknown option ${named[1]} of ${name}${didYouMean(word, optionNames)} (options: ${accepted || 'none'}).`,
      };
    }
    // A bare option name: on for an on/off option (`post_empty`), a missing value for any other.
    const bare = optionNamed(token.toLowerCase().replace(/-/g, '_'));
    if (bare && !bare.positional) {
      if (bare.type !== 'boolean')
        return { ok: false, message: `${bare.name} needs a value, e.g. ${bare.name}=${exampleValue(bare)}.` };
      if (options[bare.name] !== undefined)
        return { ok: false, message: `${bare.name} is given twice; give it once.` };
      options[bare.name] = true;
      continue;
    }
    const slot = slotFor(
      token,
      positionals.filter((candidate) => !(candidate.name in options)),
    );
    if (!slot) {
      return {
        ok: false,
        message: `"${token}" is not an option of ${name}. Expected: ${spec.usage} (options: ${accepted || 'none'}).`,
      };
    }
    options[slot.name] = token;
  }
  return { ok: true, invocation: { name, options } };
}

/**
 * `top = 5`, `top= 5` and `top =5` as `top=5`: a person spaces an equals sign as in prose. Only around the
 * name of one of the command's options, so a value that merely contains `=` is left alone.
 */
function joinSpacedValues(tokens: string[], optionNamed: (word: string) => OptionSpec | undefined): string[] {
  const joined: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] ?? '';
    const next = tokens[index + 1];
    const known = (word: string) => optionNamed(word.toLowerCase().replace(/-/g, '_')) !== undefined;
    if (next !== undefined && known(token) && next === '=' && tokens[index + 2] !== undefined) {
      joined.push(`${token}=${tokens[index + 2]}`);
      index += 2;
    } else if (next !== undefined && known(token) && /^=./s.test(next)) {
      joined.push(`${token}${next}`);
      index += 1;
    } else if (next !== undefined && /^[a-z_-]+=$/i.test(token) && known(token.slice(0, -1))) {
      joined.push(`${token}${next}`);
      index += 1;
    } else joined.push(token);
  }
  return joined;
}

/** What `name=…` would look like, for a bare option name. */
function exampleValue(option: OptionSpec): string {
  if (option.type === 'integer')
    return String(option.minValue !== undefined && option.minValue > 0 ? option.minValue : 5);
  return option.name === 'agenda' ? '"fri 15:00"' : '…';
}
