import { textReply } from '../../src/chat/replies';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';

const searchSyntax = [
  'Search tips: words match titles, AI keywords, summaries, abstracts and authors; the last word also matches',
  'as a prefix. An arXiv id or paper URL looks that paper up.',
];

export function helpCommand(_invocation: unknown, context: CommandContext, deps: CommandDeps) {
  const lines = deps.specs.map((spec) => `\`${context.commandPrefix} ${spec.usage}\` — ${spec.description}`);
  return textReply(
    ['paperboy: the Hugging Face Daily Papers in this channel.', '', ...lines, '', ...searchSyntax].join(
      '\n',
    ),
  );
}
