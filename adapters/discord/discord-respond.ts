/**
 * Answers interactions inside Discord's 3-second window. A core call that settles quickly is answered
 * directly; a slower one (search, today and paper may reach Hugging Face) is deferred first and the result
 * edited in afterwards, so no subcommand needs to be known as "slow" here.
 */
import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { Reply } from '../../src/chat/replies';
import { type DiscordMessageBody, NO_MENTIONS } from './discord-body';
import { renderReply } from './discord-render-reply';

type Settled = { reply: Reply } | { error: unknown };

/** The outcome of `work` if it settles within `ms`; null if it is still running (it keeps running). */
async function settleWithin(work: Promise<Reply>, ms: number): Promise<Settled | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const settled = work.then(
    (reply): Settled => ({ reply }),
    (error: unknown): Settled => ({ error }),
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

const unwrap = (settled: Settled): Reply => {
  if ('error' in settled) throw settled.error;
  return settled.reply;
};

export const createOptions = (body: DiscordMessageBody, ephemeral: boolean) => ({
  ...(body.content ? { content: body.content } : {}),
  embeds: body.embeds,
  components: body.components,
  allowedMentions: NO_MENTIONS,
  ...(ephemeral ? { flags: MessageFlags.Ephemeral as const } : {}),
});

/** Edits replace the whole message: empty content, embeds and rows clear what the old one had. */
export const editOptions = (body: DiscordMessageBody) => ({
  content: body.content ?? '',
  embeds: body.embeds,
  components: body.components,
  allowedMentions: NO_MENTIONS,
});

export async function answerCommand(
  interaction: ChatInputCommandInteraction,
  work: Promise<Reply>,
  deferAfterMs: number,
) {
  const early = await settleWithin(work, deferAfterMs);
  if (early) {
    const { body, ephemeral } = renderReply(unwrap(early));
    await interaction.reply(createOptions(body, ephemeral));
    return;
  }
  // Most replies are private, so the placeholder is too; a channel reply replaces it with a new message.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const { body, ephemeral } = renderReply(await work);
  if (ephemeral) {
    await interaction.editReply(editOptions(body));
    return;
  }
  await interaction.deleteReply();
  await interaction.followUp(createOptions(body, false));
}

/**
 * A Previous/Next click updates the list in place; anything else the core answers (a list now shown to the
 * channel, a notice) is a new message with its own visibility.
 */
export async function answerButton(
  interaction: ButtonInteraction,
  work: Promise<Reply>,
  deferAfterMs: number,
) {
  const onEphemeral = interaction.message.flags.has(MessageFlags.Ephemeral);
  const inPlace = (reply: Reply) =>
    reply.kind === 'paper-list' && (reply.visibility === 'private') === onEphemeral;
  const early = await settleWithin(work, deferAfterMs);
  if (early) {
    const reply = unwrap(early);
    const { body, ephemeral } = renderReply(reply);
    if (inPlace(reply)) await interaction.update(editOptions(body));
    else await interaction.reply(createOptions(body, ephemeral));
    return;
  }
  await interaction.deferUpdate();
  const reply = await work;
  const { body, ephemeral } = renderReply(reply);
  if (inPlace(reply)) await interaction.editReply(editOptions(body));
  else await interaction.followUp(createOptions(body, ephemeral));
}
