/** The weekly reading-group agenda, as it is posted (and as `/papers agenda` previews it). */
import { shownTitle } from '../papers/paper-bounds';
import type { ChannelRef } from '../records/channel';
import type { Store } from '../store/store';

export async function weeklyAgendaText(store: Store, channel: ChannelRef): Promise<string> {
  const queue = await store.discussion.queue(channel);
  if (queue.length === 0)
    return '📋 Reading-group agenda: the discussion queue is empty. React with the flag emoji on a paper to add it.';
  const titles = new Map(
    (await store.papers.getMany(queue.map((item) => item.paperId))).map((p) => [p.id, p.title]),
  );
  const lines = queue.map((item, index) => {
    const title = shownTitle(titles.get(item.paperId) ?? `arXiv ${item.paperId}`);
    const who = item.flags.map((flag) => flag.userName).join(', ');
    return `${index + 1}. ${title} — ${item.flags.length} flag${item.flags.length === 1 ? '' : 's'} (${who}) https://huggingface.co/papers/${item.paperId}`;
  });
  return [
    `📋 Reading-group agenda: ${queue.length} paper${queue.length === 1 ? '' : 's'} on the queue`,
    ...lines,
  ].join('\n');
}
