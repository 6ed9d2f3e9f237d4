/**
 * The Block Kit and message limits the fake enforces, as Slack documents them. A message over a limit gets
 * the error Slack answers with, so the adapter's handling of its own budgets is tested.
 */
export const slackLimits = {
  blocksPerMessage: 50,
  sectionText: 3_000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2_000,
  buttonUrl: 3_000,
  altText: 2_000,
  messageText: 40_000,
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

const textOf = (value: unknown): string | null =>
  isObject(value) && typeof value.text === 'string' ? value.text : null;

function checkButton(element: Json, where: string): string | null {
  const label = textOf(element.text);
  if (label === null || label.length === 0) return `${where}: a button needs text`;
  if (label.length > slackLimits.buttonText)
    return `${where}: button text is ${label.length} > ${slackLimits.buttonText}`;
  if (typeof element.value === 'string' && element.value.length > slackLimits.buttonValue) {
    return `${where}: button value too long`;
  }
  if (typeof element.url === 'string' && element.url.length > slackLimits.buttonUrl)
    return `${where}: url too long`;
  return null;
}

function checkBlock(block: unknown, index: number): string | null {
  const where = `blocks[${index}]`;
  if (!isObject(block) || typeof block.type !== 'string') return `${where}: not a block`;
  switch (block.type) {
    case 'section': {
      const text = textOf(block.text);
      if (text === null && !Array.isArray(block.fields)) return `${where}: a section needs text or fields`;
      if (text !== null && text.length > slackLimits.sectionText) {
        return `${where}: section text is ${text.length} > ${slackLimits.sectionText}`;
      }
      if (text !== null && text.length === 0) return `${where}: empty section text`;
      const accessory = block.accessory;
      if (isObject(accessory) && accessory.type === 'image') {
        const alt = accessory.alt_text;
        if (typeof alt !== 'string' || alt.length === 0 || alt.length > slackLimits.altText) {
          return `${where}: image alt_text invalid`;
        }
      }
      if (isObject(accessory) && accessory.type === 'button') return checkButton(accessory, where);
      return null;
    }
    case 'header': {
      const text = block.text;
      if (!isObject(text) || text.type !== 'plain_text') return `${where}: a header takes plain_text`;
      const length = String(text.text ?? '').length;
      return length === 0 || length > slackLimits.headerText
        ? `${where}: header text is ${length} (1..${slackLimits.headerText})`
        : null;
    }
    case 'context': {
      const elements = block.elements;
      if (
        !Array.isArray(elements) ||
        elements.length === 0 ||
        elements.length > slackLimits.contextElements
      ) {
        return `${where}: context needs 1..${slackLimits.contextElements} elements`;
      }
      return null;
    }
    case 'actions': {
      const elements = block.elements;
      if (
        !Array.isArray(elements) ||
        elements.length === 0 ||
        elements.length > slackLimits.actionsElements
      ) {
        return `${where}: actions need 1..${slackLimits.actionsElements} elements`;
      }
      const ids = new Set<string>();
      for (const element of elements) {
        if (!isObject(element)) return `${where}: bad element`;
        if (typeof element.action_id === 'string') {
          if (ids.has(element.action_id)) return `${where}: duplicate action_id ${element.action_id}`;
          ids.add(element.action_id);
        }
        const problem = element.type === 'button' ? checkButton(element, where) : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'divider':
    case 'image':
    case 'rich_text':
      return null;
    default:
      return `${where}: unsupported block type ${block.type}`;
  }
}

/** Slack's error name and a reason when the message breaks a rule; null when it is fine. */
export function checkMessage(args: Json): { error: string; reason: string } | null {
  const text = typeof args.text === 'string' ? args.text : '';
  const blocks = args.blocks;
  if (text.length === 0 && (!Array.isArray(blocks) || blocks.length === 0)) {
    return { error: 'no_text', reason: 'a message needs text or blocks' };
  }
  if (text.length > slackLimits.messageText) return { error: 'msg_too_long', reason: 'text too long' };
  if (blocks === undefined) return null;
  if (!Array.isArray(blocks)) return { error: 'invalid_blocks_format', reason: 'blocks is not an array' };
  if (blocks.length > slackLimits.blocksPerMessage) {
    return { error: 'invalid_blocks', reason: `${blocks.length} blocks > ${slackLimits.blocksPerMessage}` };
  }
  for (const [index, block] of blocks.entries()) {
    const reason = checkBlock(block, index);
    if (reason) return { error: 'invalid_blocks', reason };
  }
  return null;
}
