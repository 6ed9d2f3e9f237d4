/** Reads Block Kit back as a person would see it: the visible text and the buttons. */

export interface SeenButton {
  label: string;
  actionId: string;
  value: string | null;
  url: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const textOf = (value: unknown): string =>
  isObject(value) && typeof value.text === 'string' ? value.text : '';

function button(element: Json): SeenButton {
  return {
    label: textOf(element.text),
    actionId: String(element.action_id ?? ''),
    value: typeof element.value === 'string' ? element.value : null,
    url: typeof element.url === 'string' ? element.url : null,
  };
}

export function blockTexts(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  const texts: string[] = [];
  for (const block of blocks) {
    if (!isObject(block)) continue;
    if (block.text) texts.push(textOf(block.text));
    if (Array.isArray(block.fields)) texts.push(...block.fields.map(textOf));
    if (Array.isArray(block.elements)) {
      for (const element of block.elements) {
        if (!isObject(element)) continue;
        texts.push(element.type === 'button' ? textOf(element.text) : textOf(element));
      }
    }
    if (isObject(block.accessory) && block.accessory.type === 'button')
      texts.push(textOf(block.accessory.text));
  }
  return texts.filter((text) => text.length > 0);
}

export function blockButtons(blocks: unknown): SeenButton[] {
  if (!Array.isArray(blocks)) return [];
  const buttons: SeenButton[] = [];
  for (const block of blocks) {
    if (!isObject(block)) continue;
    const elements = Array.isArray(block.elements) ? block.elements : [];
    for (const element of [...elements, block.accessory]) {
      if (isObject(element) && element.type === 'button') buttons.push(button(element));
    }
  }
  return buttons;
}

/** Every visible string of a message (blocks, or the text when there are none), joined. */
export function visibleText(message: { text?: unknown; blocks?: unknown }): string {
  const texts = blockTexts(message.blocks);
  if (texts.length > 0) return texts.join('\n');
  return typeof message.text === 'string' ? message.text : '';
}

/**
 * mrkdwn as a person reads it: `<url|label>` shows the label, `<url>` the URL, entities are decoded and
 * bold markers disappear. (A decoded `<!channel>` here is text on screen, not a mention.)
 */
export function asSeen(mrkdwn: string): string {
  return mrkdwn
    .replace(/<([^<>|]+)\|([^<>]*)>/g, '$2')
    .replace(/<([^<>|]+)>/g, '$1')
    .replace(/(^|[\s(])\*([^*\n]+)\*(?=$|[\s).,:;!?])/g, '$1$2')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every image the blocks show: image blocks, section accessories and context images. */
export function blockImages(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  const urls: string[] = [];
  const take = (element: unknown) => {
    const image = element as { type?: string; image_url?: unknown } | undefined;
    if (image?.type === 'image' && typeof image.image_url === 'string') urls.push(image.image_url);
  };
  for (const block of blocks as Array<{ accessory?: unknown; elements?: unknown[] }>) {
    take(block);
    take(block.accessory);
    for (const element of block.elements ?? []) take(element);
  }
  return urls;
}
