import type { CommandInvocation, CommandSpec, OptionValue } from './command-spec';

export type ParseResult = { ok: true; invocation: CommandInvocation } | { ok: false; message: string };

/** Splits on spaces, keeping "quoted phrases" (straight or curly quotes) together, also after `name=` / `name:`. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /(\S+?[=:])?(?:"([^"]*)"|“([^”]*)”|(\S+))/g;
  for (const match of text.matchAll(pattern)) {
    const key = match[1] ?? '';
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    tokens.push(key + value);
  }
  return tokens;
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
  for (const token of tokenize(remainder)) {
    const named = /^([a-z_]+)[=:](.*)$/i.exec(token);
    const key = named?.[1]?.toLowerCase().replace(/-/g, '_');
    if (named && key && spec.options.some((option) => option.name === key)) {
      options[key] = named[2] ?? '';
      continue;
    }
    const slot = positionals.find((option) => !(option.name in options));
    if (!slot) {
      const accepted = spec.options.map((option) => option.name).join(', ');
      return {
        ok: false,
        message: `"${token}" is not an option of ${name}. Expected: ${spec.usage} (options: ${accepted || 'none'}).`,
      };
    }
    options[slot.name] = token;
  }
  return { ok: true, invocation: { name, options } };
}
