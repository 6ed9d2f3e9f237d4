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
  if (!spec) {
    const known = specs.map((candidate) => candidate.name).join(', ');
    return { ok: false, message: `Unknown subcommand "${first}". Try one of: ${known}.` };
  }
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
  for (const token of tokens.tokens) {
    const named = /^([a-z_-]+)([=:])(.*)$/i.exec(token);
    const word = named?.[1]?.toLowerCase().replace(/-/g, '_') ?? '';
    const option = spec.options.find(
      (candidate) => candidate.name === word || candidate.aliases?.includes(word),
    );
    if (named && option) {
      options[option.name] = named[3] ?? '';
      continue;
    }
    // `name=value` is always meant as an option; `name:value` may be a value itself (arXiv:2410.17243, a URL).
    if (named?.[2] === '=') {
      return {
        ok: false,
        message: `unknown option ${named[1]} of ${name} (options: ${accepted || 'none'}).`,
      };
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
